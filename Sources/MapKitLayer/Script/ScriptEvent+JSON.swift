import Foundation
import MapEngine

/// A script event as one line of the script format `ScriptParser` reads,
/// so what a window records plays back headless.
///
///     ScriptEvent(at: 0.5, action: .input(.key(KeyPress("z", modifiers: .control)))).json
///     // {"at":0.5,"type":"key","key":"ctrl+z"}
extension ScriptEvent {
    package var json: String {
        var fields: [(String, String)] = [("at", ScriptEvent.number(at))]
        switch action {
        case .input(let input): fields += ScriptEvent.fields(of: input)
        case .frame: fields.append(("type", ScriptEvent.string("frame")))
        case .screenshot(let path): fields += [("type", ScriptEvent.string("screenshot")), ("path", ScriptEvent.string(path))]
        case .dumpScene(let path): fields += [("type", ScriptEvent.string("dump-scene")), ("path", ScriptEvent.string(path))]
        case .quit: fields.append(("type", ScriptEvent.string("quit")))
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func fields(of input: InputEvent) -> [(String, String)] {
        switch input {
        case .pointer(let pointer):
            var fields: [(String, String)] = [("type", string(type(of: pointer))), ("x", number(pointer.location.x)),
                                              ("y", number(pointer.location.y))]
            if pointer.kind == .touch { fields.append(("finger", number(Double(pointer.id)))) }
            if pointer.kind == .mouse, pointer.phase != .move, let button = pointer.button {
                fields.append(("button", string(button.rawValue)))
            }
            return fields
        case .wheel(let at, let dx, let dy):
            return [("type", string("wheel")), ("x", number(at.x)), ("y", number(at.y)), ("dx", number(dx)), ("dy", number(dy))]
        case .key(let key): return [("type", string("key")), ("key", string(key.description))]
        case .text(let text): return [("type", string("text")), ("text", string(text))]
        case .resize(let size):
            return [("type", string("resize")), ("width", number(size.width)), ("height", number(size.height))]
        case .focusLost: return [("type", string("focus-lost"))]
        case .quit: return [("type", string("quit"))]
        }
    }

    private static func type(of pointer: PointerEvent) -> String {
        switch (pointer.kind, pointer.phase) {
        case (.touch, let phase): "touch-" + phase.rawValue
        case (_, .down): "mouse-down"
        case (_, .up), (_, .cancel): "mouse-up"
        case (_, .move): "mouse-move"
        }
    }

    /// Swift's shortest spelling that reads back as the same Double.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    static func string(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
