import Foundation
import Testing

/// The files `make install` puts on the desktop (dist/): the .desktop
/// entry that makes pinmap an "Open with" choice, and the MIME types it
/// names, each for a file pinmap really opens.
@Suite struct DesktopEntryTests {
    let cli = PinmapCLITests()
    static let dist = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("dist")

    /// The entry's keys and values.
    static func entry() throws -> [String: String] {
        let text = try String(contentsOf: dist.appendingPathComponent("pinmap.desktop"), encoding: .utf8)
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n") where line.contains("=") && !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            keys[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return keys
    }

    @Test func theEntryOpensFilesWithTheAppAndNamesItsIcon() throws {
        let entry = try Self.entry()
        #expect(entry["Type"] == "Application" && entry["Terminal"] == "false")
        #expect(entry["Exec"] == "pinmap %F", "several files at once, as pinmap FILE… takes them")
        #expect(entry["Icon"] == "pinmap")
        #expect(FileManager.default.fileExists(atPath: Self.dist.appendingPathComponent("pinmap.svg").path))
    }

    /// Every MIME type the entry claims is one the system knows (GPX and
    /// GeoJSON are shared-mime-info's) or one dist/pinmap-mime.xml
    /// defines, and each of its file names is one pinmap opens.
    @Test func everyClaimedTypeIsDefinedAndOpens() throws {
        let types = try #require(Self.entry()["MimeType"]).split(separator: ";").map(String.init)
        let xml = try String(contentsOf: Self.dist.appendingPathComponent("pinmap-mime.xml"), encoding: .utf8)
        let shared = ["application/gpx+xml": "gpx", "application/geo+json": "geojson"]
        var extensions: [String] = []
        for type in types {
            if let known = shared[type] {
                extensions.append(known)
                continue
            }
            let definition = try #require(xml.range(of: "<mime-type type=\"\(type)\">").map { xml[$0.upperBound...] },
                                          "\(type) is defined")
            let glob = try #require(definition.range(of: "<glob pattern=\"*."), "\(type) has a file name")
            extensions.append(String(definition[glob.upperBound...].prefix { $0 != "\"" }))
        }
        #expect(Set(extensions) == ["gpx", "geojson", "mbtiles", "pmtiles"])
        let dir = try cli.temporaryFolder()
        for name in extensions {
            // Empty files: each is taken for what it is, and then found not to be a good one.
            let file = dir.appendingPathComponent("empty.\(name)")
            try Data().write(to: file)
            let outcome = try cli.pinmap(["--headless", "--screenshot", dir.appendingPathComponent("x.png").path, file.path])
            #expect(outcome.status != 0 && !outcome.stderr.contains("not a file pinmap opens"), "\(name): \(outcome.stderr)")
        }
    }
}
