/// What `trampoline --version` prints.
///
/// The committed value is the fallback for a plain `swift build` (and for a source tree without
/// git). `make dist` and `make install` go through `scripts/dist.sh`, which writes the checkout's
/// `git describe` here for the length of the release build and then puts this file back, so a
/// shipped binary names the exact tag or commit it was built from.
enum TrampolineVersion {
    static let current = "0.1.0"
}
