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
        var text = text
        return text.withUTF8 { records(in: $0) }
    }

    /// The records of UTF-8 `s`, the first at row `firstRow`. Every delimiter is ASCII, so the
    /// bytes are read as they are and each field is decoded once, whole.
    static func records(in s: UnsafeBufferPointer<UInt8>, firstRow: Int = 1) -> Result<[Record], Problem> {
        let (quote, comma, lineFeed, carriageReturn): (UInt8, UInt8, UInt8, UInt8) = (0x22, 0x2C, 0x0A, 0x0D)
        var records: [Record] = []
        var fields: [String] = []
        var row = firstRow
        var i = 0
        var unescaped: [UInt8] = []
        let quoteHint =
            "a field with a quote, comma or line break must be quoted whole, with inner quotes doubled: \"say \"\"hi\"\"\""
        func isEnd(_ c: UInt8) -> Bool { c == comma || c == lineFeed || c == carriageReturn }
        while true {
            let column = fields.count + 1
            if i < s.count, s[i] == quote {
                i += 1
                unescaped.removeAll(keepingCapacity: true)
                var closed = false
                var run = i
                while i < s.count {
                    guard s[i] == quote else {
                        i += 1
                        continue
                    }
                    unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: s[run..<i]))
                    if i + 1 < s.count, s[i + 1] == quote {
                        unescaped.append(quote)
                        i += 2
                        run = i
                    } else {
                        i += 1
                        closed = true
                        break
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
                fields.append(String(decoding: unescaped, as: UTF8.self))
            } else {
                let start = i
                while i < s.count, !isEnd(s[i]) {
                    if s[i] == quote {
                        return .failure(
                            Problem(
                                row: row, column: column,
                                message: "a quote inside a field that does not start with one", hint: quoteHint))
                    }
                    i += 1
                }
                fields.append(String(decoding: UnsafeBufferPointer(rebasing: s[start..<i]), as: UTF8.self))
            }
            if i < s.count, s[i] == comma {
                i += 1
                continue
            }
            // End of the record: a line break or the end of the text.
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(row: row, fields: fields)) }
            fields = []
            guard i < s.count else { break }
            if s[i] == carriageReturn, i + 1 < s.count, s[i + 1] == lineFeed { i += 1 }
            i += 1
            row += 1
            if i == s.count { break }
        }
        return .success(records)
    }
}
