import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// What one request got: the status and headers, or why there was no answer.
package struct LiveResponse: Sendable {
    package var url: String
    package var status: Int
    package var headers: [(String, String)]
    package var body: Data
    /// True when the body was cut at the size limit.
    package var truncated: Bool

    /// A header's value as a finding may quote it: control characters (a terminal's escape
    /// sequences, line breaks) shown as `?`, at most 200 characters.
    package func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }.map { Self.quotable($0.1) }
    }

    static func quotable(_ value: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(value.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return cleaned.count > 200 ? String(cleaned.prefix(200)) + "…" : cleaned
    }

    /// The media type without parameters, lowercased (`application/json; charset=utf-8` → `application/json`).
    package var mediaType: String? {
        header("Content-Type").map {
            $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        }
    }

    package var isRedirect: Bool { (300..<400).contains(status) }
}

/// The one HTTP client of `check --live`: never follows a redirect (it reports it), reads at most
/// `maxBody` bytes, gives each request `timeout` seconds in all, connects to `--resolve` addresses.
/// A host that failed once (no connection, TLS, timeout) fails later requests at once: a
/// hanging host costs one timeout, not one per file.
package final class LiveFetcher: Sendable {
    private let client: HTTPClient
    private let options: LiveOptions
    private let failed = FailedConnections()

    package init(options: LiveOptions) throws {
        self.options = options
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = options.caFile {
            tls.additionalTrustRoots = [.file(caFile)]
        }
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: .milliseconds(Int64(options.timeout * 1000)),
                read: .milliseconds(Int64(options.timeout * 1000)))
        )
        configuration.dnsOverride = options.resolve
        configuration.httpVersion = .http1Only
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Fetches `url` as `userAgent`; throws a sentence naming what failed (TLS, timeout, connection).
    package func get(_ url: String, userAgent: String) async throws -> LiveResponse {
        let host = URL(string: url)?.host ?? url
        if let (reason, first) = await failed.skip(host) { throw LiveError(reason, repeated: true, firstSkip: first) }
        do {
            return try await fetch(url, userAgent: userAgent)
        } catch let error as LiveError {
            // A closed connection may be one client's (bot protection): only the host's own failures count.
            if !error.description.hasPrefix(Self.closed) { await failed.record(error.description, for: host) }
            throw error
        }
    }

    private func fetch(_ url: String, userAgent: String) async throws -> LiveResponse {
        let target = options.connectionURL(for: url)
        var request = HTTPClientRequest(url: target.url)
        if let host = target.host { request.headers.add(name: "Host", value: host) }
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "*/*")
        let deadline = NIODeadline.now() + .milliseconds(Int64(options.timeout * 1000))
        do {
            let response = try await client.execute(request, deadline: deadline)
            var body = Data()
            var truncated = false
            for try await chunk in response.body {
                if NIODeadline.now() > deadline { throw HTTPClientError.deadlineExceeded }
                body.append(contentsOf: chunk.readableBytesView)
                if body.count > options.maxBody {
                    truncated = true
                    body = body.prefix(options.maxBody)
                    break
                }
            }
            return LiveResponse(
                url: url, status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                body: body, truncated: truncated)
        } catch {
            throw LiveError(Self.explain(error, url: url, timeout: options.timeout))
        }
    }

    package func shutdown() async {
        try? await client.shutdown()
    }

    /// A sentence for a failed request, not NIO's type names.
    static let closed = "the host closed the connection without an answer"

    static func explain(_ error: Error, url: String, timeout: Double) -> String {
        let seconds = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return "no complete answer within \(seconds) s (the host hangs or trickles bytes)"
            case .remoteConnectionClosed:
                return closed
            default:
                break
            }
        }
        if let error = error as? NIOSSLError {
            return "the TLS handshake failed (\(error)); is it HTTPS on this port?"
        }
        if let error = error as? BoringSSLError {
            return "the TLS handshake failed (\(error)); is it HTTPS on this port?"
        }
        let text = String(describing: error)
        let host = URL(string: url)?.host ?? url
        if text.contains("UnknownHost") || text.contains("DNS error") {
            return "the name \(host) does not resolve (DNS); is the record in place, or use --resolve"
        }
        if text.contains("Connection refused") {
            return "the connection to \(host) was refused: nothing listens on its HTTPS port"
        }
        if text.contains("certificate") || text.contains("Certificate") || text.contains("hostname") {
            return "the certificate is not valid for this host (\(text))"
        }
        if text.contains("SSL") || text.contains("TLS") || text.contains("handshake") {
            return "the TLS handshake failed (\(text)); is it HTTPS on this port?"
        }
        return "the request failed (\(text))"
    }
}

/// The hosts that failed: no connection, TLS, or no answer in time.
private actor FailedConnections {
    private var reasons: [String: String] = [:]

    private var skipped: Set<String> = []

    /// The host's failure, if it failed, and whether this is the first request skipped for it.
    func skip(_ key: String) -> (reason: String, first: Bool)? {
        guard let reason = reasons[key] else { return nil }
        return (reason, skipped.insert(key).inserted)
    }

    func record(_ reason: String, for key: String) {
        if reasons[key] == nil { reasons[key] = reason }
    }
}
