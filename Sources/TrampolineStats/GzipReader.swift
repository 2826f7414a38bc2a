import CZlib

/// A gzip file inflated as it is read, through zlib: the only file that uses zlib. Reads every
/// member of a multi-member file (what `cat a.gz b.gz` and log rotation make). Call ``close()``
/// once; it frees zlib's state.
final class GzipReader {
    private var stream = z_stream()
    private let input: PlainFileReader
    private var inputBuffer: UnsafeMutablePointer<UInt8>
    private let inputCapacity = 1 << 18
    private var finished = false
    private var open = false

    /// The file's name as the user gave it, for messages.
    let displayPath: String

    init(_ input: PlainFileReader) throws(LogReadError) {
        self.input = input
        displayPath = input.displayPath
        inputBuffer = .allocate(capacity: inputCapacity)
        // 15 + 16: a gzip wrapper (not zlib's or raw deflate), the largest window.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            inputBuffer.deallocate()
            throw .unreadable(displayPath, "zlib could not start")
        }
        open = true
    }

    deinit { close() }

    /// Frees zlib's state and the input buffer; further reads return nothing.
    func close() {
        guard open else { return }
        open = false
        inflateEnd(&stream)
        inputBuffer.deallocate()
        input.close()
    }

    /// Inflates up to `capacity` bytes into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(LogReadError) -> Int {
        guard open, !finished else { return 0 }
        stream.next_out = buffer
        stream.avail_out = UInt32(capacity)
        while stream.avail_out > 0 {
            if stream.avail_in == 0 {
                let count = try input.read(into: inputBuffer, capacity: inputCapacity)
                if count == 0 {
                    // A member cut short is an error; between members the file may simply end.
                    if inMember {
                        throw .unreadable(displayPath, "the gzip data ends before its last member does")
                    }
                    finished = true
                    break
                }
                stream.next_in = inputBuffer
                stream.avail_in = UInt32(count)
            }
            inMember = true
            let status = inflate(&stream, Z_NO_FLUSH)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                // Another member may follow: start over on the bytes left.
                inMember = false
                inflateReset(&stream)
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw .unreadable(displayPath, "not valid gzip data (\(message))")
            }
        }
        return capacity - Int(stream.avail_out)
    }

    /// Inflating a member whose end has not come yet.
    private var inMember = false

    /// Whether `bytes` start as gzip data does (RFC 1952's magic number).
    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }
}
