import Foundation
import XCTest

@testable import TrampolineBuild

final class SiteWriterTests: XCTestCase {
    func mtime(_ url: URL) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    func testWritesEverythingThenOnlyWhatChanged() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        let first = try writer.write(try site.build().outputFiles)
        // 5 pages, their 5 QR codes and 8 site files.
        XCTAssertEqual(first.written.count, 27)
        XCTAssertEqual(first.unchanged, [])
        let page = site.outputURL.appendingPathComponent("topic/2/index.html")
        let before = try mtime(page)
        // A different title changes exactly one page (and nothing else).
        try Data(
            try SiteFixture.fixture("example.yml").replacingOccurrences(
                of: "title: Wedding checklist", with: "title: Wedding list"
            ).utf8
        ).write(to: site.configURL)
        Thread.sleep(forTimeInterval: 0.05)
        let second = try writer.write(try site.build().outputFiles)
        XCTAssertEqual(second.written, ["topic/1/index.html"])
        XCTAssertEqual(second.unchanged.count, 26)
        XCTAssertEqual(try mtime(page), before, "unchanged file keeps its mtime")
    }

    /// A write that plans the files the manifest already lists skips encoding it, but only when
    /// the file is exactly what it would write: one with the same paths in another order, or in
    /// another JSON layout, is written again, so the folder is byte for byte a fresh build's.
    func testAManifestWithTheSamePathsButOtherBytesIsRewritten() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try site.build().outputFiles)
        let url = site.outputURL.appendingPathComponent(".trampoline-manifest.json")
        let canonical = try Data(contentsOf: url)
        let lines = String(decoding: canonical, as: UTF8.self).split(separator: "\n").map(String.init)
        // The same layout with two paths swapped (the commas kept where they were), and compact JSON.
        var swapped = lines
        swapped.swapAt(1, 2)
        swapped[1] = String(swapped[1].dropLast()) + ","
        swapped[2] = String(swapped[2].dropLast())
        swapped[2] += ","
        let paths = Array(Manifest.read(from: site.outputURL).paths).sorted()
        for edited in [
            swapped.joined(separator: "\n") + "\n",
            #"{"files": [\#(paths.reversed().map { "\"\($0)\"" }.joined(separator: ","))]}"#,
        ] {
            try Data(edited.utf8).write(to: url)
            XCTAssertEqual(Manifest.read(from: site.outputURL).paths, Set(paths), "the same paths")
            try writer.write(try site.build().outputFiles)
            XCTAssertEqual(try Data(contentsOf: url), canonical, edited)
        }
    }

    func testRemovedLinksAreDeletedButForeignFilesAreNot() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try site.build().outputFiles)
        let foreign = site.outputURL.appendingPathComponent("vendors/robots.txt")
        try Data("mine".utf8).write(to: foreign)
        let cname = site.outputURL.appendingPathComponent("CNAME")
        try Data("go.example.com".utf8).write(to: cname)
        let without = try SiteFixture.fixture("example.yml")
            .replacingOccurrences(
                of: "  - path: /vendors/photographers",
                with: "  - path: /vendors-gone\n    deep_link: marry://gone\n    title: Gone\n  - path: /unused"
            )
            .replacingOccurrences(of: "  - path: /topic/2\n", with: "  - path: /topic/2b\n")
        try Data(without.utf8).write(to: site.configURL)
        let summary = try writer.write(try site.build().outputFiles)
        XCTAssertEqual(
            summary.removed.sorted(),
            [
                "topic/2/index.html", "topic/2/qr.svg", "vendors/photographers/index.html",
                "vendors/photographers/qr.svg",
            ])
        let fm = FileManager.default
        XCTAssertFalse(
            fm.fileExists(atPath: site.outputURL.appendingPathComponent("topic/2").path), "emptied folder removed")
        XCTAssertFalse(fm.fileExists(atPath: site.outputURL.appendingPathComponent("vendors/photographers").path))
        XCTAssertEqual(try String(contentsOf: foreign, encoding: .utf8), "mine")
        XCTAssertEqual(try String(contentsOf: cname, encoding: .utf8), "go.example.com")
    }

    func testTamperedManifestCannotDeleteOutsideTheFolder() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let outside = site.folder.appendingPathComponent("precious.txt")
        try Data("keep".utf8).write(to: outside)
        try FileManager.default.createDirectory(at: site.outputURL, withIntermediateDirectories: true)
        try Data(#"{"files": ["../precious.txt", "/etc/hostname", "a/../../precious.txt"]}"#.utf8).write(
            to: site.outputURL.appendingPathComponent(".trampoline-manifest.json"))
        let summary = try SiteWriter(outputURL: site.outputURL).write(try site.build().outputFiles)
        XCTAssertEqual(summary.removed, [])
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "keep")
    }

    func testASymlinkedFolderInTheOutputCannotLeadRemovalOutside() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let elsewhere = site.folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let victim = elsewhere.appendingPathComponent("index.html")
        try Data("keep".utf8).write(to: victim)
        try FileManager.default.createDirectory(at: site.outputURL, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: site.outputURL.appendingPathComponent("old"), withDestinationURL: elsewhere)
        try Data(#"{"files": ["old/index.html"]}"#.utf8).write(
            to: site.outputURL.appendingPathComponent(".trampoline-manifest.json"))
        let summary = try SiteWriter(outputURL: site.outputURL).write(try site.build().outputFiles)
        XCTAssertEqual(summary.removed, [])
        XCTAssertEqual(
            try String(contentsOf: victim, encoding: .utf8), "keep", "nothing is deleted through a planted link")
    }

    func testNoTemporaryFilesAreLeftBehind() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        try SiteWriter(outputURL: site.outputURL).write(try site.build().outputFiles)
        let all = FileManager.default.enumerator(atPath: site.outputURL.path)?.allObjects as? [String] ?? []
        XCTAssertFalse(all.contains { $0.hasSuffix(".tmp") }, "\(all)")
    }

    func testOutputFolderMayNotContainTheCatalog() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let catalog = try site.build().catalog
        XCTAssertThrowsError(try site.builder.outputURL(for: catalog, override: site.folder.path))
        XCTAssertThrowsError(
            try site.builder.outputURL(for: catalog, override: site.folder.deletingLastPathComponent().path))
        XCTAssertEqual(
            try site.builder.outputURL(for: catalog, override: nil).path,
            site.outputURL.standardizedFileURL.resolvingSymlinksInPath().path)
    }

    func testNoOpRebuildTouchesNothingNotEvenTheManifest() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try site.build().outputFiles)
        let manifest = site.outputURL.appendingPathComponent(".trampoline-manifest.json")
        let before = try mtime(manifest)
        Thread.sleep(forTimeInterval: 0.05)
        let again = try writer.write(try site.build().outputFiles)
        XCTAssertEqual(again.written, [])
        XCTAssertEqual(try mtime(manifest), before)
    }

    func testATemplateChangeReachesEveryPageDespiteUnchangedLinks() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try site.build().outputFiles)
        try Data("---\nbehaviour: interstitial\n---\n# New {{title}}\n".utf8).write(
            to: site.folder.appendingPathComponent("Templates/interstitial.md"))
        let summary = try writer.write(try site.build().outputFiles)
        XCTAssertEqual(
            summary.written.sorted(), ["spring-sale/index.html", "topic/1/index.html", "topic/2/index.html"])
        XCTAssertTrue(
            try String(contentsOf: site.outputURL.appendingPathComponent("topic/2/index.html"), encoding: .utf8)
                .contains("<h1>New Budget planner</h1>"))
    }

    func testAHandEditedPageIsRestored() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try site.build().outputFiles)
        let page = site.outputURL.appendingPathComponent("topic/1/index.html")
        let original = try Data(contentsOf: page)
        try Data("defaced".utf8).write(to: page)
        let summary = try writer.write(try site.build().outputFiles)
        XCTAssertEqual(summary.written, ["topic/1/index.html"])
        XCTAssertEqual(try Data(contentsOf: page), original)
    }

    /// What a run killed after a rename leaves: a page replaced by other bytes of the same size,
    /// under a manifest that still describes the old file. The next build must not trust it.
    func testASameSizeReplacementUnderAnOldManifestIsRestored() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try site.build().outputFiles)
        let page = site.outputURL.appendingPathComponent("topic/2/index.html")
        let original = try Data(contentsOf: page)
        let other = site.outputURL.appendingPathComponent("topic/2/replacement")
        try Data(repeating: UInt8(ascii: "x"), count: original.count).write(to: other)
        XCTAssertEqual(rename(other.path, page.path), 0)
        let summary = try writer.write(try site.build().outputFiles)
        XCTAssertEqual(summary.written, ["topic/2/index.html"])
        XCTAssertEqual(try Data(contentsOf: page), original)
    }

    /// An upgrade that changes rendering must reach every file even when no link changed: the
    /// renderer's version is part of every fingerprint.
    func testAnUpgradedRendererReRendersEveryFile() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        var builder = site.builder
        builder.rendererVersion = "old"
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try builder.build().outputFiles)
        let again = try writer.write(try builder.build().outputFiles)
        XCTAssertEqual(again.reused.count, 27, "same renderer, same inputs: nothing rendered")
        builder.rendererVersion = "new"
        let upgraded = try writer.write(try builder.build().outputFiles)
        XCTAssertEqual(upgraded.reused, [], "a new renderer trusts no old fingerprint")
        XCTAssertEqual(upgraded.unchanged.count, 27, "rendered and compared: the bytes happen to be equal")
        XCTAssertEqual(upgraded.written, [])
    }

    /// The deployed folder is the site and nothing else: staging and the stamp cache live beside
    /// it, and two builds in two places give the same bytes, manifest included.
    func testTheOutputFolderHoldsOnlyTheSiteAndIsTheSameAnywhere() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let build = try site.build()
        try SiteWriter(outputURL: site.outputURL).write(build.outputFiles)
        let elsewhere = site.folder.appendingPathComponent("deep/er/copy")
        try SiteWriter(outputURL: elsewhere).write(build.outputFiles)
        let fm = FileManager.default
        func files(_ url: URL) throws -> [String: Data] {
            var result: [String: Data] = [:]
            for case let path as String in fm.enumerator(atPath: url.path)! {
                let file = url.appendingPathComponent(path)
                if (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
                    result[path] = try Data(contentsOf: file)
                }
            }
            return result
        }
        let here = try files(site.outputURL)
        let there = try files(elsewhere)
        XCTAssertEqual(here, there)
        XCTAssertEqual(
            Set(here.keys), Set(build.files.keys).union([".trampoline-manifest.json"]),
            "nothing but the site and its manifest")
        let work = site.folder.appendingPathComponent(".trampoline/_site")
        XCTAssertTrue(
            fm.fileExists(atPath: work.appendingPathComponent("stamps").path),
            "the stamp cache sits beside the output folder")
        XCTAssertFalse(
            fm.fileExists(atPath: work.appendingPathComponent("staging").path), "staging is cleared after a write")
    }

    /// The stamp cache only saves time: without it, or with garbage in it, the next build is right.
    func testAMissingOrBrokenStampCacheOnlyCostsTime() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        try writer.write(try site.build().outputFiles)
        let stamps = site.folder.appendingPathComponent(".trampoline/_site/stamps")
        let page = site.outputURL.appendingPathComponent("topic/1/index.html")
        let original = try Data(contentsOf: page)
        let text = Array("\(String(repeating: "0", count: 64)) 1:2:3.4 topic/1/index.html\n".utf8)
        for damage in [nil, Array("garbage".utf8), text, StampCache.magic + [1, 2, 3]] {
            if let damage { try Data(damage).write(to: stamps) } else { try FileManager.default.removeItem(at: stamps) }
            try Data("defaced".utf8).write(to: page)
            let summary = try writer.write(try site.build().outputFiles)
            XCTAssertEqual(summary.written, ["topic/1/index.html"], "\(damage ?? [])")
            XCTAssertEqual(summary.reused, [], "nothing trusted without a matching stamp")
            XCTAssertEqual(try Data(contentsOf: page), original)
        }
    }

    /// The stamp cache's last line stamps the manifest: while the manifest is that very file, a
    /// rebuild takes its paths from the stamps instead of reading it; any change to it (even the
    /// same bytes written again) or a missing stamp cache means it is read, and the next write
    /// stamps it again. A write that changes nothing leaves the stamp cache as it was.
    /// The example site written once: its fixture, writer, files and stamp cache.
    private func writtenExample() throws -> (site: SiteFixture, writer: SiteWriter, files: [OutputFile], stamps: URL) {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        let files = try site.build().outputFiles
        try writer.write(files)
        return (site, writer, files, WorkFolder(outputURL: site.outputURL).stamps)
    }

    func testTheStampCacheWitnessesTheManifest() throws {
        let (site, writer, files, stampsURL) = try writtenExample()
        let manifestURL = site.outputURL.appendingPathComponent(".trampoline-manifest.json")
        XCTAssertNil(writer.readPrevious().manifest, "witnessed: not read")
        XCTAssertTrue(writer.readPrevious().isCanonical)
        let stamps = try Data(contentsOf: stampsURL)

        // Nothing changed: every file proven, the stamp cache not even rewritten.
        XCTAssertEqual(try writer.write(files).reused.count, files.count)
        XCTAssertEqual(try Data(contentsOf: stampsURL), stamps)

        // The manifest written again with the same bytes is another file: read, then stamped anew.
        let manifest = try Data(contentsOf: manifestURL)
        try FileManager.default.removeItem(at: manifestURL)
        try manifest.write(to: manifestURL)
        let previous = writer.readPrevious()
        XCTAssertEqual(previous.manifest?.paths, Set(files.map(\.path.value)))
        XCTAssertEqual(try writer.write(files).reused.count, files.count)
        XCTAssertNotEqual(try Data(contentsOf: stampsURL), stamps)
        XCTAssertNil(writer.readPrevious().manifest)

        // A link removed under a witnessed manifest: its files go, and the manifest lists the rest.
        let fewer = files.filter { !$0.path.value.hasPrefix("topic/2/") }
        XCTAssertEqual(Set(try writer.write(fewer).removed), ["topic/2/index.html", "topic/2/qr.svg"])
        XCTAssertEqual(Manifest.read(from: site.outputURL).paths, Set(fewer.map(\.path.value)))
        XCTAssertNil(writer.readPrevious().manifest)

        // Without a stamp cache the manifest is read.
        try FileManager.default.removeItem(at: stampsURL)
        XCTAssertEqual(writer.readPrevious().manifest?.paths, Set(fewer.map(\.path.value)))
    }

    /// A rebuild writes the stamp cache a piece at a time (`SiteWriter.StampFile`): the file is
    /// byte for byte the plain encoding of the same stamps in the plan's order, with the
    /// rewritten files' new stamps in their places, wherever the pieces break.
    func testStampFileInPiecesIsThePlainEncoding() throws {
        let (site, writer, files, stampsURL) = try writtenExample()
        // Two files edited by hand: rewritten with new stamps; the rest proven by theirs.
        for path in ["topic/2/index.html", "invite/qr.svg"] {
            try Data("edited".utf8).write(to: site.outputURL.appendingPathComponent(path))
        }
        let summary = try writer.write(files)
        XCTAssertEqual(summary.reused.count, files.count - 2)
        XCTAssertEqual(Set(summary.written), ["topic/2/index.html", "invite/qr.svg"])
        let written = try Data(contentsOf: stampsURL)
        let cache = try XCTUnwrap(StampCache.parse(Array(written)))
        XCTAssertEqual(cache.count, files.count + 1)
        let plain = StampCache.encoded(count: cache.count) {
            (cache.path(at: $0), cache.entry(at: $0, ifPath: cache.path(at: $0))!)
        }
        XCTAssertEqual(Array(written), plain)
        XCTAssertEqual((0..<files.count).map(cache.path(at:)), files.map(\.path.value), "in the plan's order")
        XCTAssertEqual(try writer.write(files).reused.count, files.count, "and they prove every file next time")

        // Small pieces, joined: the same bytes again, wherever the pieces break.
        let outcome = SiteWriter.Outcome(total: files.count, progress: nil)
        for index in files.indices {
            outcome.record(index, .reused, stamp: cache.entry(at: index, ifPath: files[index].path.value)!)
        }
        let manifest = cache.entry(at: files.count, ifPath: Manifest.path.value)!.stat
        for size in [1, 5, 17, 4096] {
            let file = SiteWriter.StampFile(files: files, outcome: outcome, manifest: manifest, recordsPerPiece: size)
            XCTAssertEqual(Array((0..<file.pieceCount).map(file.piece).joined()), plain, "pieces of \(size)")
        }
    }

    /// The stamps stand in for a witnessed manifest, so their paths are held to the manifest's
    /// rule: a stamp cache edited to list `../victim.txt` (its manifest line left valid) must not
    /// make the next write delete a file outside the output folder.
    func testATamperedStampCacheCannotDeleteOutsideTheFolder() throws {
        let site = try SiteFixture(catalog: SiteFixture.fixture("example.yml"))
        let writer = SiteWriter(outputURL: site.outputURL)
        let files = try site.build().outputFiles
        try writer.write(files)
        let victim = site.folder.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        let stampsURL = WorkFolder(outputURL: site.outputURL).stamps
        let stamps = StampCache.read(from: stampsURL)
        var records = (0..<stamps.count).map { (path: stamps.path(at: $0), entry: stamps.entry(at: $0)) }
        records.insert((path: "../victim.txt", entry: records[0].entry), at: records.count - 1)
        try Data(StampCache.encoded(count: records.count) { records[$0] }).write(to: stampsURL)
        XCTAssertEqual(StampCache.read(from: stampsURL).path(at: records.count - 2), "../victim.txt")
        XCTAssertNil(writer.readPrevious().manifest, "the manifest's record still witnesses it")

        let summary = try writer.write(files)
        XCTAssertEqual(summary.removed, [])
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep me")
        // The removal's own check refuses such a path too, whatever list it came from.
        XCTAssertFalse(SiteWriter.isRegularFileInsideRealFolders("../victim.txt", root: site.outputURL.path))
        XCTAssertFalse(SiteWriter.isRegularFileInsideRealFolders("topic/../../victim.txt", root: site.outputURL.path))
        XCTAssertTrue(SiteWriter.isRegularFileInsideRealFolders("topic/1/index.html", root: site.outputURL.path))
    }
}
