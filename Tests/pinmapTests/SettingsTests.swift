import Foundation
import Testing

/// `$XDG_CONFIG_HOME/pinmap/settings.json`: what a window opens with where
/// no flag says otherwise; a bad setting is passed over with one warning
/// naming the file and the setting.
@Suite(.serialized) struct SettingsTests {
    let cli = PinmapCLITests()

    func configHome(_ json: String) throws -> URL {
        let home = try cli.temporaryFolder().appendingPathComponent("config")
        let file = home.appendingPathComponent("pinmap/settings.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: file)
        return home
    }

    @Test func aWindowOpensWithTheSettingsUnlessAFlagSaysOtherwise() throws {
        let home = try configHome(#"{"style": "dark", "units": "imperial", "tileCacheMB": 128}"#)
        let dir = try cli.temporaryFolder()
        for (flags, dark, imperial) in [([String](), true, true), (["--units", "metric", "--style", "light"], false, false)] {
            let dump = dir.appendingPathComponent("scene.json")
            do {
                let window = try XvfbWindow(arguments: ["--no-pins", "--center", "47,8", "--zoom", "6", "--size", "400x300",
                                                        "--dump-scene", dump.path] + flags,
                                            environment: ["XDG_CONFIG_HOME": home.path])
                try window.quit()
            }
            let scene = try String(contentsOf: dump, encoding: .utf8)
            // The search button's face: dark over the dark style; the scale bar in miles.
            #expect(scene.contains(##""action":"search","color":"#2d2d2d""##) == dark, "dark: \(dark)")
            #expect(scene.contains(#" mi""#) == imperial, "imperial: \(imperial)")
        }
    }

    @Test func aBadSettingIsPassedOverWithOneWarningNamingTheFile() throws {
        let cases = [
            (#"{"units": "furlongs"}"#, #""units" is "furlongs", not metric, imperial"#),
            (#"{"colour": "red"}"#, #"unknown setting "colour" (known: appearance, areaMaxTiles, language, location, streetTiles, style, tileCacheMB, units)"#),
            (#"{"areaMaxTiles": 0.5}"#, #""areaMaxTiles" must be a whole number of tiles from 1 to 1000000"#),
            (#"{"streetTiles": "tiles.example.org"}"#, #""streetTiles" is "tiles.example.org", not an http(s) address"#),
            (#"{"tileCacheMB": 0}"#, #""tileCacheMB" must be a whole number of megabytes from 1 to 65536"#),
            (#"["style"]"#, "not a JSON object of settings"),
            (#"{"location": "north"}"#, #""location" is "north", not LAT,LON in degrees"#),
            (#"{"style": "/nonexistent/style.json"}"#, #""style" is "/nonexistent/style.json", a style file that is not there"#),
            (#"{"style": "/dev/zero"}"#, #""style" is "/dev/zero", a character device, not a style file"#),
        ]
        for (json, message) in cases {
            let home = try configHome(json)
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CONFIG_HOME"] = home.path
            environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
            environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
            environment["DISPLAY"] = nil
            environment["WAYLAND_DISPLAY"] = nil
            let outcome = try cli.pinmap(["--no-pins"], environment: environment)
            let file = home.appendingPathComponent("pinmap/settings.json").path
            // The setting is passed over: what stops pinmap here is only that there is no display.
            let lines = outcome.stderr.split(separator: "\n")
            #expect(outcome.status == 2)
            #expect(lines.first?.hasPrefix("pinmap: warning: \(file): \(message)") == true, "\(outcome.stderr)")
            #expect(lines.first?.hasSuffix("; passed over") == true, "\(outcome.stderr)")
            #expect(lines.count == 2 && lines.last?.contains("no display") == true, "one warning, then the display: \(outcome.stderr)")
        }
    }
}
