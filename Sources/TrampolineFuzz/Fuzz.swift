// The body libFuzzer runs for each input: the catalog loader, the full build and the escapers. See Fuzz/README.md.
// Built only when TRAMPOLINE_FUZZ=1 (Package.swift); main.swift starts libFuzzer, which
// calls LLVMFuzzerTestOneInput once per input.
//
// Every check ends in `check(_:_:)`, which traps: libFuzzer then saves the input as a crash.

import Foundation
import TrampolineBuild
import TrampolineCatalog
@_spi(Generator) import TrampolineLink
import TrampolineModel
import TrampolineSite

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    fuzzLoaderAndBuild(bytes)
    // The escapers see the input as text (invalid UTF-8 becomes U+FFFD, as String(decoding:) does).
    fuzzEscapers(String(decoding: bytes, as: UTF8.self))
    return 0
}

// MARK: - Invariants

func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz invariant broken: \(message())") }
}

/// A value for a message: its debug description, cut to 300 characters (libFuzzer keeps the input).
func short(_ text: String) -> String {
    let described = text.debugDescription
    return described.count <= 300 ? described : String(described.prefix(300)) + "…"
}

/// Loader: never crashes, rejects with at least one error, points inside the file; an accepted
/// catalog loads the same twice and builds (or is rejected with diagnostics) without crashing.
func fuzzLoaderAndBuild(_ bytes: Data) {
    let loader = CatalogLoader()
    let (catalog, diagnostics) = loader.load(data: bytes, displayPath: "fuzz.yml")
    check(catalog != nil || diagnostics.hasErrors, "catalog rejected without an error")
    check(catalog == nil || !diagnostics.hasErrors, "catalog returned together with errors")
    // YAML (libyaml) also breaks lines at a lone CR, U+0085, U+2028 and U+2029, as editors do, so
    // count every one of them (a CRLF counts twice, which only loosens the bound).
    let text = String(decoding: bytes, as: UTF8.self)
    let lines =
        1 + text.unicodeScalars.reduce(0) { $0 + ("\n\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains($1) ? 1 : 0) }
    for diagnostic in diagnostics.diagnostics {
        guard let location = diagnostic.location else { continue }
        check(location.file == "fuzz.yml", "diagnostic names another file: \(diagnostic)")
        check(
            location.line >= 1 && location.line <= lines + 1 && location.column >= 1,
            "diagnostic points outside the \(lines)-line file: \(diagnostic)")
    }
    guard let catalog else { return }
    check(loader.load(data: bytes, displayPath: "fuzz.yml").catalog == catalog, "loading twice gave two catalogs")
    fuzzBuild(bytes, catalog: catalog)
}

/// One scratch folder per fuzzing process; the catalog is rewritten there for each accepted input,
/// because SiteBuilder reads a file (there is no public in-memory build yet). No Templates/ folder,
/// so the built-in templates are used.
let scratch: URL = {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("trampoline-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratch) }
    return url
}()

/// TRAMPOLINE_FUZZ_VERBOSE=1 prints why a build rejected a catalog the loader accepted.
let verbose = ProcessInfo.processInfo.environment["TRAMPOLINE_FUZZ_VERBOSE"] == "1"

/// The full build path, in memory apart from the catalog file. A build may still reject the catalog
/// (an unknown template, an AASA claim problem): that must be a DiagnosticsError with errors in it.
func fuzzBuild(_ bytes: Data, catalog: Catalog) {
    let config = scratch.appendingPathComponent("site-config.yml")
    do { try bytes.write(to: config) } catch { fatalError("cannot write \(config.path): \(error)") }
    let result: SiteBuild
    do {
        result = try SiteBuilder(configURL: config, configDisplayPath: "fuzz.yml").build()
    } catch let error as DiagnosticsError {
        check(error.diagnostics.contains { $0.severity == .error }, "build failed without an error: \(error)")
        if verbose { FileHandle.standardError.write(Data("fuzz: build rejected the catalog:\n\(error)\n".utf8)) }
        return
    } catch {
        fatalError("fuzz invariant broken: build threw \(type(of: error)), not DiagnosticsError: \(error)")
    }
    let plan = result
    for path in [OutputPath.home, .notFound, .loadCookie]
        + (result.catalog.app.ios == nil ? [] : OutputPath.appSiteAssociationFiles)
    {
        check(plan[path] != nil, "the plan has no \(path)")
    }
    check(
        (plan[.assetLinks] != nil) == (result.catalog.app.android != nil),
        "assetlinks.json present without app.android, or missing with it")
    if let assetLinks = plan[.assetLinks] {
        check((try? AssetLinks.validate(assetLinks)) != nil, "assetlinks.json breaks the Digital Asset Links rules")
    }
    check(plan[.rootAppSiteAssociation] == plan[.appSiteAssociation], "the two AASA copies differ")
    if let aasa = plan[.rootAppSiteAssociation] {
        check((try? JSONSerialization.jsonObject(with: aasa)) is [String: Any], "the AASA is not a JSON object")
    }
    for name in [OutputPath.home, .notFound, .loadCookie] {
        if let page = plan[name] { checkPage(String(decoding: page, as: UTF8.self), name: name.value, link: nil) }
    }
    let shards = result.plan.lookupShardCount
    for link in result.catalog.links {
        // The compact layout: a plain link is an entry in the shard its path names, not a page.
        if shards > 0, !link.isRoute, result.plan[result.plan.pagePath(of: link)] == nil {
            let host = result.catalog.site.host.lowercased()
            let name = LinkSealing.name(host: host, path: link.path, shards: shards)
            let path = OutputPath.lookupShard(name.shard)
            guard let table = plan[path] else {
                fatalError("fuzz invariant broken: no shard \(path) for link \(link.path)")
            }
            let entries = try? JSONDecoder().decode([String: String].self, from: table)
            check(entries != nil, "\(path) is not a JSON object of sealed link entries")
            let entry = entries?[name.id].flatMap { LinkSealing.unseal($0, host: host, path: link.path) }
            let block = entry.flatMap { try? JSONDecoder().decode(DataBlock.self, from: Data($0)) }
            check(
                sameScalars(block?.deferredLink, link.deferredLink),
                "\(path): the entry of \(link.path) lacks its deferredLink unchanged")
            continue
        }
        let path = result.plan.pagePath(of: link)
        guard let page = plan[path] else { fatalError("fuzz invariant broken: no page \(path) for link \(link.path)") }
        checkPage(String(decoding: page, as: UTF8.self), name: path.value, link: link)
    }
    if verbose {
        FileHandle.standardError.write(Data("fuzz: built and checked \(result.catalog.links.count) link pages\n".utf8))
    }
}

/// Catalog text never changes the page's structure: at most the data block and the script, each
/// closed once; the data block decodes as JSON and carries the link's deferred link unchanged; a title
/// with markup never appears raw in <title> or in an attribute.
func checkPage(_ html: String, name: String, link: Link?) {
    let lower = html.lowercased()
    let opens = lower.components(separatedBy: "<script").count - 1
    let closes = lower.components(separatedBy: "</script").count - 1
    check(opens <= 2 && opens == closes, "\(name): \(opens) <script and \(closes) </script")
    check(lower.components(separatedBy: "<title").count - 1 == 1, "\(name): not exactly one <title>")
    let marker = "<script type=\"application/json\" id=\"trampoline-data\">"
    guard let start = html.range(of: marker) else { return }
    guard let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else {
        fatalError("fuzz invariant broken: \(name): the data block is not closed")
    }
    let json = String(html[start.upperBound..<end.lowerBound])
    let block = try? JSONDecoder().decode(DataBlock.self, from: Data(json.utf8))
    check(block != nil, "\(name): the data block is not a JSON object: \(short(json))")
    guard let link, let block else { return }
    check(sameScalars(block.deferredLink, link.deferredLink), "\(name): deferredLink changed in the data block")
    if link.title.contains(where: { "<>\"&".contains($0) }) {
        check(
            !html.contains("<title>\(link.title)</title>") && !html.contains("content=\"\(link.title)\""),
            "\(name): the title appears unescaped in <title> or an attribute")
    }
}

/// The fields of a page's data block that come from the catalog verbatim; decoding it also checks
/// that the whole block is valid JSON.
struct DataBlock: Decodable {
    var deferredLink: String?
}

/// String == compares canonically equivalent text as equal; the escapers must keep every scalar.
func sameScalars(_ a: String?, _ b: String) -> Bool {
    guard let a else { return false }
    return a.unicodeScalars.elementsEqual(b.unicodeScalars)
}

// MARK: - Escapers

func fuzzEscapers(_ text: String) {
    checkHTML(text)
    checkJSON(text)
    checkForm(text)
    checkMarkdown(text)
}

/// `Escaping.html`: no `<`, `>`, `"`, `'`; every `&` starts one of the five entities; unescaping gives the input back.
func checkHTML(_ text: String) {
    let escaped = Escaping.html(text)
    check(
        !escaped.unicodeScalars.contains { "<>\"'".unicodeScalars.contains($0) },
        "html: markup character left in \(short(escaped))")
    // Scalar by scalar: a combining mark after `;` would join it into one Character.
    let entities: [([Unicode.Scalar], Unicode.Scalar)] = [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
    ]
    .map { (Array($0.0.unicodeScalars), $0.1) }
    let scalars = Array(escaped.unicodeScalars)
    var unescaped = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
        if scalars[index] == "&" {
            guard let entity = entities.first(where: { scalars[index...].starts(with: $0.0) }) else {
                fatalError("fuzz invariant broken: html: bare & at scalar \(index) in \(short(escaped))")
            }
            unescaped.append(entity.1)
            index += entity.0.count
        } else {
            unescaped.append(scalars[index])
            index += 1
        }
    }
    check(sameScalars(String(unescaped), text), "html: does not unescape back for \(short(text))")
}

/// `Escaping.jsonString` decodes back to the input; `scriptSafeJSON` of it has no `<`, `>`,
/// U+2028, U+2029 and still decodes back to the input (`&` stays: a script element's text has no
/// character references).
func checkJSON(_ text: String) {
    let literal = Escaping.jsonString(text)
    check(
        !literal.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
        "jsonString: raw control character in \(short(literal))")
    check(
        sameScalars(decodeJSONString(literal), text),
        "jsonString: does not decode back for \(short(text)): \(short(literal))")
    let safe = Escaping.scriptSafeJSON(literal)
    check(
        !safe.unicodeScalars.contains { "<>\u{2028}\u{2029}".unicodeScalars.contains($0) },
        "scriptSafeJSON: unsafe character left in \(short(safe))")
    check(
        sameScalars(decodeJSONString(safe), text),
        "scriptSafeJSON: does not decode back for \(short(text)): \(short(safe))")
    // Inside an object, as the data block uses it.
    let object = Escaping.scriptSafeJSON("{" + Escaping.jsonString(text) + ":" + literal + "}")
    let decoded = try? JSONDecoder().decode([String: String].self, from: Data(object.utf8))
    check(
        decoded?.count == 1 && sameScalars(decoded?.first?.value, text) && sameScalars(decoded?.first?.key, text),
        "scriptSafeJSON: object does not decode back for \(short(text))")
}

/// JSONDecoder, not JSONSerialization: on Linux, JSONSerialization drops a U+FEFF at the start of a
/// string value ("\u{FEFF}a" decodes to "a"), which browsers' JSON.parse keeps.
func decodeJSONString(_ literal: String) -> String? {
    try? JSONDecoder().decode(String.self, from: Data(literal.utf8))
}

/// `Escaping.formComponent`: only URLSearchParams' unreserved set, `+` and `%XX` (upper-case hex),
/// and decoding gives the input's UTF-8 bytes back.
func checkForm(_ text: String) {
    let encoded = Escaping.formComponent(text)
    let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._".utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    var decoded: [UInt8] = []
    let utf8 = Array(encoded.utf8)
    var index = 0
    while index < utf8.count {
        let byte = utf8[index]
        if plain.contains(byte) {
            decoded.append(byte)
            index += 1
        } else if byte == UInt8(ascii: "+") {
            decoded.append(UInt8(ascii: " "))
            index += 1
        } else if byte == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex.firstIndex(of: utf8[index + 1]),
            let low = hex.firstIndex(of: utf8[index + 2])
        {
            decoded.append(UInt8(high * 16 + low))
            index += 3
        } else {
            fatalError("fuzz invariant broken: formComponent: unexpected byte \(byte) at \(index) in \(short(encoded))")
        }
    }
    check(decoded == Array(text.utf8), "formComponent: does not decode back for \(short(text)): \(short(encoded))")
}

/// `Escaping.markdown`: one line, and every ASCII punctuation character is backslash-escaped, so
/// removing the escapes gives the input with line breaks as spaces.
func checkMarkdown(_ text: String) {
    let escaped = Escaping.markdown(text)
    check(
        !escaped.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "markdown: line break left in \(short(escaped))")
    var unescaped = String.UnicodeScalarView()
    var scalars = escaped.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        let isPunctuation =
            scalar.isASCII && (0x21...0x7E).contains(scalar.value)
            && !("0"..."9" ~= scalar || "a"..."z" ~= scalar || "A"..."Z" ~= scalar)
        if scalar == "\\" {
            guard let next = scalars.next() else {
                fatalError("fuzz invariant broken: markdown: trailing backslash in \(short(escaped))")
            }
            check(
                next.isASCII && (0x21...0x7E).contains(next.value),
                "markdown: backslash before \(next) in \(short(escaped))")
            unescaped.append(next)
        } else {
            check(!isPunctuation, "markdown: unescaped \(scalar) in \(short(escaped))")
            unescaped.append(scalar)
        }
    }
    let expected = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    check(sameScalars(String(unescaped), expected), "markdown: does not unescape back for \(short(text))")
}
