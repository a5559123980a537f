import CSDL2
import Foundation

/// Which SDL renderer a window draws with, and why. A GL that is itself
/// software (Mesa's llvmpipe, softpipe, swrast: virtual machines, remote
/// desktops, some ARM boards) costs far more per frame than SDL's own
/// software renderer drawing straight into the window, so `auto` checks
/// `GL_RENDERER` and falls back when it names one of them.
///
///     let (drawer, choice) = try WindowRenderer.create(for: window, preference: .auto)
///     logger.info("renderer \(choice.name): \(choice.reason)")
package enum WindowRenderer {
    /// Which renderer to ask for: the first that works (`auto`), or one by name.
    package enum Preference: String, CaseIterable, Sendable {
        /// OpenGL on a graphics driver; SDL's software renderer when GL is itself software.
        case auto
        /// SDL's software renderer, which draws the same pixels everywhere.
        case software
        /// OpenGL.
        case opengl
        /// OpenGL ES 2.
        case opengles2
    }

    /// The renderer that runs and why it was picked.
    package struct Choice: Equatable, Sendable, CustomStringConvertible {
        /// SDL's name for the renderer ("opengl", "software").
        package let name: String
        /// Why it was chosen.
        package let reason: String
        /// The renderer's name and why, on one line.
        package var description: String { "\(name) (\(reason))" }
    }

    /// Words in `GL_RENDERER` that name a GL drawn by the CPU.
    static let softwareGLNames = ["llvmpipe", "softpipe", "swrast", "software rasterizer"]

    /// True when a `GL_RENDERER` string names a GL drawn by the CPU.
    package static func isSoftwareGL(_ renderer: String) -> Bool {
        let lower = renderer.lowercased()
        return softwareGLNames.contains { lower.contains($0) }
    }

    /// Makes the window's renderer. `SDL_RENDER_DRIVER` in the environment wins over `preference`.
    static func create(for window: OpaquePointer, preference: Preference,
                       environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(SDLError) -> (OpaquePointer, Choice) {
        if let driver = environment["SDL_RENDER_DRIVER"], !driver.isEmpty {
            // SDL reads the variable itself.
            guard let made = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                    ?? SDL_CreateRenderer(window, -1, 0) else { throw .last("creating the \(driver) renderer") }
            return (made, Choice(name: name(of: made), reason: "SDL_RENDER_DRIVER=\(driver)"))
        }
        switch preference {
        case .software:
            return (try software(window), Choice(name: "software", reason: "--renderer software"))
        case .opengl, .opengles2:
            SDL_SetHint("SDL_RENDER_DRIVER", preference.rawValue)
            guard let made = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                    ?? SDL_CreateRenderer(window, -1, 0) else { throw .last("creating the \(preference.rawValue) renderer") }
            return (made, Choice(name: name(of: made), reason: "--renderer \(preference.rawValue)"))
        case .auto:
            guard let made = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) else {
                let why = String(cString: SDL_GetError())
                return (try software(window), Choice(name: "software", reason: "no accelerated renderer: \(why)"))
            }
            let driver = name(of: made)
            guard driver.hasPrefix("opengl"), let gl = glRenderer() else {
                return (made, Choice(name: driver, reason: "SDL's first choice here"))
            }
            guard isSoftwareGL(gl) else { return (made, Choice(name: driver, reason: "GL_RENDERER is \(gl)")) }
            SDL_DestroyRenderer(made)
            if let drawer = try? software(window) {
                return (drawer, Choice(name: "software", reason: "GL_RENDERER is \(gl), a GL drawn by the CPU: SDL's software renderer is faster"))
            }
            // SDL's Wayland windows have no framebuffer of their own: the CPU's GL it is.
            let why = String(cString: SDL_GetError())
            guard let again = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(window, -1, 0) else {
                throw .last("creating a renderer")
            }
            return (again, Choice(name: name(of: again), reason: "GL_RENDERER is \(gl); the software renderer cannot draw here: \(why)"))
        }
    }

    /// The renderer a window would get here, found with a small hidden
    /// window (`pinmap resources`).
    package static func probe(preference: Preference = .auto) throws(SDLError) -> Choice {
        try SDLRuntime.start(video: true)
        guard let window = SDL_CreateWindow("pinmap probe", 0, 0, 16, 16, SDL_WINDOW_HIDDEN.rawValue) else {
            throw .last("opening a window")
        }
        defer { SDL_DestroyWindow(window) }
        let (renderer, choice) = try create(for: window, preference: preference)
        SDL_DestroyRenderer(renderer)
        return choice
    }

    /// SDL's software renderer drawing straight into the window's own
    /// framebuffer, with no GL in between.
    /// SDL's software renderer, into the window's own framebuffer; where a
    /// window has none (SDL 2.26 on Wayland), into one SDL shows through GL.
    private static func software(_ window: OpaquePointer) throws(SDLError) -> OpaquePointer {
        SDL_SetHint("SDL_FRAMEBUFFER_ACCELERATION", "0")
        if let made = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) { return made }
        SDL_SetHint("SDL_FRAMEBUFFER_ACCELERATION", "1")
        guard let made = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw .last("creating the software renderer")
        }
        return made
    }

    private static func name(of renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// `GL_RENDERER` of the GL context a GL renderer just made current.
    private static func glRenderer() -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let getString = unsafeBitCast(address, to: GetString.self)
        let glRendererName: UInt32 = 0x1F01
        return getString(glRendererName).map { String(cString: $0) }
    }
}
