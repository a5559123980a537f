import ArgumentParser
import Foundation
import MapCore
import MapSDL
import PinmapResources

/// `pinmap bench --json`: measures start-up, frame time, tile decoding and
/// memory on the embedded tiles, and prints the figures.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure first frame, frame time, tile decoding and memory; print the figures."
    )

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(help: "Frames to time while panning.")
    var frames = 300

    func run() throws {
        ConsoleLogHandler.bootstrap(verbose: false)
        do {
            let figures = try Benchmark(frames: frames).run()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(figures), as: UTF8.self))
            } else {
                for (name, value) in figures.sorted(by: { $0.key < $1.key }) {
                    print(name.padding(toLength: 20, withPad: " ", startingAt: 0), value)
                }
            }
        } catch let error as SDLError {
            throw RunError(error.description)
        } catch let error as HeadlessError {
            throw RunError(error.description)
        }
    }
}
