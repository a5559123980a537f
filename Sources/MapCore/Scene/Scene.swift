/// Everything one frame shows, in drawing order, plus the tiles the frame
/// would like loaded. Built by `MapController.scene(at:tiles:text:)`.
public struct Scene: Equatable, Sendable {
    /// The camera the frame was made for.
    public var camera: Camera
    /// What to draw, back to front.
    public var commands: [DrawCommand]
    /// Tiles to load, most useful first: the ancestors that stand in while a
    /// tile loads, then the visible tiles from the centre outwards.
    public var tileRequests: [TileID]
    /// The tiles overlays are to be painted on, from the centre outwards
    /// (empty without overlays).
    public var overlayRequests: [TileID] = []

    /// A scene seen by `camera`, drawing `commands` and asking for `tileRequests`.
    public init(camera: Camera, commands: [DrawCommand] = [], tileRequests: [TileID] = []) {
        self.camera = camera
        self.commands = commands
        self.tileRequests = tileRequests
    }
}
