import Hummingbird

/// A response-body writer that keeps what is written instead of sending it.
struct CollectingWriter: ResponseBodyWriter {
    /// Where the bytes go; used by one task at a time.
    final class Storage {
        var buffer = ByteBuffer()
    }

    let storage: Storage

    func write(_ part: ByteBuffer) async throws {
        var part = part
        storage.buffer.writeBuffer(&part)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
