import CDesktop
import CSDL2
import Foundation

/// The desktop the window opens on, asked before SDL starts: which of
/// SDL's video drivers to use, and how many pixels a point is.
///
/// - The driver: `SDL_VIDEODRIVER` when the user sets it; otherwise Wayland
///   when a compositor answers at `WAYLAND_DISPLAY` (`wayland-0` in a
///   Wayland session) and offers a seat, else X11. SDL 2.26 crashes on a
///   compositor without a seat (no keyboard, pointer or touch:
///   libsdl-org/SDL#8898), so on one pinmap uses X11 when it can and else
///   says why it cannot open a window.
/// - The scale: on Wayland the compositor's output scale, which SDL gives
///   as the window's pixel density; on X11 `GDK_SCALE` (a whole number, as
///   GTK reads it), else the X server's `Xft.dpi` over 96 (in quarters:
///   144 is 1.5), else 1.
///
///     let driver = try DesktopDisplay.chooseDriver(environment: ProcessInfo.processInfo.environment)
package enum DesktopDisplay {
    /// What SDL is told, and why.
    package struct DriverChoice: Equatable, Sendable {
        /// `SDL_HINT_VIDEODRIVER`'s value; nil leaves SDL's own order.
        package var hint: String?
        /// Said in the log (`--verbose`), or as a warning when it is a fallback.
        package var note: String?
        package var isFallback = false
    }

    /// The Wayland socket a session would use; nil when there is no sign of one.
    static func waylandDisplay(_ environment: [String: String]) -> String? {
        if let name = environment["WAYLAND_DISPLAY"], !name.isEmpty { return name }
        return environment["XDG_SESSION_TYPE"] == "wayland" ? "wayland-0" : nil
    }

    /// The driver for `environment`; `hasSeat` asks the compositor at a
    /// socket (1 a seat, 0 none, -1 no answer). Throws when the only display
    /// there is a Wayland one SDL would crash on.
    package static func chooseDriver(environment: [String: String],
                                     hasSeat: (String) -> Int32 = { pinmap_wayland_has_seat($0) }) throws(SDLError) -> DriverChoice {
        let noSeat = { (name: String) in
            "the Wayland compositor at \(name) offers no seat (no keyboard, pointer or touch), on which SDL 2.26 cannot start"
        }
        let hasX11 = !(environment["DISPLAY"] ?? "").isEmpty
        if let asked = environment["SDL_VIDEODRIVER"], !asked.isEmpty {
            if asked.split(separator: ",").first == "wayland", let name = waylandDisplay(environment), hasSeat(name) == 0 {
                throw SDLError("opening the window", reason: noSeat(name) + "; add an input device, or use SDL_VIDEODRIVER=x11")
            }
            return DriverChoice(hint: nil, note: "video driver \(asked), as SDL_VIDEODRIVER asks")
        }
        guard let name = waylandDisplay(environment) else { return DriverChoice() }
        switch hasSeat(name) {
        case 1:
            return DriverChoice(hint: "wayland,x11", note: "video driver wayland (\(name))")
        case 0:
            guard hasX11 else { throw SDLError("opening the window", reason: noSeat(name) + ", and there is no X display") }
            return DriverChoice(hint: "x11", note: noSeat(name) + ": using X11 instead", isFallback: true)
        default:
            return DriverChoice()
        }
    }

    /// Points to pixels the desktop asks for beyond what SDL's window gives:
    /// on X11 `GDK_SCALE`, else `Xft.dpi` / 96; on Wayland nothing more (the
    /// output scale comes as the window's pixel density). With where it came from.
    package static func extraScale(driver: String, environment: [String: String],
                                   xftDPI: () -> Double) -> (scale: Double, source: String)? {
        guard driver == "x11" else { return nil }
        if let text = environment["GDK_SCALE"], let whole = Int(text.trimmingCharacters(in: .whitespaces)), (1...4).contains(whole) {
            return whole > 1 ? (Double(whole), "GDK_SCALE") : nil
        }
        let dpi = xftDPI()
        guard dpi.isFinite, dpi > 96 else { return nil }
        let scale = min(4, (dpi / 96 * 4).rounded() / 4)
        return scale > 1 ? (scale, "Xft.dpi \(Int(dpi.rounded()))") : nil
    }

    /// The X server's `Xft.dpi` (0 without one).
    static func xftDPI(display: String?) -> Double {
        pinmap_x11_xft_dpi(display)
    }
}
