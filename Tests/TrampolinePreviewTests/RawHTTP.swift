import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a POSIX socket. URLSession would normalize `/../` away before
/// sending it; this sends the request target byte for byte, which traversal tests need.
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int

    /// One request on its own connection (`Connection: close`), read to the end.
    func get(
        _ target: String, method: String = "GET", headers: [String: String] = [:], host: String? = nil,
        timeout: TimeInterval = 5
    ) throws -> Response {
        let socket = try Self.connect(port: port, timeout: timeout)
        defer { close(socket) }
        var request = "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try Self.send(request, on: socket)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 { throw Failure(description: "recv failed for \(target): errno \(errno)") }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return try Self.parse(data, method: method)
    }

    static func connect(port: Int, timeout: TimeInterval) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
        return fd
    }

    static func send(_ text: String, on socket: Int32) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw Failure(description: "send failed") }
            sent += n
        }
    }

    static func parse(_ data: Data, method: String) throws -> Response {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no complete response head in \(data.count) bytes")
        }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
        return Response(status: status, headers: headers, body: method == "HEAD" ? Data() : body)
    }

    static func dechunk(_ data: Data) throws -> Data {
        var result = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText =
                String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw Failure(description: "bad chunk size")
            }
            if size == 0 { break }
            let start = lineEnd.upperBound
            result.append(rest[start..<start + size])
            rest = rest[(start + size + 2)...]
        }
        return result
    }
}
