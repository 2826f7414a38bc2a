import CCmark
import Foundation

/// CommonMark to HTML through libcmark, the reference implementation.
/// This is the only file that touches the C library; every buffer cmark hands back is freed, by
/// the allocator it came from (``Allocator``).
enum MarkdownRenderer {
    /// Renders `markdown` in safe mode: raw HTML is dropped and `javascript:`, `vbscript:`,
    /// `file:` and `data:` link targets are emptied by cmark itself. Images whose source is not
    /// http(s) or relative are removed here: cmark would keep `data:` images and write others as
    /// `<img src="">`, which is invalid HTML. Works on UTF-8 bytes, as the page renderer does.
    static func html(from markdown: [UInt8]) -> [UInt8] {
        html(from: markdown, allocator: .arena)
    }

    /// Where cmark's memory comes from while it parses and renders one document.
    enum Allocator {
        /// The C library's `calloc`, `realloc` and `free`: the plain path, which tests hold the arena to.
        case system
        /// This thread's ``Arena``: bump allocation, nothing freed until the document is done. A
        /// page's body took a hundred `malloc`s and `free`s through cmark, a tenth of a build's CPU
        /// went to the allocator, and the document is dropped whole a moment later anyway.
        case arena
    }

    static func html(from markdown: [UInt8], allocator: Allocator) -> [UInt8] {
        withDocument(markdown, options: CMARK_OPT_SAFE | CMARK_OPT_VALIDATE_UTF8, allocator: allocator) { document in
            var unsafeImages: [OpaquePointer] = []
            if let iterator = cmark_iter_new(document) {
                while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                    guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                        cmark_node_get_type(node) == CMARK_NODE_IMAGE
                    else { continue }
                    guard let url = cmark_node_get_url(node) else { continue }
                    let bytes = UnsafeBufferPointer(
                        start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: strlen(url))
                    if !isSafeImageSource(utf8: bytes) { unsafeImages.append(node) }
                }
                cmark_iter_free(iterator)
            }
            // Unlinked after the walk: changing the tree while iterating is not allowed.
            for node in unsafeImages {
                cmark_node_unlink(node)
                cmark_node_free(node)
            }
            guard let buffer = cmark_render_html(document, CMARK_OPT_SAFE) else { return [] }
            // Made with the document's allocator: released the same way.
            defer { if allocator == .system { free(buffer) } }
            let length = strlen(buffer)
            return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
                Array(UnsafeBufferPointer(start: $0, count: length))
            }
        } ?? []
    }

    /// ``isSafeImageSource(_:)`` of a URL's UTF-8 bytes, read in place: when the text before the
    /// first colon is ASCII and no combining mark follows the colon (so each of those bytes is a
    /// `Character`), by bytes; else through the `String` way. Every page's image went through a
    /// `String` and `Character` searches, a tenth of rendering its Markdown.
    static func isSafeImageSource(utf8 url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = url.firstIndex(of: UInt8(ascii: ":")) else {
            // No colon byte, so no colon Character either.
            return true
        }
        guard colon + 1 == url.count || url[colon + 1] < 0x80, !url[..<colon].contains(where: { $0 >= 0x80 }) else {
            return isSafeImageSource(String(decoding: url, as: UTF8.self))
        }
        let scheme = url[..<colon]
        if scheme.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return true
        }
        let lowered = scheme.map(\.asciiLowercased)
        return lowered.elementsEqual("https".utf8) || lowered.elementsEqual("http".utf8)
    }

    static func isSafeImageSource(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return true }
        let beforeColon = url[..<colon]
        // A '/', '?' or '#' before the first ':' makes it a relative reference, not a scheme.
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return true }
        let scheme = beforeColon.lowercased()
        return scheme == "https" || scheme == "http"
    }

    /// `body` applied to `markdown` parsed (nil when cmark gives no document), with cmark's
    /// memory from `allocator`; the document is freed after it, and with the arena every block
    /// cmark took is let go at once.
    private static func withDocument<T>(
        _ utf8: [UInt8], options: Int32, allocator: Allocator, _ body: (OpaquePointer) -> T
    ) -> T? {
        let arena = allocator == .arena ? Arena.current : nil
        arena?.pointee.begin()
        defer { arena?.pointee.end() }
        let memory = arena == nil ? cmark_get_default_mem_allocator() : Arena.memory
        guard let parser = cmark_parser_new_with_mem(options, memory) else { return nil }
        utf8.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    cmark_parser_feed(parser, $0, bytes.count)
                }
            }
        }
        let document = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        guard let document else { return nil }
        defer { cmark_node_free(document) }
        return body(document)
    }

    /// Memory for cmark, a thread's own: blocks handed out front to back and all taken back when
    /// the outermost document on the thread is done (``begin()``/``end()``). Each allocation
    /// carries its size before it, for `realloc`; the last one grows in place when it can (cmark's
    /// output buffer grows that way).
    ///
    /// A struct at a fixed address per thread (``current``), not a class: cmark calls the
    /// allocator a hundred times per page, and through a class reference each call paid a retain,
    /// a release and a dynamic exclusivity check per property (2 % of a first build's time).
    struct Arena {
        private static let blockSize = 256 * 1024
        /// Blocks kept between documents; a larger document's extra ones are given back.
        private static let keptBlocks = 4
        private static let header = 16

        private var blocks: [UnsafeMutableRawPointer] = []
        private var block = 0
        private var offset = 0
        /// The start of the last allocation in the current block (its payload), for growing in place.
        private var last: UnsafeMutableRawPointer?
        /// Allocations too large for a block, freed at the end.
        private var large: [UnsafeMutableRawPointer] = []
        private var depth = 0

        /// The calling thread's arena (cmark's callbacks take no context, so they find it here
        /// too), made on its first use and freed when the thread ends.
        static var current: UnsafeMutablePointer<Arena> {
            if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: Arena.self) }
            let arena = UnsafeMutablePointer<Arena>.allocate(capacity: 1)
            arena.initialize(to: Arena())
            pthread_setspecific(key, arena)
            return arena
        }

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { pointer in
                guard let arena = pointer?.assumingMemoryBound(to: Arena.self) else { return }
                arena.pointee.end(all: true)
                for block in arena.pointee.blocks { block.deallocate() }
                arena.deinitialize(count: 1)
                arena.deallocate()
            }
            return key
        }()

        /// The allocator cmark is given: at a fixed address for the process's life (every node
        /// keeps a pointer to it), calling into the current thread's arena.
        nonisolated(unsafe) static let memory: UnsafeMutablePointer<cmark_mem> = {
            let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
            memory.initialize(
                to: cmark_mem(
                    calloc: { count, size in Arena.current.pointee.allocate(count * size, zeroed: true) },
                    realloc: { pointer, size in Arena.current.pointee.reallocate(pointer, to: size) },
                    free: { _ in }
                ))
            return memory
        }()

        mutating func begin() { depth += 1 }

        mutating func end() { end(all: false) }

        private mutating func end(all: Bool) {
            depth -= 1
            guard depth <= 0 || all else { return }
            depth = 0
            for pointer in large { free(pointer) }
            large.removeAll(keepingCapacity: true)
            while blocks.count > Self.keptBlocks { blocks.removeLast().deallocate() }
            block = 0
            offset = 0
            last = nil
        }

        mutating func allocate(_ size: Int, zeroed: Bool) -> UnsafeMutableRawPointer {
            let needed = Self.header + (max(size, 1) + 15) / 16 * 16
            let payload: UnsafeMutableRawPointer
            if needed > Self.blockSize / 4 {
                // Large: on its own, from the system.
                let base = malloc(needed)!
                large.append(base)
                payload = base + Self.header
                last = nil
            } else {
                if blocks.isEmpty || offset + needed > Self.blockSize {
                    if !blocks.isEmpty { block += 1 }
                    if block == blocks.count { blocks.append(.allocate(byteCount: Self.blockSize, alignment: 16)) }
                    offset = 0
                }
                payload = blocks[block] + offset + Self.header
                offset += needed
                last = payload
            }
            payload.storeBytes(of: size, toByteOffset: -Self.header, as: Int.self)
            if zeroed { memset(payload, 0, size) }
            return payload
        }

        mutating func reallocate(_ pointer: UnsafeMutableRawPointer?, to size: Int) -> UnsafeMutableRawPointer {
            guard let pointer else { return allocate(size, zeroed: false) }
            let old = pointer.load(fromByteOffset: -Self.header, as: Int.self)
            if size <= old {
                pointer.storeBytes(of: size, toByteOffset: -Self.header, as: Int.self)
                return pointer
            }
            // The last allocation of the block grows in place while the block has room.
            if pointer == last {
                let start = pointer - Self.header - blocks[block]
                let needed = Self.header + (size + 15) / 16 * 16
                if start + needed <= Self.blockSize {
                    offset = start + needed
                    pointer.storeBytes(of: size, toByteOffset: -Self.header, as: Int.self)
                    return pointer
                }
            }
            let moved = allocate(size, zeroed: false)
            moved.copyMemory(from: pointer, byteCount: old)
            return moved
        }
    }
}

