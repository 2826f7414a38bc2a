import TrampolineModel
import TrampolineQR

extension CatalogReader {
    /// `qr_code: true|false` and `qr_error_correction: L|M|Q|H`, in `defaults:` or a link.
    mutating func readQROptions(_ keys: MappingEntries, into options: inout LinkOptions) {
        if let entry = keys["qr_code"], let value = boolean(entry.value, what: "qr_code") {
            options.qrCode = value
        }
        if let level = optionalText("qr_error_correction", in: keys) {
            if let value = QRErrorCorrection(rawValue: level.text) {
                options.qrErrorCorrection = value
            } else {
                error(
                    "qr_error_correction must be L, M, Q or H, found \(CatalogRules.quoted(level.text))",
                    at: level.location,
                    hint:
                        "L recovers from 7 % damage, M 15 % (the default), Q 25 %, H 30 %; higher levels make denser codes"
                )
            }
        }
    }
}
