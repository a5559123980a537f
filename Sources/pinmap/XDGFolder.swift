import Foundation

/// The XDG base directories pinmap keeps its files in: an environment
/// variable's folder when it is an absolute path, else its default under
/// the home folder, as the XDG base directory spec says.
///
///     XDGFolder.data()     // $XDG_DATA_HOME, else ~/.local/share
///     XDGFolder.state()    // $XDG_STATE_HOME, else ~/.local/state
///     XDGFolder.config()   // $XDG_CONFIG_HOME, else ~/.config
enum XDGFolder {
    static func data(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder("XDG_DATA_HOME", else: ".local/share", environment)
    }

    static func state(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder("XDG_STATE_HOME", else: ".local/state", environment)
    }

    static func config(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder("XDG_CONFIG_HOME", else: ".config", environment)
    }

    private static func folder(_ variable: String, else fallback: String, _ environment: [String: String]) -> URL {
        if let base = environment[variable], base.hasPrefix("/") { return URL(fileURLWithPath: base) }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(fallback)
    }
}
