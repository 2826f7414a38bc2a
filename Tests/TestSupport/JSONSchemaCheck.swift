import Foundation

/// Documents validated against a JSON schema by python's jsonschema, the validator editors' tooling
/// agrees with (installed by `make test-deps`): one line per document, `PATH valid` or
/// `PATH invalid MESSAGES`, in order.
public enum JSONSchemaCheck {
    /// `draft` names jsonschema's validator class (`Draft7Validator`, `Draft202012Validator`);
    /// with `yaml`, the documents are YAML (PyYAML).
    public static func verdicts(
        schema: URL, documents: [URL], draft: String, yaml: Bool = false, in folder: URL
    ) throws -> (status: Int32, lines: [String], stderr: String) {
        let script = """
            import json, sys, jsonschema
            \(yaml ? "import yaml" : "")
            schema = json.load(open(sys.argv[1]))
            jsonschema.\(draft).check_schema(schema)
            validator = jsonschema.\(draft)(schema)
            for path in sys.argv[2:]:
                document = \(yaml ? "yaml.safe_load(open(path))" : "json.load(open(path))")
                errors = list(validator.iter_errors(document))
                print(path, "invalid" if errors else "valid", "; ".join(e.message for e in errors))
            """
        let result = try TrampolineProcess.run(
            program: URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", script, schema.path] + documents.map(\.path), in: folder)
        return (result.status, result.stdout.split(separator: "\n").map(String.init), result.stderr)
    }
}
