import Foundation

/// A value being made on another thread from the moment it is created; ``value`` waits for it.
/// For reads a build can start early and needs later (a cache file, the previous build's state),
/// so they run while this thread does other work.
@usableFromInline package final class Pending<Value>: @unchecked Sendable {
    @usableFromInline let group = DispatchGroup()
    @usableFromInline var made: Value?

    @inlinable package init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { [self] in made = make() }
    }

    /// The value, once made (the group's wait orders the write before this read).
    @inlinable package var value: Value {
        group.wait()
        return made!
    }

    /// The value, once made, handed over: this no longer holds it, so it is freed as soon as
    /// the caller lets it go. For a single reader; ``value`` must not be asked for after it.
    @inlinable package func take() -> Value {
        group.wait()
        defer { made = nil }
        return made!
    }
}
