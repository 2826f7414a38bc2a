#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of one log file, plain or gzip (told by its first bytes), in order, with their
/// numbers. A line longer than the buffer is handed over cut short (it then fails to parse and
/// is counted as skipped): a log is read in bounded memory whatever it holds.
final class LogLineReader {
    private let plain: PlainFileReader
    private var gzip: GzipReader?
    private let capacity: Int
    private let buffer: UnsafeMutablePointer<UInt8>
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var lineNumber = 0
    let displayPath: String

    init(path: String, displayPath: String, capacity: Int = 1 << 20) throws(LogReadError) {
        self.displayPath = displayPath
        self.capacity = capacity
        // Nothing is read here: a reader that throws from its initialiser after allocating would
        // free its buffer twice (here and in deinit).
        let file = try PlainFileReader(path: path, displayPath: displayPath)
        plain = file
        gzip = GzipReader.isGzip(try file.peek(2)) ? try GzipReader(file) : nil
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        gzip?.close()
        plain.close()
        buffer.deallocate()
    }

    /// Calls `body` with each line (without its `\n` or `\r\n`) and its number, to the end.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) throws(LogReadError) {
        // After a line longer than the buffer: its rest, up to the next newline, is dropped.
        var dropping = false
        while true {
            if let newline = newline(from: start) {
                if dropping {
                    dropping = false
                } else {
                    lineNumber += 1
                    body(line(start, newline), lineNumber)
                }
                start = newline + 1
                continue
            }
            if atEnd {
                if start < end && !dropping {
                    lineNumber += 1
                    body(line(start, end), lineNumber)
                }
                return
            }
            if start == 0 && end == capacity {
                if !dropping {
                    lineNumber += 1
                    body(line(0, end), lineNumber)
                }
                dropping = true
                end = 0
            }
            try refill()
        }
    }

    private func line(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
        var to = to
        if to > from, buffer[to - 1] == UInt8(ascii: "\r") { to -= 1 }
        return UnsafeBufferPointer(start: buffer + from, count: to - from)
    }

    private func newline(from: Int) -> Int? {
        guard from < end, let found = memchr(buffer + from, Int32(UInt8(ascii: "\n")), end - from) else { return nil }
        return buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Moves the partial line to the front and reads more after it.
    private func refill() throws(LogReadError) {
        if start > 0 {
            buffer.update(from: buffer + start, count: end - start)
            end -= start
            start = 0
        }
        let count: Int
        if let gzip {
            count = try gzip.read(into: buffer + end, capacity: capacity - end)
        } else {
            count = try plain.read(into: buffer + end, capacity: capacity - end)
        }
        if count == 0 { atEnd = true }
        end += count
    }
}
