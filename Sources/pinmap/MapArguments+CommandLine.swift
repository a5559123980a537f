import MapEngine
import MapKitLayer

/// The command line's words made ready for the parser, as people type them:
/// `--gpsd` alone takes gpsd's usual address, and a negative value after a
/// space is the option's value, not an option of its own.
extension MapArguments {
    /// `--gpsd` may come without a value: give it gpsd's usual address so
    /// the parser sees an option with its value.
    static func fillingInGPSDAddress(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            let next = i + 1 < arguments.count ? arguments[i + 1] : nil
            // A southern or western value as people type it (`--center -33.9,18.4`, `--bearing -20`) is the
            // option's value, not an option of its own: joined as `--center=-33.9,18.4` for the parser.
            if argument == "--" {
                // After "--" every word is a value as it stands.
                result += arguments[i...]
                break
            }
            if argument.hasPrefix("--"), !argument.contains("="), let next, isNegativeValue(next) {
                result.append(argument + "=" + next)
                i += 2
                continue
            }
            result.append(argument)
            if argument == "--gpsd" && (next == nil || next!.hasPrefix("-")) { result.append("localhost:2947") }
            i += 1
        }
        return result
    }

    /// A negative number, or a pair or list of numbers starting with one (`-33.9,18.4`).
    static func isNegativeValue(_ text: String) -> Bool {
        guard text.hasPrefix("-"), let first = text.split(separator: ",", omittingEmptySubsequences: false).first else { return false }
        return DecimalText.parse(first.trimmingCharacters(in: .whitespaces)) != nil
    }
}
