import ArgumentParser
import TrampolineModel

/// `--format text|json|github`; the raw values are the names.
extension DiagnosticFormat: ExpressibleByArgument {}
