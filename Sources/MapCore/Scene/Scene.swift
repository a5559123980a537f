/// Everything one frame shows, in drawing order, plus the tiles the frame
/// would like loaded. Built by `MapController.scene(at:tiles:text:)`.
public struct Scene: Equatable, Sendable {
    public var camera: Camera
    public var commands: [DrawCommand]
    /// Tiles to load, most useful first: the ancestors that stand in while a
    /// tile loads, then the visible tiles from the centre outwards.
    public var tileRequests: [TileID]
    /// The tiles overlays are to be painted on, from the centre outwards
    /// (empty without overlays).
    public var overlayRequests: [TileID] = []

    public init(camera: Camera, commands: [DrawCommand] = [], tileRequests: [TileID] = []) {
        self.camera = camera
        self.commands = commands
        self.tileRequests = tileRequests
    }
}
