import MapEngine
import MapKitLayer

/// The modifier keys held with a key `MapTester.press(_:modifiers:)` presses.
///
///     tester.press("z", modifiers: .control)   // undo
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The modifier bits.
    public let rawValue: Int
    /// Modifiers from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Control.
    public static let control = KeyModifiers(rawValue: 1)
    /// Shift.
    public static let shift = KeyModifiers(rawValue: 2)
    /// Alt.
    public static let alt = KeyModifiers(rawValue: 4)

    /// The same keys as the map's input reads them.
    var keyPress: KeyPress.Modifiers {
        var modifiers: KeyPress.Modifiers = []
        if contains(.control) { modifiers.insert(.control) }
        if contains(.shift) { modifiers.insert(.shift) }
        if contains(.alt) { modifiers.insert(.alt) }
        return modifiers
    }
}
