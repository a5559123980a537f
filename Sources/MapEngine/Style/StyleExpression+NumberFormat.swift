import Foundation

// `number-format`: a number as text in a locale's way, as a currency, a
// unit or with so many fraction digits (as `Intl.NumberFormat` writes it).
extension StyleExpression {
    /// The options `number-format` reads.
    static let numberFormatOptions = ["locale", "currency", "unit", "min-fraction-digits", "max-fraction-digits"]

    static func numberFormat(_ args: [JSONNode], _ node: JSONNode, compile: (JSONNode) throws(StyleValueError) -> StyleExpression)
        throws(StyleValueError) -> StyleExpression {
        guard args.count == 2, case .object(let members) = args[1].value else {
            throw StyleValueError(reason: "\"number-format\" takes a number and an object of options", range: node.range)
        }
        var options: [String: StyleExpression] = [:]
        for (key, value) in members where numberFormatOptions.contains(key) { options[key] = try compile(value) }
        return .numberFormat(try compile(args[0]), options: options)
    }

    static func formatNumber(_ value: StyleValue, _ options: [String: StyleValue]) -> StyleValue {
        guard case .number(let number) = value, number.isFinite else { return .null }
        let locale = Locale(identifier: options["locale"]?.asString ?? "en-US")
        func digits(_ key: String) -> Int? { options[key]?.asNumber.map { Int(min(max($0, 0), 20)) } }
        if let currency = options["currency"]?.asString, currency.count == 3 {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .currency
            formatter.currencyCode = currency.uppercased()
            return formatter.string(from: NSNumber(value: number)).map { .string($0) } ?? .null
        }
        let least = digits("min-fraction-digits") ?? 0
        let most = max(digits("max-fraction-digits") ?? max(least, 3), least)
        let text = decimal(number, fractionDigits: least...most, locale: locale)
        guard let unit = options["unit"]?.asString else { return .string(text) }
        guard let symbol = unitSymbols[unit] else { return .string(text) }
        return .string(symbol.spaced ? "\(text) \(symbol.text)" : text + symbol.text)
    }

    /// The number's shortest decimal digits, rounded half away from zero
    /// to at most the upper bound of fraction digits and padded to the
    /// lower, grouped in thousands with the locale's separators.
    static func decimal(_ number: Double, fractionDigits: ClosedRange<Int>, locale: Locale) -> String {
        guard var exact = Decimal(string: "\(abs(number))", locale: Locale(identifier: "en_US_POSIX")) else { return "\(number)" }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, fractionDigits.upperBound, .plain)
        let plain = NSDecimalNumber(decimal: rounded).description(withLocale: Locale(identifier: "en_US_POSIX"))
        let parts = plain.split(separator: ".", maxSplits: 1)
        let whole = String(parts.first ?? "0")
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        if fraction.count < fractionDigits.lowerBound { fraction += String(repeating: "0", count: fractionDigits.lowerBound - fraction.count) }
        var grouped = ""
        for (index, digit) in whole.reversed().enumerated() {
            if index > 0, index % 3 == 0 { grouped.append(contentsOf: (locale.groupingSeparator ?? ",").reversed()) }
            grouped.append(digit)
        }
        let sign = number < 0 && rounded != 0 ? "-" : ""
        return sign + String(grouped.reversed()) + (fraction.isEmpty ? "" : (locale.decimalSeparator ?? ".") + fraction)
    }

    /// Short symbols of the units `Intl.NumberFormat` knows (CLDR's, in English), and whether a space goes before them.
    static let unitSymbols: [String: (text: String, spaced: Bool)] = [
        "meter": ("m", true), "kilometer": ("km", true), "centimeter": ("cm", true), "millimeter": ("mm", true),
        "mile": ("mi", true), "foot": ("ft", true), "yard": ("yd", true), "inch": ("in", true),
        "kilogram": ("kg", true), "gram": ("g", true), "pound": ("lb", true), "liter": ("L", true),
        "second": ("sec", true), "minute": ("min", true), "hour": ("hr", true), "day": ("day", true),
        "kilometer-per-hour": ("km/h", true), "mile-per-hour": ("mph", true), "meter-per-second": ("m/s", true),
        "byte": ("byte", true), "kilobyte": ("kB", true), "megabyte": ("MB", true), "gigabyte": ("GB", true),
        "celsius": ("°C", false), "fahrenheit": ("°F", false), "percent": ("%", false), "degree": ("deg", true),
        "acre": ("ac", true), "hectare": ("ha", true),
    ]
}
