import Foundation
import Testing

/// Every file pinmap writes for the user (screenshots, scene dumps, a
/// script's captures) goes to a regular file or a new one, whole or not at
/// all: a FIFO, a device, a read-only file, a missing folder or a full disk
/// is refused with exit 2, the flag, the path and the reason, at once and
/// never after a hang.
@Suite struct WriterCLITests {
    let cli = PinmapCLITests()

    func refused(_ arguments: [String]) throws -> PinmapCLITests.Outcome {
        let start = Date()
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--size", "200x100"] + arguments, timeout: 30)
        #expect(Date().timeIntervalSince(start) < 25, "no hang")
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "one line: \(outcome.stderr)")
        return outcome
    }

    @Test(arguments: ["--screenshot", "--dump-scene"])
    func aFIFOIsRefusedNotWaitedOn(_ flag: String) throws {
        let dir = try cli.temporaryFolder()
        let fifo = dir.appendingPathComponent(flag == "--screenshot" ? "out.png" : "out.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let outcome = try refused([flag, fifo.path])
        #expect(outcome.stderr == "pinmap: \(flag): \(fifo.path): cannot be written: it is a FIFO (a named pipe), not a regular file: "
                    + "pinmap writes only regular files\n")
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still there")
    }

    @Test(arguments: ["--screenshot", "--dump-scene"])
    func aDeviceIsRefusedNotReportedAsWritten(_ flag: String) throws {
        let outcome = try refused([flag, "/dev/full"])
        #expect(outcome.stderr.contains("\(flag): /dev/full: cannot be written: it is a character device"), "\(outcome.stderr)")
    }

    @Test func aReadOnlyFileIsNotReplaced() throws {
        let dir = try cli.temporaryFolder()
        let file = dir.appendingPathComponent("kept.png")
        try Data("mine".utf8).write(to: file)
        chmod(file.path, 0o444)
        let outcome = try refused(["--screenshot", file.path])
        #expect(outcome.stderr.contains("it is read-only (mode 444)"), "\(outcome.stderr)")
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
    }

    @Test func aMissingFolderIsNamed() throws {
        let outcome = try refused(["--dump-scene", "/nonexistent-folder/scene.json"])
        #expect(outcome.stderr.contains("its folder /nonexistent-folder cannot be reached"), "\(outcome.stderr)")
    }

    @Test(arguments: ["out.jpg", "out.webp", "out.eps"])
    func aScreenshotNamedForAnotherFormatIsRefused(_ name: String) throws {
        let dir = try cli.temporaryFolder()
        let outcome = try refused(["--screenshot", dir.appendingPathComponent(name).path])
        #expect(outcome.stderr.contains("pinmap writes PNG, PDF and SVG"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "no PNG bytes under another name")
    }

    @Test func aScriptsCaptureAtAFIFOStopsTheRunWithItsPath() throws {
        let dir = try cli.temporaryFolder()
        let fifo = dir.appendingPathComponent("mid.png")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let script = dir.appendingPathComponent("s.json")
        try Data(#"{"events":[{"at":0.5,"type":"screenshot","path":"\#(fifo.path)"}]}"#.utf8).write(to: script)
        let outcome = try refused(["--script", script.path])
        #expect(outcome.stderr.contains("\(fifo.path): cannot be written: it is a FIFO"), "\(outcome.stderr)")
    }

    /// A full disk, as a 64 KB tmpfs (root may mount one; elsewhere the test says so and passes over).
    @Test func aFullDiskIsReportedAndLeavesNothingBehind() throws {
        let dir = try cli.temporaryFolder()
        let small = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", small.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            print("aFullDiskIsReportedAndLeavesNothingBehind: cannot mount a tmpfs here; passed over")
            return
        }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = [small.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let target = small.appendingPathComponent("big.png")
        let outcome = try cli.pinmap(["--headless", "--no-pins", "--size", "800x600", "--screenshot", target.path], timeout: 60)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "pinmap: \(target.path): cannot be written: no space left on device\n", "\(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: small.path).isEmpty, "no partial file")
    }
}
