/// `app.android`.
package struct AndroidApp: Sendable, Equatable, Encodable {
    /// The application id, such as `com.example.app`.
    package var package: String
    /// SHA-256 signing-certificate fingerprints, as Google's verifier reads them: 32 bytes in
    /// upper-case hex pairs joined by colons.
    package var sha256CertFingerprints: [String]
    /// The custom URL scheme the Android app registers (`app.ios.scheme` unless given).
    package var scheme: String
    /// Google Play, or where the catalog says Android phones without the app should go.
    package var playStoreURL: String

    package init(package: String, sha256CertFingerprints: [String], scheme: String, playStoreURL: String) {
        self.package = package
        self.sha256CertFingerprints = sha256CertFingerprints
        self.scheme = scheme
        self.playStoreURL = playStoreURL
    }
}
