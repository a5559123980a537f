import Foundation
import MapEngine

/// Turns script JSON into `Script`, naming the event and field of every fault.
struct ScriptParser {
    let file: String

    static let eventTypes = ["mouse-down", "mouse-move", "mouse-up", "wheel", "key",
                             "touch-down", "touch-move", "touch-up", "touch-cancel",
                             "text", "resize", "focus-lost", "frame", "screenshot", "dump-scene", "quit"]
    static let touchPhases: [String: PointerEvent.Phase] = ["touch-down": .down, "touch-move": .move,
                                                             "touch-up": .up, "touch-cancel": .cancel]

    func parse(_ data: Data) throws(ScriptError) -> Script {
        let root: JSONNode
        do {
            root = try JSONParser.parse(Array(data))
        } catch {
            throw ScriptError(file: file, reason: "not valid JSON (line \(error.line), column \(error.column): \(error.reason))")
        }
        guard case .object = root.value, let list = root["events"] else {
            throw ScriptError(file: file, reason: "expected an object with an \"events\" array")
        }
        guard let events = list.elements else {
            throw ScriptError(file: file, field: "events", reason: "must be an array")
        }
        var parsed: [ScriptEvent] = []
        for (index, item) in events.enumerated() {
            let event = try parseEvent(item, index: index)
            if let previous = parsed.last, event.at < previous.at {
                throw ScriptError(file: file, event: index, field: "at",
                                  reason: "\(event.at) is earlier than the event before it (\(previous.at)); "
                                      + "events must be in time order")
            }
            parsed.append(event)
        }
        return Script(events: parsed, recording: try root["recording"].map(parseRecording))
    }

    private func parseRecording(_ node: JSONNode) throws(ScriptError) -> Script.Recording {
        guard case .object = node.value else {
            throw ScriptError(file: file, field: "recording", reason: "must be an object")
        }
        let reader = FieldReader(file: file, index: nil, fields: node)
        let size = Size(width: try reader.number("width"), height: try reader.number("height"))
        guard size.width >= 1, size.height >= 1 else {
            throw ScriptError(file: file, field: "recording", reason: "width and height must be at least 1 pixel")
        }
        let scale = try reader.number("scale", default: 1)
        guard scale == 1 || scale == 2 else {
            throw ScriptError(file: file, field: "recording", reason: "scale must be 1 or 2")
        }
        var flags: [String] = []
        for flag in node["flags"]?.elements ?? [] {
            guard let text = flag.string else {
                throw ScriptError(file: file, field: "recording", reason: "flags must be strings")
            }
            flags.append(text)
        }
        return Script.Recording(version: node["version"]?.string ?? "", size: size, scale: scale, flags: flags)
    }

    private func parseEvent(_ item: JSONNode, index: Int) throws(ScriptError) -> ScriptEvent {
        guard case .object = item.value else {
            throw ScriptError(file: file, event: index, reason: "must be an object")
        }
        let reader = FieldReader(file: file, index: index, fields: item)
        guard let type = item["type"]?.string else {
            throw ScriptError(file: file, event: index, field: "type", reason: "missing; one of "
                                  + Self.eventTypes.joined(separator: ", "))
        }
        let at = try reader.number("at")
        guard at >= 0 else { throw ScriptError(file: file, event: index, field: "at", reason: "must not be negative") }
        guard at <= Script.longestTime else {
            throw ScriptError(file: file, event: index, field: "at",
                              reason: "\(at) s is more than a day (\(Int(Script.longestTime)) s) of virtual time")
        }
        let action: ScriptAction
        switch type {
        case "mouse-down", "mouse-up":
            let location = try reader.point()
            let button = try reader.button()
            action = .input(.pointer(PointerEvent(phase: type == "mouse-down" ? .down : .up,
                                                  location: location, button: button)))
        case "mouse-move":
            action = .input(.pointer(PointerEvent(phase: .move, location: try reader.point())))
        case "touch-down", "touch-move", "touch-up", "touch-cancel":
            let location = try reader.point()
            let finger = try reader.number("finger")
            guard finger >= 0, finger == finger.rounded(), finger < 1e9 else {
                throw ScriptError(file: file, event: index, field: "finger",
                                  reason: "must be a whole number from 0, the finger's id")
            }
            action = .input(.pointer(PointerEvent(phase: Self.touchPhases[type]!, location: location, kind: .touch,
                                                  id: Int(finger))))
        case "wheel":
            let location = try reader.point()
            action = .input(.wheel(at: location, dx: try reader.number("dx", default: 0),
                                   dy: try reader.number("dy", default: 0)))
        case "key":
            let name = try reader.string("key")
            guard let key = KeyPress.parse(name) else {
                throw ScriptError(file: file, event: index, field: "key",
                                  reason: "unknown key \"\(name)\" (e.g. escape, plus, ctrl+z)")
            }
            action = .input(.key(key))
        case "text":
            action = .input(.text(try reader.string("text")))
        case "resize":
            let size = Size(width: try reader.number("width"), height: try reader.number("height"))
            action = .input(.resize(size))
        case "focus-lost":
            action = .input(.focusLost)
        case "frame":
            action = .frame
        case "screenshot":
            action = .screenshot(path: try reader.string("path"))
        case "dump-scene":
            action = .dumpScene(path: try reader.string("path"))
        case "quit":
            action = .quit
        default:
            throw ScriptError(file: file, event: index, field: "type",
                              reason: "unknown type \"\(type)\"; one of " + Self.eventTypes.joined(separator: ", "))
        }
        return ScriptEvent(at: at, action: action)
    }
}

/// Reads typed fields of one script event.
private struct FieldReader {
    /// No number in a script means anything past a million (pixels, notches, seconds).
    static let largest = 1_000_000.0

    let file: String
    let index: Int?
    let fields: JSONNode

    func number(_ name: String, default fallback: Double? = nil) throws(ScriptError) -> Double {
        guard let raw = fields[name] else {
            if let fallback { return fallback }
            throw ScriptError(file: file, event: index, field: name, reason: "missing; expected a number")
        }
        guard case .number(let value, _) = raw.value else {
            throw ScriptError(file: file, event: index, field: name, reason: "must be a number")
        }
        guard value.isFinite else {
            throw ScriptError(file: file, event: index, field: name, reason: "must be a finite number")
        }
        guard abs(value) <= FieldReader.largest else {
            throw ScriptError(file: file, event: index, field: name,
                              reason: "\(value) is out of range (at most \(Int(FieldReader.largest)) either way)")
        }
        return value
    }

    func string(_ name: String) throws(ScriptError) -> String {
        guard let raw = fields[name] else {
            throw ScriptError(file: file, event: index, field: name, reason: "missing; expected a string")
        }
        guard let text = raw.string, !text.isEmpty else {
            throw ScriptError(file: file, event: index, field: name, reason: "must be a non-empty string")
        }
        return text
    }

    func point() throws(ScriptError) -> Point {
        Point(x: try number("x"), y: try number("y"))
    }

    func button() throws(ScriptError) -> MouseButton {
        guard let raw = fields["button"] else { return .left }
        guard let name = raw.string, let button = MouseButton(rawValue: name) else {
            throw ScriptError(file: file, event: index, field: "button", reason: "must be left, right or middle")
        }
        return button
    }
}
