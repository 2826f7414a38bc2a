import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import TrampolineModel
import X509

/// A throwaway certificate authority of this project's, for `serve --as HOST`: kept in the
/// private work folder beside the catalog (`.trampoline/.local-ca/`, 0700, never deployed), so a
/// browser or `check --live --ca-file` trusts it once and every later run. Each start signs a
/// new server certificate for the names it serves (the site's host, `localhost`, loopback).
package struct LocalAuthority: Sendable {
    /// The authority's certificate, PEM: what `--ca-file` and a browser's trust store take.
    package let certificateFile: URL
    let certificate: Certificate
    let key: Certificate.PrivateKey

    package enum Failure: Error, CustomStringConvertible {
        case folder(String)
        case files(URL, String)

        package var description: String {
            switch self {
            case .folder(let reason): "cannot make the local CA's folder: \(reason)"
            case .files(let url, let reason):
                "the local CA in \(url.path) cannot be read (\(reason)); delete the folder to make a new one"
            }
        }
    }

    /// The authority in `folder`, made there on first use.
    package static func load(from folder: URL, below root: URL) throws -> LocalAuthority {
        if let reason = PrivateFolder.make(folder, below: root) { throw Failure.folder(reason) }
        let certificateFile = folder.appendingPathComponent("ca.pem")
        let keyFile = folder.appendingPathComponent("ca.key")
        if FileManager.default.fileExists(atPath: certificateFile.path) {
            do {
                let certificate = try Certificate(pemEncoded: String(contentsOf: certificateFile, encoding: .utf8))
                let key = try Certificate.PrivateKey(pemEncoded: String(contentsOf: keyFile, encoding: .utf8))
                return LocalAuthority(certificateFile: certificateFile, certificate: certificate, key: key)
            } catch {
                throw Failure.files(folder, "\(error)")
            }
        }
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let name = try DistinguishedName {
            OrganizationName("Trampoline")
            CommonName("Trampoline local CA (serve --as), \(ProcessInfo.processInfo.hostName)")
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(825 * 86400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: key)
        try Data(key.serializeAsPEM().pemString.utf8).write(to: keyFile, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyFile.path)
        try Data(certificate.serializeAsPEM().pemString.utf8).write(to: certificateFile, options: .atomic)
        return LocalAuthority(certificateFile: certificateFile, certificate: certificate, key: key)
    }

    /// A server configuration whose certificate, signed by this authority, names `hosts` (DNS
    /// names and IP addresses), valid for a week.
    package func serverConfiguration(for hosts: [String]) throws -> TLSConfiguration {
        let key = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let now = Date()
        var names: [GeneralName] = []
        for host in hosts {
            if let address = IPAddressBytes(host) {
                names.append(.ipAddress(ASN1OctetString(contentBytes: address.bytes[...])))
            } else {
                names.append(.dnsName(host))
            }
        }
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(7 * 86400),
            issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(hosts.first ?? "localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
            },
            issuerPrivateKey: self.key)
        let chain = try [leaf, certificate].map {
            NIOSSLCertificateSource.certificate(
                try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem))
        }
        let privateKey = try NIOSSLPrivateKey(bytes: Array(key.serializeAsPEM().pemString.utf8), format: .pem)
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(privateKey))
    }
}
