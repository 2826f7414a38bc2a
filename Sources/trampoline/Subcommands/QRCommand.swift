import ArgumentParser
import Foundation
import TrampolineModel
import TrampolineQR

/// `trampoline qr <text>`: the encoder behind each link's qr.svg, for any text.
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Print a QR code of a text (a URL, say) as SVG.",
        discussion:
            "The same encoder that writes each link's qr.svg: byte mode (the text's UTF-8 bytes), the smallest version that fits, the mask the standard's penalty rules pick."
    )

    /// What to print: the SVG, or the modules as 0/1 rows after a `version= level= mask=` line (for tests).
    enum Format: String, ExpressibleByArgument {
        case svg
        case text
    }

    @Argument(help: "The text to encode.")
    var text: String

    @Option(name: .shortAndLong, help: "Error correction: L (7 %), M (15 %), Q (25 %) or H (30 %).")
    var level: QRErrorCorrection = .medium

    @Option(name: .shortAndLong, help: "Write the SVG to this file instead of standard output.")
    var output: String?

    @Option(help: .hidden)
    var format: Format = .svg

    @Option(help: .hidden)
    var mask: Int?

    func run() throws {
        let code: QRCode
        do {
            code = try QRCode(text: text, errorCorrection: level, mask: mask)
        } catch {
            let hint =
                switch error {
                case .tooLong: "shorten the text, or use a lower error-correction level (--level L holds the most)"
                case .invalidMask: "pass --mask 0 to 7, or leave it out to let the penalty rules choose"
                }
            Console.report([Diagnostic(.error, at: nil, error.description, hint: hint)])
            throw ExitCode.failure
        }
        let rendered =
            switch format {
            case .svg: code.svg()
            case .text:
                "version=\(code.version) level=\(code.errorCorrection.rawValue) mask=\(code.mask)\n" + code.matrixText()
            }
        try CatalogOptions.write(Array(rendered.utf8), to: output)
    }
}
