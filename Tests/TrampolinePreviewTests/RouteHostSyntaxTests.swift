import Foundation
import TrampolineLink
import XCTest

@testable import TrampolineModel
@testable import TrampolinePreview

/// A route as the host files the build writes spell it: a literal's special characters escaped,
/// so `/v1.2/a+b/:id` takes only its own URLs, in Firebase's glob (read back by the rehearsal's
/// reader) and in nginx's regular expression.
final class RouteHostSyntaxTests: XCTestCase {
    func testLiteralsAreEscapedInTheGlobAndTheRegularExpression() throws {
        let route = Route(try RoutePattern("/v1.2/a+(b)/:id"))
        XCTAssertEqual(route.firebaseGlob, #"/v1.2/a\+\(b\)/*"#)
        XCTAssertEqual(route.nginxRegex, #"^/v1\.2/a\+\(b\)/[^/]+/?$"#)
        let glob = try XCTUnwrap(HostGlob(route.firebaseGlob))
        XCTAssertTrue(glob.matches("/v1.2/a+(b)/42"))
        XCTAssertFalse(glob.matches("/v1.2/a+(b)/42/more"))
        let regex = try NSRegularExpression(pattern: route.nginxRegex)
        func matches(_ path: String) -> Bool {
            regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        XCTAssertTrue(matches("/v1.2/a+(b)/42"))
        XCTAssertTrue(matches("/v1.2/a+(b)/42/"))
        XCTAssertFalse(matches("/v1x2/a+(b)/42"))
        XCTAssertFalse(matches("/v1.2/aab/42"))
        let rest = Route(try RoutePattern("/docs/*rest"))
        XCTAssertEqual(rest.firebaseGlob, "/docs/**")
        XCTAssertTrue(try XCTUnwrap(HostGlob(rest.firebaseGlob)).matches("/docs/a/b"))
        XCTAssertEqual(rest.nginxRegex, "^/docs/.+/?$")
    }
}
