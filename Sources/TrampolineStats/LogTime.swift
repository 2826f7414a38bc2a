/// The times access logs write, read without Foundation's date parsers (a log has millions).
enum LogTime {
    /// Seconds since 1970 of a UTC calendar date and time.
    static func epoch(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        Int64(days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `YYYY-MM-DD` of a day number (``days(year:month:day:)``).
    static func date(ofDay days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// ISO 8601 in UTC, `2026-11-29T09:15:00Z`.
    static func iso8601(_ time: Int64) -> String {
        let day = Int((time >= 0 ? time : time - 86_399) / 86_400)
        let second = Int(time - Int64(day) * 86_400)
        return date(ofDay: day) + "T" + pad(second / 3600, 2) + ":" + pad(second / 60 % 60, 2) + ":"
            + pad(second % 60, 2) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The number the ASCII digits at `bytes[start..<start+count]` spell; nil if one is not a digit.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let digit = Int(bytes[i]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// `10/Oct/2000:13:55:36 -0700` (nginx, Apache and S3), as UTC.
    static func commonLogTime(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard text.count >= 26, text[2] == UInt8(ascii: "/"), text[6] == UInt8(ascii: "/"),
            text[11] == UInt8(ascii: ":"), let day = number(text, 0, 2), let year = number(text, 7, 4),
            let hour = number(text, 12, 2), let minute = number(text, 15, 2), let second = number(text, 18, 2),
            let month = month(text[3], text[4], text[5]),
            let offsetHours = number(text, 22, 2), let offsetMinutes = number(text, 24, 2)
        else { return nil }
        let sign: Int64 =
            switch text[21] {
            case UInt8(ascii: "+"): 1
            case UInt8(ascii: "-"): -1
            default: 0
            }
        guard sign != 0 else { return nil }
        let local = epoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return local - sign * Int64(offsetHours * 3600 + offsetMinutes * 60)
    }

    /// `2019-12-04T21:02:31Z` (Cloudflare's RFC 3339, and `--since`/`--until`;
    /// fractions and a `+hh:mm` offset allowed).
    static func isoTime(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard text.count >= 19, let year = number(text, 0, 4), let month = number(text, 5, 2),
            let day = number(text, 8, 2), let hour = number(text, 11, 2), let minute = number(text, 14, 2),
            let second = number(text, 17, 2), text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var time = epoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var i = 19
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            while i < text.count, (48...57).contains(text[i]) { i += 1 }
        }
        if i + 6 <= text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-"),
            let hours = number(text, i + 1, 2), let minutes = number(text, i + 4, 2)
        {
            time -= (text[i] == UInt8(ascii: "+") ? 1 : -1) * Int64(hours * 3600 + minutes * 60)
        }
        return time
    }

    private static func month(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
        let key = (UInt32(a | 0x20) << 16) | (UInt32(b | 0x20) << 8) | UInt32(c | 0x20)
        return months.firstIndex(of: key).map { $0 + 1 }
    }

    private static let months: [UInt32] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    .map { name in name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
}