extension MarkdownRenderer {
    /// The text of `markdown` without markup, for og:description:
    /// the literal text of its text and code nodes, a space for each break and after each
    /// paragraph, heading and list item, runs of white space made one space, none at either end.
    static func plainText(from markdown: String) -> String {
        String(decoding: plainTextBytes(from: Array(markdown.utf8), allocator: .arena), as: UTF8.self)
    }

    /// ``plainText(from:)`` as UTF-8 bytes, collapsed byte by byte as cmark's literals are read:
    /// the fast path, which `MarkdownPlainTextTests` hold to ``plainText(from:allocator:)``. The
    /// scalar-by-scalar path built a `String` per literal and a scalar view, most of a page's
    /// description cost.
    static func plainTextBytes(from markdown: [UInt8], allocator: Allocator = .arena) -> [UInt8] {
        withDocument(markdown, options: CMARK_OPT_VALIDATE_UTF8, allocator: allocator) { document in
            var text = SpaceCollapsingText()
            text.bytes.reserveCapacity(markdown.count)
            // Valid UTF-8: the parser was asked to replace invalid sequences.
            walkText(of: document, literal: { text.append($0) }, separator: { text.space() })
            return text.bytes
        } ?? []
    }

    /// UTF-8 text written with runs of white space (``Unicode/Scalar/isSpace``) as one space and
    /// none at either end.
    private struct SpaceCollapsingText {
        var bytes: [UInt8] = []
        private var pendingSpace = false

