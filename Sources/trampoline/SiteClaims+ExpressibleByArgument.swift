import ArgumentParser
import TrampolineModel

/// `import firebase --claims domain|links`; the raw values are the catalog's.
extension SiteClaims: ExpressibleByArgument {}
