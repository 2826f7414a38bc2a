/// RFC 4180 CSV read strictly, record by record, with the row and column of any fault: the one
/// CSV reader of `links_file` and of `import firebase`.
///
/// The CSV package (which writes the files an import makes) reads leniently by design: it keeps a
/// stray quote as text and reads an unclosed quote to the end of the file, and it reports no
/// positions. A catalog or an export must be refused at the cell that is wrong instead.
enum StrictCSV {
    /// One record: its row (the first record is row 1) and its fields.
    struct Record: Equatable {
        var row: Int
        var fields: [String]
    }

    /// What is wrong, at `row:column` (columns count fields from 1).
    struct Problem: Error, Equatable {
        var row: Int
        var column: Int
        var message: String
        var hint: String
    }

    /// The records of `text` (blank lines skipped, rows still counted), or the first problem.
    static func records(_ text: String) -> Result<[Record], Problem> {
        let s = Array(text.unicodeScalars)
        var records: [Record] = []
        var fields: [String] = []
        var row = 1
        var i = 0
        let quoteHint =
            "a field with a quote, comma or line break must be quoted whole, with inner quotes doubled: \"say \"\"hi\"\"\""
        func isEnd(_ c: Unicode.Scalar) -> Bool { c == "," || c == "\n" || c == "\r" }
        while true {
            var field = String.UnicodeScalarView()
            let column = fields.count + 1
            if i < s.count, s[i] == "\"" {
                i += 1
                var closed = false
                while i < s.count {
                    if s[i] == "\"" {
                        if i + 1 < s.count, s[i + 1] == "\"" {
                            field.append("\"")
                            i += 2
                        } else {
                            i += 1
                            closed = true
                            break
                        }
                    } else {
                        field.append(s[i])
                        i += 1
                    }
                }
                if !closed {
                    return .failure(
                        Problem(row: row, column: column, message: "this quoted field is never closed", hint: quoteHint)
                    )
                }
                if i < s.count, !isEnd(s[i]) {
                    return .failure(
                        Problem(
                            row: row, column: column, message: "text follows the closing quote of this field",
                            hint: quoteHint))
                }
            } else {
                while i < s.count, !isEnd(s[i]) {
                    if s[i] == "\"" {
                        return .failure(
                            Problem(
                                row: row, column: column,
                                message: "a quote inside a field that does not start with one", hint: quoteHint))
                    }
                    field.append(s[i])
                    i += 1
                }
            }
            fields.append(String(field))
            if i < s.count, s[i] == "," {
                i += 1
                continue
            }
            // End of the record: a line break or the end of the text.
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(row: row, fields: fields)) }
            fields = []
            guard i < s.count else { break }
            if s[i] == "\r", i + 1 < s.count, s[i + 1] == "\n" { i += 1 }
            i += 1
            row += 1
            if i == s.count { break }
        }
        return .success(records)
    }
}
