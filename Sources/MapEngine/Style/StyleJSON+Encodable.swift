/// A value written with `JSONEncoder`: whole numbers as integers, a number
/// that is not finite as `null` (JSON has no NaN or infinity).
///
///     let summary: StyleJSON = ["name": "Ride", "points": 1204, "length_m": 18_350.5]
///     let text = try JSONEncoder().encode(summary)
extension StyleJSON: Encodable {
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the value: `null`, a flag, a number (whole ones as integers,
    /// one that is not finite as `null`), text, an array or an object.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if !number.isFinite {
                try container.encodeNil()
            } else if number == number.rounded(), abs(number) < 9.007_199_254_740_992e15 {
                try container.encode(Int64(number))
            } else {
                try container.encode(number)
            }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in members { try container.encode(value, forKey: MemberKey(stringValue: key)) }
        }
    }
}
