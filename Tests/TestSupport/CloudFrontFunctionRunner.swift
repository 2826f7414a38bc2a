import Foundation

/// Runs a CloudFront Function under node as CloudFront runs a viewer-request function (an event
/// in, the request out: docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/
/// functions-event-structure.html). Only the `handler` contract is modelled, not CloudFront's
/// runtime limits.
public enum CloudFrontFunctionRunner {
    /// The URI the function at `function` hands on for each of `uris`; nil when node fails
    /// (its message in `error`).
    public static func uris(_ uris: [String], function: URL, in folder: URL) throws -> (
        result: [String: String]?, error: String
    ) {
        let script = """
            const source = require("fs").readFileSync(process.argv[1], "utf8");
            const handler = new Function(source + "\\nreturn handler;")();
            const out = {};
            for (const uri of JSON.parse(process.argv[2])) {
                out[uri] = handler({ version: "1.0", context: { eventType: "viewer-request" },
                    viewer: { ip: "198.51.100.7" }, request: { method: "GET", uri: uri, querystring: {},
                    headers: {}, cookies: {} } }).uri;
            }
            console.log(JSON.stringify(out));
            """
        let list = String(decoding: try JSONSerialization.data(withJSONObject: uris), as: UTF8.self)
        let run = try TrampolineProcess.run(
            program: URL(fileURLWithPath: "/usr/bin/node"), ["-e", script, function.path, list], in: folder)
        guard run.status == 0 else { return (nil, run.stderr) }
        return (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: String], run.stderr)
    }
}
