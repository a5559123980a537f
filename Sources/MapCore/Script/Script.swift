import Foundation

/// A recorded session to replay on a virtual clock: input events and
/// captures, each at a time in seconds.
///
///     {"events":[{"at":0.0,"type":"mouse-down","x":400,"y":300,"button":"left"},
///                {"at":1.0,"type":"screenshot","path":"a.png"}]}
package struct Script: Equatable, Sendable {
    /// The steps, in time order.
    public var events: [ScriptEvent]
    /// Set when the script is a recording of a window (`pinmap --record`):
    /// the view it started from, and its frames are among its events.
    public var recording: Recording?
    /// The latest time an event may have: a day of virtual time.
    public static let longestTime = 86_400.0

    /// A script of `events`, made by a recording with these settings when it was one.
    public init(events: [ScriptEvent], recording: Recording? = nil) {
        self.events = events
        self.recording = recording
    }

    /// What a recording says about the window it was made in: the size in
    /// pixels and the scale at the start, and the flags that shaped the
    /// view (centre, zoom, tiles, pins…), as pinmap's own arguments.
    public struct Recording: Equatable, Sendable {
        /// The pinmap version that recorded it.
        public var version: String
        /// The window's size, in points.
        public var size: Size
        /// The display scale.
        public var scale: Double
        /// The command-line flags the recording ran with.
        public var flags: [String]

        /// A recording's settings.
        public init(version: String, size: Size, scale: Double, flags: [String]) {
            self.version = version
            self.size = size
            self.scale = scale
            self.flags = flags
        }
    }

    /// Reads and checks a script file.
    public static func load(from url: URL) throws(ScriptError) -> Script {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(url.path, limit: 256 << 20)
        } catch {
            throw ScriptError(file: url.path, reason: "cannot be read: \(error.reason)")
        }
        return try parse(Data(bytes), file: url.path)
    }

    /// Reads and checks a script's JSON; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(ScriptError) -> Script {
        try ScriptParser(file: file).parse(data)
    }
}

/// One scripted step.
package struct ScriptEvent: Equatable, Sendable {
    /// When, in seconds from the start.
    public var at: Double
    /// What happens.
    public var action: ScriptAction

    /// A step doing `action` at `at` seconds.
    public init(at: Double, action: ScriptAction) {
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
    public let file: String
    /// Index of the offending event in the `events` array, if one is at fault.
    public let event: Int?
    /// The field at fault, if one is.
    public let field: String?
    /// What is wrong, in words.
    public let reason: String

    /// An error in `file`, at `event` and `field` if known, saying `reason`.
    public init(file: String, event: Int? = nil, field: String? = nil, reason: String) {
        self.file = file
        self.event = event
        self.field = field
        self.reason = reason
    }

    /// The file, the event, the field and the reason, on one line.
    public var description: String {
        var place = file
        if let event { place += ": event \(event)" }
        if let field { place += ": field \"\(field)\"" }
        return "\(place): \(reason)"
    }
}
