import ArgumentParser
import TrampolineQR

/// `--level L|M|Q|H`; the raw values are the letters.
extension QRErrorCorrection: ExpressibleByArgument {}
