import Foundation
import TrampolineSite

/// The AASA conformance runner contract (`trampoline match --jsonl`): one case per input line,
/// `{"id", "aasa", "domain", "appId", "url"}`, answered by one line, `{"id", "decision"}`, or
/// `{"id", "error"}` for a case that cannot be decided. A bad case never stops the run.
package enum ConformanceRunner {
    /// The answer to one input line, without a newline; nil for a blank line.
    /// `lineNumber` (1-based) names the line in errors about input that has no usable id.
    package static func answer(line: String, lineNumber: Int) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else {
                return encode(["id": NSNull(), "error": "line \(lineNumber): a case must be a JSON object"])
            }
            object = parsed
        } catch {
            return encode(["id": NSNull(), "error": "line \(lineNumber): not valid JSON"])
        }
        // Echo the id exactly as given (number or string); a case without one still gets an answer.
        let id = object["id"] ?? NSNull()
        do {
            let decision = try decide(object)
            return encode(["id": id, "decision": decision.rawValue])
        } catch let error as CaseError {
            return encode(["id": id, "error": error.message])
        } catch {
            return encode(["id": id, "error": "\(error)"])
        }
    }

    private struct CaseError: Error {
        var message: String
    }

    private static func decide(_ object: [String: Any]) throws -> AASADecision {
        func text(_ key: String) throws -> String {
            guard let value = object[key] as? String else {
                throw CaseError(message: object[key] == nil ? "missing \"\(key)\"" : "\"\(key)\" must be a string")
            }
            return value
        }
        guard let aasa = object["aasa"] else { throw CaseError(message: "missing \"aasa\"") }
        let domain = try text("domain")
        let appID = try text("appId")
        let url = try text("url")
        let matcher: AASAMatcher
        do {
            // The file is normally inlined as JSON; a string holding the file's text works too.
            if let source = aasa as? String {
                matcher = try AASAMatcher(data: Data(source.utf8))
            } else {
                matcher = try AASAMatcher(json: aasa)
            }
        } catch {
            throw CaseError(message: "\(error)")
        }
        return matcher.verdict(for: url, appID: appID, domain: domain).decision
    }

    private static func encode(_ object: [String: Any]) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            return #"{"error":"cannot encode the answer","id":null}"#
        }
        return String(decoding: data, as: UTF8.self)
    }
}
