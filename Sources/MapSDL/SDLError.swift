import CSDL2

/// A failed SDL call: what pinmap was doing and what SDL said.
public struct SDLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let action: String
    public let reason: String

    public init(_ action: String, reason: String) {
        self.action = action
        self.reason = reason
    }

    /// An error carrying `SDL_GetError()`'s text.
    static func last(_ action: String) -> SDLError {
        SDLError(action, reason: String(cString: SDL_GetError()))
    }

    public var description: String { "\(action): \(reason)" }
}
