import Foundation
import Mustache
import TrampolineCatalog
import TrampolineModel

/// A `Templates/<name>.md` file: YAML front matter (behaviour, button text) and a Markdown body
/// with `{{placeholders}}`.
struct PageTemplate: Sendable {
    typealias Behaviour = PageBehaviour

    static let frontMatterKeys = ["behaviour", "button"]

    var name: String
    var behaviour: Behaviour
    var button: SplicingTemplate?
    /// The body, parsed with Markdown escaping of `{{values}}` so catalog text stays text.
    var body: SplicingTemplate

    /// Parses `text` read from `file`, reporting problems with their line and column.
    static func parse(name: String, text: String, file: String, engine: inout DiagnosticEngine) -> PageTemplate? {
        var frontMatter = ""
        var body = text
        var bodyLineOffset = 0
        if text.hasPrefix("---\n") || text.hasPrefix("---\r\n") {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
            else {
                engine.error(
                    "front matter starts with '---' but never ends", at: SourceLocation(file: file, line: 1, column: 1),
                    hint: "close it with a line of '---'")
                return nil
            }
            frontMatter = lines[1..<end].joined(separator: "\n")
            body = lines[(end + 1)...].joined(separator: "\n")
            bodyLineOffset = end + 1
        }
        var behaviour = Behaviour.interstitial
        var buttonText: String?
        if !frontMatter.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            guard let read = readFrontMatter(frontMatter, file: file, engine: &engine) else { return nil }
            behaviour = read.behaviour ?? behaviour
            buttonText = read.button
        }
        let button: SplicingTemplate?
        let parsedBody: SplicingTemplate
        do {
            button = try buttonText.map {
                SplicingTemplate(
                    try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}" + $0), source: $0, keys: BodyValues.keys,
                    escaper: .none)
            }
        } catch {
            engine.error(
                "button text is not a valid template: \(error)", at: SourceLocation(file: file, line: 2, column: 1),
                hint: "check the {{ }} pairs")
            return nil
        }
        // On a line of its own, so a standalone tag on the body's first line stays standalone.
        let pragma = "{{% CONTENT_TYPE: \(MarkdownContentType.name)}}\n"
        do {
            MarkdownContentType.register()
            parsedBody = SplicingTemplate(
                try MustacheTemplate(string: pragma + body),
                source: body, keys: BodyValues.keys, escaper: .markdown
            )
        } catch let error as MustacheTemplate.ParserError {
            let at = SourceLocation(
                file: file, line: max(1, error.context.lineNumber - 1) + bodyLineOffset,
                column: max(1, error.context.columnNumber))
            engine.error(
                "template syntax: \(error.error)", at: at,
                hint: "check the {{ }} pairs and {{#section}}...{{/section}} nesting")
            return nil
        } catch {
            engine.error(
                "template syntax: \(error)", at: SourceLocation(file: file, line: bodyLineOffset + 1, column: 1))
            return nil
        }
        return PageTemplate(name: name, behaviour: behaviour, button: button, body: parsedBody)
    }

    /// The front matter's keys (`behaviour`, `button`); nil when it is not YAML key-value lines.
    /// Unknown keys and values are errors in `engine`, the rest still read.
    static func readFrontMatter(_ frontMatter: String, file: String, engine: inout DiagnosticEngine) -> (
        behaviour: Behaviour?, button: String?
    )? {
        var behaviour: Behaviour?
        var buttonText: String?
        do {
            // Read by the catalog's own YAML reader (libyaml's events): one way of reading YAML
            // in the tool, and no start-up of a second one's resolver for a few keys. The front
            // matter starts on the file's second line.
            let parser = YAMLEventParser(frontMatter, lineOffset: 1)
            guard try parser.startDocument(), case .mapping(let pairs) = try parser.node().kind else {
                engine.error(
                    "front matter must be 'key: value' lines", at: SourceLocation(file: file, line: 2, column: 1),
                    hint: "known keys: \(frontMatterKeys.joined(separator: ", "))")
                return nil
            }
            try parser.finishDocument()
            for (key, value) in pairs {
                let at = SourceLocation(file: file, line: key.line, column: key.column)
                switch key.text {
                case "behaviour":
                    // link-lookup is the compact layout's 404.html, set by the build alone.
                    let allowed = Behaviour.allCases.filter { $0 != .linkLookup }
                    guard let raw = value.text, let parsed = Behaviour(rawValue: raw), allowed.contains(parsed)
                    else {
                        engine.error(
                            "behaviour must be one of \(allowed.map(\.rawValue).joined(separator: ", "))", at: at,
                            hint: "interstitial shows a preview and a button; redirect tries the app at once")
                        continue
                    }
                    behaviour = parsed
                case "button":
                    buttonText = value.text
                default:
                    let name = key.text ?? "?"
                    let hint =
                        Suggestion.closest(to: name, among: frontMatterKeys).map { "did you mean '\($0)'?" }
                        ?? "known keys: \(frontMatterKeys.joined(separator: ", "))"
                    engine.error("unknown front matter key '\(name)'", at: at, hint: hint)
                }
            }
        } catch let error as YAMLEventParser.SyntaxError {
            engine.error(
                "front matter is not valid YAML: \(error.message)",
                at: SourceLocation(file: file, line: error.line, column: error.column),
                hint: "check indentation and quoting")
            return nil
        } catch {
            engine.error(
                "front matter is not valid YAML: \(error)", at: SourceLocation(file: file, line: 2, column: 1),
                hint: "check indentation and quoting")
            return nil
        }
        return (behaviour, buttonText)
    }
}
