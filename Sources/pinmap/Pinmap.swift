import ArgumentParser
import Foundation
import Logging
import MapEngine
import MapKitLayer

/// The `pinmap` command: opens the map (the default), or runs a subcommand.
@main
struct Pinmap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinmap",
        abstract: "A map viewer for vector and raster maps (MBTiles, PMTiles, tile servers, MapLibre styles), GPX tracks "
            + "and GeoJSON, with names in every script and pins you can place, select and drag.",
        version: PinmapVersion.current,
        subcommands: [ViewCommand.self, ExportCommand.self, GeocodeCommand.self, GPXCommand.self, DownloadCommand.self, AreasCommand.self, BenchCommand.self, ResourcesCommand.self],
        defaultSubcommand: ViewCommand.self
    )

    /// Bad input of any kind exits with 2 and one line on stderr naming the
    /// problem, rather than argument-parser's usage dump and code 64.
    static func main() {
        MemoryTuning.apply()
        TextLocale.apply()
        do {
            try refuseArgumentsThatAreNotUTF8()
            let arguments = MapArguments.fillingInGPSDAddress(Array(CommandLine.arguments.dropFirst()))
            if arguments == ["--help"] || arguments == ["-h"] {
                // The map is what pinmap does: its flags first, then the subcommands.
                print(Pinmap.helpMessage(for: ViewCommand.self))
                print("\nSUBCOMMANDS: view (default), export, geocode, gpx, bench, resources; see 'pinmap help <subcommand>'.")
                return
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as UsageError {
            fail(error.description, code: 2)
        } catch let error as RunError {
            fail(error.description, code: 1)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                fail(message(for: error) + " (see pinmap --help)", code: 2)
            }
            exit(withError: error)
        }
    }

    /// Swift reads each argument as UTF-8, putting U+FFFD for bytes that
    /// are not; a file whose name is in another encoding would then be
    /// looked for under a name that is not its own and reported missing.
    /// Such an argument is named as what it is instead.
    private static func refuseArgumentsThatAreNotUTF8() throws {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            guard UTF8Check.firstInvalidOffset(bytes) != nil else { continue }
            throw UsageError("\(String(decoding: bytes, as: UTF8.self)): this name is not UTF-8 text (shown with � for the bytes "
                                 + "that are not), and pinmap reads names as UTF-8; rename the file, or give a link to it with a UTF-8 name")
        }
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data("pinmap: \(message)\n".utf8))
        Foundation.exit(code)
    }
}

/// Input the user can fix: a bad flag value, a missing or broken file.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A failure while running that is not the input's fault (no display, SDL).
struct RunError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Sends library log messages to stderr as `pinmap: warning: ...` lines.
struct ConsoleLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        FileHandle.standardError.write(Data("pinmap: \(event.level): \(event.message)\n".utf8))
    }

    static func bootstrap(verbose: Bool) {
        LoggingSystem.bootstrap { _ in ConsoleLogHandler(logLevel: verbose ? .info : .warning) }
    }
}
