import Hummingbird

extension ResponseBody {
    /// The whole body in one buffer (HTML pages here are a few kilobytes).
    func collect() async throws -> ByteBuffer {
        let storage = CollectingWriter.Storage()
        try await write(CollectingWriter(storage: storage))
        return storage.buffer
    }
}
