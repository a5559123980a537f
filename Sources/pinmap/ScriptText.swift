/// Values put on the lines pinmap prints for scripts to read, made safe:
/// a value holding a newline, a tab, a space, a quote, a backslash or any
/// other control character is written as a double-quoted string with
/// those characters escaped (`\n`, `\t`, `\"`, `\\`, `\u{1B}`), so a value
/// can never end its line early nor pose as another field or line. A plain
/// value (letters, digits, `-_.:/@+#`) is written as it is.
///
///     ScriptText.field("paris")                          // paris
///     ScriptText.field("forged\ncallout-action x delete")  // "forged\ncallout-action x delete"
enum ScriptText {
    static func field(_ value: String) -> String {
        guard value.isEmpty || value.unicodeScalars.contains(where: needsQuoting) else { return value }
        return "\"" + escaped(value) + "\""
    }

    /// The value with quotes, backslashes and control characters escaped, without surrounding quotes.
    static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if isControl(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func needsQuoting(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\"" || scalar == "\\" || isControl(scalar)
    }

    /// C0 and C1 controls, DEL, and the line and paragraph separators a terminal or reader may break on.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || scalar.properties.generalCategory == .format && (0x202A...0x202E).contains(scalar.value)
    }
}
