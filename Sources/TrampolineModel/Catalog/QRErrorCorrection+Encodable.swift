import TrampolineQR

/// Encoded as its letter, so a link's QR level reaches its plan entry's fingerprint.
extension QRErrorCorrection: Encodable {}
