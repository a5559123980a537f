import CSDL2

/// Starts the SDL subsystems pinmap needs. SDL counts starts, so calling this
/// again is harmless.
///
///     try SDLRuntime.start(video: false)   // headless: image and font libraries only
package enum SDLRuntime {
    /// Starts SDL's video (for a window; not needed offscreen) and its image
    /// and font libraries; calling it again is harmless. Throws when one cannot start.
    package static func start(video: Bool) throws(SDLError) {
        if video {
            guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
                throw .last("starting the SDL video subsystem")
            }
        }
        let formats = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)
        guard IMG_Init(formats) & formats == formats else { throw .last("starting SDL_image") }
        guard TTF_WasInit() > 0 || TTF_Init() == 0 else { throw .last("starting SDL_ttf") }
    }
}
