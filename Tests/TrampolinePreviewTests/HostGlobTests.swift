import Foundation
import XCTest

@testable import TrampolinePreview

/// Firebase Hosting's globs as `serve --as firebase-hosting` reads them (firebase.google.com/docs/
/// hosting/full-config, "Glob pattern matching"), on the patterns the build writes and on
/// `firebase init`'s default `ignore`, the one that drops `.well-known/`.
final class HostGlobTests: XCTestCase {
    func matches(_ pattern: String, _ path: String) throws -> Bool {
        try XCTUnwrap(HostGlob(pattern), pattern).matches(path)
    }

    func testSegmentsAndRuns() throws {
        XCTAssertTrue(try matches("/shop/*", "/shop/42"))
        XCTAssertFalse(try matches("/shop/*", "/shop/42/more"))
        XCTAssertFalse(try matches("/shop/*", "/shops/42"))
        XCTAssertTrue(try matches("/shop/**", "/shop/42/more"))
        XCTAssertTrue(try matches("/.well-known/trampoline/v2/**", "/.well-known/trampoline/v2/links/0.json"))
        XCTAssertFalse(try matches("/.well-known/trampoline/v2/**", "/.well-known/assetlinks.json"))
        XCTAssertTrue(try matches("**", "/anything/at/all"))
        XCTAssertTrue(try matches("/a?c", "/abc"))
        XCTAssertFalse(try matches("/a?c", "/a/c"))
        XCTAssertTrue(try matches("**/.*", ".well-known"))
        XCTAssertTrue(try matches("**/.*", "a/.hidden"))
        XCTAssertFalse(try matches("**/.*", "a/b.html"))
    }

    func testEscapesAndWhatIsNotModelled() throws {
        XCTAssertTrue(try matches(#"/a\+\(b\)"#, "/a+(b)"))
        XCTAssertTrue(try matches("/a+b", "/a+b"))
        XCTAssertNil(HostGlob("/@(a|b)"))
        XCTAssertNil(HostGlob("/{a,b}"))
    }

    func testFirebaseInitsDefaultIgnoreDropsWellKnownAndTheBuildsDoesNot() throws {
        let initDefault = try XCTUnwrap(
            FirebaseHostingConfig(
                json: Data(#"{"hosting": {"ignore": ["firebase.json", "**/.*", "**/node_modules/**"]}}"#.utf8)))
        XCTAssertTrue(initDefault.ignores("/.well-known/apple-app-site-association"))
        XCTAssertTrue(initDefault.ignores("/firebase.json"))
        XCTAssertFalse(initDefault.ignores("/a/one/index.html"))
        XCTAssertTrue(initDefault.answersAssociationFiles)
        let built = try XCTUnwrap(
            FirebaseHostingConfig(
                json: Data(
                    #"{"hosting": {"ignore": ["firebase.json", "_headers", ".trampoline-manifest.json"], "appAssociation": "NONE", "rewrites": [{"source": "/shop/*", "destination": "/_routes/shop/_id/index.html"}]}}"#
                        .utf8)))
        XCTAssertFalse(built.ignores("/.well-known/apple-app-site-association"))
        XCTAssertTrue(built.ignores("/.trampoline-manifest.json"))
        XCTAssertFalse(built.answersAssociationFiles)
        XCTAssertEqual(built.rewrite("/shop/42"), "/_routes/shop/_id/index.html")
        XCTAssertNil(built.rewrite("/other"))
        XCTAssertNil(FirebaseHostingConfig(json: Data("not json".utf8)))
    }
}