        mutating func space() {
            pendingSpace = !bytes.isEmpty
        }

        private mutating func writePendingSpace() {
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
        }

        mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                // ASCII, nearly all text, byte by byte; a longer scalar read by the standard decoder.
                guard byte >= 0x80 else {
                    if Unicode.Scalar(byte).isSpace {
                        space()
                        index += 1
                    } else {
                        // The run of ASCII that is not white space, appended at once.
                        var end = index + 1
                        while end < utf8.count, utf8[end] < 0x80, !Unicode.Scalar(utf8[end]).isSpace { end += 1 }
                        writePendingSpace()
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
                        index = end
                    }
                    continue
                }
                var rest = utf8[index...].makeIterator()
                var decoder = Unicode.UTF8()
                // Always a scalar: cmark replaced invalid sequences.
                guard case .scalarValue(let scalar) = decoder.decode(&rest) else { return }
                let length = UTF8.width(scalar)
                if scalar.isSpace {
                    space()
                } else {
                    writePendingSpace()
                    bytes.append(contentsOf: utf8[index..<(index + length)])
                }
                index += length
            }
        }
    }

    /// ``plainText(from:)`` the plain way, scalar by scalar through `String`s: what the fast path
    /// (``plainTextBytes(from:allocator:)``) is tested against.
    static func plainText(from markdown: String, allocator: Allocator) -> String {
        let text =
            withDocument(Array(markdown.utf8), options: CMARK_OPT_VALIDATE_UTF8, allocator: allocator) { document in
                literalText(of: document)
            } ?? ""
        var collapsed = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.isSpace {
                pendingSpace = !collapsed.isEmpty
            } else {
                if pendingSpace { collapsed.append(" ") }
                pendingSpace = false
                collapsed.append(scalar)
            }
        }
        return String(collapsed)
    }

    /// The literal text of `document`'s text and code nodes, a space for each break and after
    /// each paragraph, heading and list item.
    private static func literalText(of document: OpaquePointer) -> String {
        var text = ""
        walkText(of: document, literal: { text += String(decoding: $0, as: UTF8.self) }, separator: { text += " " })
        return text
    }

    /// Calls `literal` with the text of each text and code node, in order, and `separator` for
    /// each break and after each paragraph, heading and list item. Literals are owned by their
    /// nodes: cmark_node_free releases them.
    private static func walkText(
        of document: OpaquePointer, literal: (UnsafeBufferPointer<UInt8>) -> Void, separator: () -> Void
    ) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                if let text = cmark_node_get_literal(node) {
                    let length = strlen(text)
                    text.withMemoryRebound(to: UInt8.self, capacity: length) {
                        literal(UnsafeBufferPointer(start: $0, count: length))
                    }
                }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                || (event == CMARK_EVENT_EXIT
                    && (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_ITEM))
            {
                separator()
            }
        }
    }
}
