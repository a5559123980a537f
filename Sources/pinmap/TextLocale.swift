import Foundation

/// The process's character set for the C libraries under the window:
/// Xlib writes a window title as UTF-8 (`_NET_WM_NAME`, which window
/// managers show) only under a UTF-8 locale, and a program starts in the
/// "C" locale until it asks for the user's. Without this, "walk.gpx — pinmap"
/// showed as "walk.gpx â€” pinmap" in the title bar.
enum TextLocale {
    /// Takes the user's character set (`LC_ALL`, `LC_CTYPE`, `LANG`), or
    /// C.UTF-8 when that is not UTF-8. Only `LC_CTYPE` changes: numbers and
    /// messages stay as they were.
    static func apply() {
        if setlocale(LC_CTYPE, "") != nil, isUTF8 { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// Whether the character set in use is UTF-8.
    static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
