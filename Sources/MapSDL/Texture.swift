import CSDL2

/// An image uploaded to a renderer (an `SDL_Texture`), destroyed with this object.
public final class Texture {
    let pointer: OpaquePointer
    public let width: Int
    public let height: Int
    /// Bytes it takes, for the tile cache's budget.
    public var byteCount: Int { width * height * 4 }

    init(owning pointer: OpaquePointer, width: Int, height: Int) {
        self.pointer = pointer
        self.width = width
        self.height = height
    }

    deinit { SDL_DestroyTexture(pointer) }
}
