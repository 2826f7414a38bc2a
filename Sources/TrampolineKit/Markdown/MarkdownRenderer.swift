import CCmark
import Foundation

/// CommonMark to HTML through libcmark, the reference implementation.
/// This is the only file that touches the C library; it frees every buffer cmark hands back.
enum MarkdownRenderer {
    /// Renders `markdown` in safe mode: raw HTML is dropped and `javascript:`, `vbscript:`,
    /// `file:` and non-image `data:` link targets are removed by cmark itself.
    static func html(from markdown: String) -> String {
        let options = CMARK_OPT_SAFE | CMARK_OPT_VALIDATE_UTF8
        let utf8 = Array(markdown.utf8)
        guard let buffer = utf8.withUnsafeBufferPointer({ bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_markdown_to_html($0, bytes.count, options) }
            } ?? cmark_markdown_to_html("", 0, options)
        }) else {
            return ""
        }
        // cmark allocates with the default allocator; release it the same way.
        defer { free(buffer) }
        return String(cString: buffer)
    }
}

extension MarkdownRenderer {
    /// The text of `markdown` without markup, for `<meta name="description">` and og:description.
    /// Walks cmark's tree and keeps the literal text of text and code nodes.
    static func plainText(from markdown: String) -> String {
        let utf8 = Array(markdown.utf8)
        let document: OpaquePointer? = utf8.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    cmark_parse_document($0, bytes.count, CMARK_OPT_VALIDATE_UTF8)
                }
            } ?? cmark_parse_document("", 0, CMARK_OPT_VALIDATE_UTF8)
        }
        guard let document else { return "" }
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
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
