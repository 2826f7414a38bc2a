import Foundation
import XCTest

@testable import TrampolineBuild

/// The writer's folder maker (`Writer/FolderMaker.swift`): it reports whether a file's folder is
/// new, takes a folder it made or checked on trust (one lookup for the second file of a page's
/// folder), and never writes through a symbolic link, however the path reaches it.
final class FolderMakerTests: FolderTestCase {
    func testMakesEachFolderOnceAndSaysWhenTheFileFolderIsNew() throws {
        let maker = FolderMaker(root: folder.path)
        XCTAssertTrue(try maker.make(for: "p/1/index.html"), "p/1 is new")
        XCTAssertFalse(try maker.make(for: "p/1/qr.svg"), "p/1 was made for the page")
        XCTAssertTrue(try maker.make(for: "p/2/index.html"), "p/2 is new, under a known p")
        XCTAssertFalse(try maker.make(for: "index.html"), "the root exists")
        var isFolder: ObjCBool = false
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("p/2").path, isDirectory: &isFolder)
                && isFolder.boolValue)

        // Folders that were there before: checked, not new.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("old/deep"), withIntermediateDirectories: true)
        let fresh = FolderMaker(root: folder.path)
        XCTAssertFalse(try fresh.make(for: "old/deep/index.html"))
        XCTAssertFalse(try fresh.make(for: "old/deep/qr.svg"))
        XCTAssertTrue(try fresh.make(for: "old/deeper/index.html"))
    }

    func testRefusesSymbolicLinksAtAnyLevel() throws {
        let outside = folder.appendingPathComponent("outside")
        let root = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("p"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("p/link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("top"), withDestinationURL: outside)
        let maker = FolderMaker(root: root.path)
        XCTAssertThrowsError(try maker.make(for: "p/link/index.html"))
        XCTAssertThrowsError(
            try maker.make(for: "p/link/qr.svg"), "a refused folder is not taken on trust the second time")
        XCTAssertThrowsError(try maker.make(for: "top/a/index.html"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: outside.path), [], "nothing was made outside")
    }
    /// When the root cannot be opened (here: it did not exist yet when the maker was made; the
    /// suite runs as root, which can open any folder), folders and files are reached by full
    /// paths, with the same answers and the same refusal of symbolic links.
    func testARootThatCouldNotBeOpenedIsReachedByFullPaths() throws {
        let root = folder.appendingPathComponent("later")
        let outside = folder.appendingPathComponent("outside")
        let maker = FolderMaker(root: root.path)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("top"), withDestinationURL: outside)

        let (base, path) = maker.location(of: "p/1/index.html")
        XCTAssertEqual(base, AT_FDCWD)
        XCTAssertEqual(path, root.path + "/p/1/index.html")
        XCTAssertTrue(try maker.make(for: "p/1/index.html"), "p/1 is new")
        XCTAssertFalse(try maker.make(for: "p/1/qr.svg"))
        var isFolder: ObjCBool = false
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("p/1").path, isDirectory: &isFolder)
                && isFolder.boolValue)
        XCTAssertThrowsError(try maker.make(for: "top/a/index.html"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: outside.path), [], "nothing was made outside")

        // A file created where location(of:) says lands in the root.
        let file = maker.location(of: "p/1/index.html")
        let descriptor = openat(file.folder, file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("p/1/index.html").path))
    }
}
