import MapEngine

/// Reads GPX times (XML Schema `dateTime`, as ISO 8601:
/// `2024-05-01T10:00:00Z`, `2024-05-01T12:00:00.250+02:00`) as seconds
/// since 1970 in UTC, by hand: a million points read in milliseconds,
/// where a date formatter takes seconds. A time without a zone is taken
/// as UTC, as GPX says times are.
enum GPXTime {
    /// The times a reading can have: years 1000 to 9999, as four digits write them.
    static let plausible = Double(daysSince1970(year: 1000, month: 1, day: 1) * 86_400)
        ... Double(daysSince1970(year: 10_000, month: 1, day: 1) * 86_400)

    static func seconds(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                let byte = bytes[i]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
                i += 1
            }
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard i < bytes.count, bytes[i] == character.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              i < bytes.count, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour <= 24, minute < 60, second <= 60 else { return nil }
        var fraction = 0.0
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            let start = i
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                fraction += Double(bytes[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset = 0
        if i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "Z"):
                i += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let hours = number(2), expect(":"), let minutes = number(2) else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard i == bytes.count else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar
    /// (Howard Hinnant's days-from-civil arithmetic).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
