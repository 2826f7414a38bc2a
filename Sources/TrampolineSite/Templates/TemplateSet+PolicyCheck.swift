import Foundation
import TrampolineModel

/// What a branded `layout.html` or `style.css` refers to that the pages' Content-Security-Policy
/// (``ContentSecurityPolicy``) would block: a warning at the reference's line and column, since
/// the browser blocks it silently (only its console says so).
extension TemplateSet {
    /// One warning per blocked reference, in file order. `allowedOrigins` are `site.allowed_origins`.
    package func checkPolicy(allowedOrigins: [String], engine: inout DiagnosticEngine) {
        for source in markupSources {
            let found = source.isStyle ? Self.styleReferences(source.text) : Self.markupReferences(source.text)
            for reference in found {
                guard let problem = reference.problem(allowedOrigins: allowedOrigins) else { continue }
                let (line, column) = Self.position(of: reference.offset, in: source.text)
                engine.warning(
                    "\(reference.what) is blocked by the pages' Content-Security-Policy: \(problem.message)",
                    at: SourceLocation(file: source.file, line: line, column: column), hint: problem.hint)
            }
        }
    }

    /// A reference found in a template, at a UTF-8 offset.
    struct PolicyReference {
        enum Kind { case loads, script, frame, inlineStyle }
        var kind: Kind
        /// How the warning names it, such as `<img src="https://…">`.
        var what: String
        var url: String
        var offset: Int

        func problem(allowedOrigins: [String]) -> (message: String, hint: String)? {
            switch kind {
            case .script:
                return (
                    "only the page's own inline script runs",
                    "put the code in Templates/trampoline.js, whose hash the policy carries"
                )
            case .frame:
                return ("the policy loads no frames, media or objects", "link to it instead")
            case .inlineStyle:
                return ("inline styles other than style.css are refused", "move the rules into Templates/style.css")
            case .loads:
                // A value the tool fills in ({{image}}) is the page's own, and the policy names it.
                if url.contains("{{") || url.isEmpty || url.hasPrefix("#") { return nil }
                let lower = url.lowercased()
                if lower.hasPrefix("data:") || lower.hasPrefix("blob:") {
                    return (
                        "data: and blob: URLs are not allowed", "put the file in the site and refer to it by its path"
                    )
                }
                if lower.hasPrefix("http://") {
                    return (
                        "it is http:, not https:", "serve it over https and name its origin in site.allowed_origins"
                    )
                }
                let absolute = lower.hasPrefix("//") ? "https:" + lower : lower
                guard absolute.hasPrefix("https://") else {
                    // A path on the site itself ('self'), or a scheme no policy allows.
                    if let colon = lower.firstIndex(of: ":"), !lower[..<colon].contains("/") {
                        return ("\(lower[..<colon]): is not an origin the policy can allow", "use an https URL")
                    }
                    return nil
                }
                let origin = "https://" + absolute.dropFirst(8).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                if allowedOrigins.contains(origin) { return nil }
                return (
                    "\(origin) is not in site.allowed_origins",
                    "add '- \(origin)' to site.allowed_origins in the catalog"
                )
            }
        }
    }

    /// References in HTML: `src` of elements that load, stylesheets and icons, scripts, frames and
    /// media, `style` attributes and `<style>` elements other than the tool's `{{{style}}}`.
    static func markupReferences(_ text: String) -> [PolicyReference] {
        var found: [PolicyReference] = []
        let source = text as NSString
        let whole = NSRange(location: 0, length: source.length)
        for match in tagPattern.matches(in: text, range: whole) {
            let name = source.substring(with: match.range(at: 1)).lowercased()
            let attributesRange = match.range(at: 2)
            var attributes: [String: (value: String, offset: Int)] = [:]
            for attribute in attributePattern.matches(in: text, range: attributesRange) {
                let key = source.substring(with: attribute.range(at: 1)).lowercased()
                let valueRange = [2, 3, 4].map { attribute.range(at: $0) }.first { $0.location != NSNotFound }!
                attributes[key] = (source.substring(with: valueRange), utf8Offset(valueRange.location, in: source))
            }
            let tagOffset = utf8Offset(match.range.location, in: source)
            if let style = attributes["style"] {
                found.append(
                    PolicyReference(kind: .inlineStyle, what: "a style attribute", url: "", offset: style.offset))
            }
            switch name {
            case "script" where attributes["src"] != nil:
                found.append(
                    PolicyReference(
                        kind: .script, what: "<script src=\"\(attributes["src"]!.value)\">", url: "", offset: tagOffset)
                )
            case "iframe", "frame", "object", "embed", "video", "audio", "source", "track":
                found.append(PolicyReference(kind: .frame, what: "<\(name)>", url: "", offset: tagOffset))
            case "img", "input":
                if let src = attributes["src"] {
                    found.append(
                        PolicyReference(
                            kind: .loads, what: "<\(name) src=\"\(src.value)\">", url: src.value, offset: src.offset))
                }
            case "link":
                let rel = attributes["rel"]?.value.lowercased() ?? ""
                if let href = attributes["href"], rel.contains("stylesheet") || rel.contains("icon") {
                    found.append(
                        PolicyReference(
                            kind: .loads, what: "<link rel=\"\(rel)\" href=\"\(href.value)\">", url: href.value,
                            offset: href.offset))
                }
            case "style":
                let after = source.substring(from: match.range.location + match.range.length)
                if !after.hasPrefix("{{{style}}}</style>") {
                    found.append(
                        PolicyReference(kind: .inlineStyle, what: "a <style> element", url: "", offset: tagOffset))
                }
            default: break
            }
        }
        return found
    }

    /// References in CSS: `url(…)` and `@import "…"`.
    static func styleReferences(_ text: String) -> [PolicyReference] {
        let source = text as NSString
        return cssPattern.matches(in: text, range: NSRange(location: 0, length: source.length)).map { match in
            let valueRange = [1, 2, 3, 4].map { match.range(at: $0) }.first { $0.location != NSNotFound }!
            let url = source.substring(with: valueRange).trimmingCharacters(in: .whitespaces)
            return PolicyReference(
                kind: .loads, what: "url(\(url))", url: url, offset: utf8Offset(valueRange.location, in: source))
        }
    }

    /// The 1-based line and column (in characters) of a UTF-8 offset.
    static func position(of offset: Int, in text: String) -> (line: Int, column: Int) {
        let before = text.utf8.prefix(offset)
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { before.index(after: $0) } ?? before.startIndex
        return (line, String(decoding: before[lineStart...], as: UTF8.self).count + 1)
    }

    private static func utf8Offset(_ utf16: Int, in source: NSString) -> Int {
        source.substring(to: utf16).utf8.count
    }

    // Tags outside Mustache comments are what a browser sees; the layout's comment holds none.
    private static let tagPattern = try! NSRegularExpression(
        pattern: "<([A-Za-z][A-Za-z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
    private static let attributePattern = try! NSRegularExpression(
        pattern: "([A-Za-z_:][A-Za-z0-9_:.-]*)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s\"'>]+))")
    private static let cssPattern = try! NSRegularExpression(
        pattern: "url\\(\\s*(?:\"([^\"]*)\"|'([^']*)'|([^)\"']*))\\s*\\)|@import\\s+[\"']([^\"']*)[\"']",
        options: [.caseInsensitive])
}
