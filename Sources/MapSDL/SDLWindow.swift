import CSDL2

/// An open SDL window, closed when the last renderer drawing into it is gone.
final class SDLWindow {
    let pointer: OpaquePointer

    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { SDL_DestroyWindow(pointer) }
}
