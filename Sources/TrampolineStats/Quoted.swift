/// The pieces space-separated log formats share: quoted strings with backslash escapes, bare fields
/// and the request line.
enum Quoted {
    /// The quoted string starting at `start` (a `"`): its content and the index after its closing
    /// quote. A backslash escapes the byte after it (Apache's `\"`; nginx writes `\x22`).
    static func read(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> (content: Range<Int>, end: Int)? {
        guard start < line.count, line[start] == UInt8(ascii: "\"") else { return nil }
        var i = start + 1
        while i < line.count {
            switch line[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return ((start + 1)..<i, i + 1)
            default: i += 1
            }
        }
        return nil
    }

    /// The bare field after the space at `index`, which moves to the space after it (or the end).
    static func field(_ line: UnsafeBufferPointer<UInt8>, after index: inout Int) -> Range<Int>? {
        guard index < line.count, line[index] == UInt8(ascii: " ") else { return nil }
        let start = index + 1
        var end = start
        while end < line.count, line[end] != UInt8(ascii: " ") { end += 1 }
        guard end > start else { return nil }
        index = end
        return start..<end
    }

    /// `GET /path?query HTTP/1.1` split into the method and the target; both empty when the line
    /// is no request (`-`, or bytes a scanner sent).
    static func requestLine(_ request: UnsafeBufferPointer<UInt8>) -> (
        method: UnsafeBufferPointer<UInt8>, target: UnsafeBufferPointer<UInt8>
    ) {
        let empty = UnsafeBufferPointer(rebasing: request[request.endIndex...])
        guard let space = request.firstIndex(of: UInt8(ascii: " ")) else { return (empty, empty) }
        let rest = request[(space + 1)...]
        let end = rest.firstIndex(of: UInt8(ascii: " ")) ?? rest.endIndex
        let target = UnsafeBufferPointer(rebasing: request[(space + 1)..<end])
        guard target.first == UInt8(ascii: "/") else { return (empty, empty) }
        return (UnsafeBufferPointer(rebasing: request[..<space]), target)
    }
}
