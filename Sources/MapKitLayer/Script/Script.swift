import Foundation
import MapEngine

/// A recorded session to replay on a virtual clock: input events and
/// captures, each at a time in seconds.
///
///     {"events":[{"at":0.0,"type":"mouse-down","x":400,"y":300,"button":"left"},
///                {"at":1.0,"type":"screenshot","path":"a.png"}]}
package struct Script: Equatable, Sendable {
    /// The steps, in time order.
    package var events: [ScriptEvent]
    /// Set when the script is a recording of a window (`pinmap --record`):
    /// the view it started from, and its frames are among its events.
    package var recording: Recording?
    /// The latest time an event may have: a day of virtual time.
    package static let longestTime = 86_400.0

    /// A script of `events`, made by a recording with these settings when it was one.
    package init(events: [ScriptEvent], recording: Recording? = nil) {
        self.events = events
        self.recording = recording
    }

    /// What a recording says about the window it was made in: the size in
    /// pixels and the scale at the start, and the flags that shaped the
    /// view (centre, zoom, tiles, pins…), as pinmap's own arguments.
    package struct Recording: Equatable, Sendable {
        /// The pinmap version that recorded it.
        package var version: String
        /// The window's size, in points.
        package var size: Size
        /// The display scale.
        package var scale: Double
        /// The command-line flags the recording ran with.
        package var flags: [String]

        /// A recording's settings.
        package init(version: String, size: Size, scale: Double, flags: [String]) {
            self.version = version
            self.size = size
            self.scale = scale
            self.flags = flags
        }
    }

    /// Reads and checks a script file.
    package static func load(from url: URL, files: any FileStore) throws(ScriptError) -> Script {
        let bytes: [UInt8]
        do {
            bytes = try files.read(url.path, limit: 256 << 20)
        } catch {
            throw ScriptError(file: url.path, reason: "cannot be read: \(error.reason)")
        }
        return try parse(Data(bytes), file: url.path)
    }

    /// Reads and checks a script's JSON; `file` names it in errors.
    package static func parse(_ data: Data, file: String) throws(ScriptError) -> Script {
        try ScriptParser(file: file).parse(data)
    }
}

/// One scripted step.
package struct ScriptEvent: Equatable, Sendable {
    /// When, in seconds from the start.
    package var at: Double
    /// What happens.
    package var action: ScriptAction

    /// A step doing `action` at `at` seconds.
    package init(at: Double, action: ScriptAction) {
        self.at = at
        self.action = action
    }
}

/// What a scripted step does.
package enum ScriptAction: Equatable, Sendable {
    case input(InputEvent)
    /// The window drew a frame here (recordings): a replay draws one at
    /// the same moment, so time-driven motion matches the window's.
    case frame
    case screenshot(path: String)
    case dumpScene(path: String)
    case quit
}

/// A script that cannot be run, with where and why.
package struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The script file, as given.
    package let file: String
    /// Index of the offending event in the `events` array, if one is at fault.
    package let event: Int?
    /// The field at fault, if one is.
    package let field: String?
    /// What is wrong, in words.
    package let reason: String

    /// An error in `file`, at `event` and `field` if known, saying `reason`.
    package init(file: String, event: Int? = nil, field: String? = nil, reason: String) {
        self.file = file
        self.event = event
        self.field = field
        self.reason = reason
    }

    /// The file, the event, the field and the reason, on one line.
    package var description: String {
        var place = file
        if let event { place += ": event \(event)" }
        if let field { place += ": field \"\(field)\"" }
        return "\(place): \(reason)"
    }
}
