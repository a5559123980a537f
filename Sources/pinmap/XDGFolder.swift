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

    /// The user's pictures folder, as `user-dirs.dirs` in the config folder
    /// names it (`XDG_PICTURES_DIR="$HOME/Pictures"`), else ~/Pictures.
    static func pictures(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        let file = config(environment).appendingPathComponent("user-dirs.dirs")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_PICTURES_DIR=") {
                var value = String(line.dropFirst("XDG_PICTURES_DIR=".count)).trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                if value.hasPrefix("$HOME") { value = home + value.dropFirst("$HOME".count) }
                // The spec allows only $HOME/… or an absolute path; "$HOME/" alone means no pictures folder.
                if value.hasPrefix("/"), value != home, value != home + "/" { return URL(fileURLWithPath: value) }
            }
        }
        return URL(fileURLWithPath: home).appendingPathComponent("Pictures")
    }

    private static func folder(_ variable: String, else fallback: String, _ environment: [String: String]) -> URL {
        if let base = environment[variable], base.hasPrefix("/") { return URL(fileURLWithPath: base) }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(fallback)
    }
}
