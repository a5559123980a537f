import CSDL2

/// A failed SDL call: what pinmap was doing and what SDL said.
///
///     do { _ = try MapWindow(options: options) } catch { print(error) }   // no display: try --headless
public struct SDLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done ("opening the window").
    public let action: String
    /// Why it failed, in SDL's words or ours.
    public let reason: String

    /// An error while doing `action`, failing for `reason`.
    public init(_ action: String, reason: String) {
        self.action = action
        self.reason = reason
    }

    /// An error carrying `SDL_GetError()`'s text.
    static func last(_ action: String) -> SDLError {
        SDLError(action, reason: String(cString: SDL_GetError()))
    }

    /// The action and the reason, on one line.
    public var description: String { "\(action): \(reason)" }
}
