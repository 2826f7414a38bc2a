import CCmark
import Foundation

/// CommonMark to HTML through libcmark, the reference implementation.
/// This is the only file that touches the C library; it frees every buffer cmark hands back.
enum MarkdownRenderer {
    /// Renders `markdown` in safe mode: raw HTML is dropped and `javascript:`, `vbscript:`,
    /// `file:` and `data:` link targets are emptied by cmark itself. Images whose source is not
    /// http(s) or relative are removed here: cmark would keep `data:` images and write others as
    /// `<img src="">`, which is invalid HTML. Works on UTF-8 bytes, as the page renderer does.
    static func html(from markdown: [UInt8]) -> [UInt8] {
        guard let document = parse(markdown, options: CMARK_OPT_SAFE | CMARK_OPT_VALIDATE_UTF8) else { return [] }
        defer { cmark_node_free(document) }
        var unsafeImages: [OpaquePointer] = []
        if let iterator = cmark_iter_new(document) {
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                      cmark_node_get_type(node) == CMARK_NODE_IMAGE
                else { continue }
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if !isSafeImageSource(url) { unsafeImages.append(node) }
            }
            cmark_iter_free(iterator)
        }
        // Unlinked after the walk: changing the tree while iterating is not allowed.
        for node in unsafeImages {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        guard let buffer = cmark_render_html(document, CMARK_OPT_SAFE) else { return [] }
        // cmark allocates with the default allocator; release it the same way.
        defer { free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: strlen(buffer)) { Array(UnsafeBufferPointer(start: $0, count: strlen(buffer))) }
    }

    static func isSafeImageSource(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return true }
        let beforeColon = url[..<colon]
        // A '/', '?' or '#' before the first ':' makes it a relative reference, not a scheme.
        if beforeColon.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return true }
        let scheme = beforeColon.lowercased()
        return scheme == "https" || scheme == "http"
    }

    /// Parses `markdown` into a cmark document the caller must free.
    private static func parse(_ markdown: String, options: Int32) -> OpaquePointer? {
        parse(Array(markdown.utf8), options: options)
    }

    private static func parse(_ utf8: [UInt8], options: Int32) -> OpaquePointer? {
        utf8.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parse_document($0, bytes.count, options) }
            } ?? cmark_parse_document("", 0, options)
        }
    }
}

extension MarkdownRenderer {
    /// The text of `markdown` without markup, for `<meta name="description">` and og:description.
    /// Walks cmark's tree and keeps the literal text of text and code nodes.
    static func plainText(from markdown: String) -> String {
        guard let document = parse(markdown, options: CMARK_OPT_VALIDATE_UTF8) else { return "" }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                // Literals are owned by the node; cmark_node_free releases them.
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                || (event == CMARK_EVENT_EXIT && (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_ITEM))
            {
                text += " "
            }
        }
        // Runs of white space become one space (scalar by scalar: Character's isWhitespace was a
        // tenth of rendering a page).
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
}
