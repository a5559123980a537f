/// Everything one frame shows, in drawing order, plus the tiles the frame
/// would like loaded. Built by `FrameComposer.scene(of:at:tiles:text:)`.
package struct Scene: Equatable, Sendable {
    /// The camera the frame was made for.
    package var camera: Camera
    /// What to draw, back to front.
    package var commands: [DrawCommand]
    /// Tile images to make, most useful first: the ancestors that stand in
    /// while a tile loads, then the visible tiles from the centre outwards,
    /// then the overlays painted on them, then (at rest between whole
    /// zooms) the tiles painted again at their size on screen. One list, so
    /// every kind shares the store's workers.
    package var tileRequests: [TileKey]
    /// Whether the map's tile draws (tiles, stand-ins, placeholders) reach
    /// every pixel of the view: a renderer whose tiles are all opaque need
    /// not clear first.
    package var tilesCoverView = false
    /// The frame's base as one picture that moves with the map, when it
    /// lies on whole pixels: a renderer may draw it for the first
    /// `base.count` commands (see `BasePlane`), or ignore it.
    package var base: BasePlane?

    /// A scene seen by `camera`, drawing `commands` and asking for `tileRequests`.
    package init(camera: Camera, commands: [DrawCommand] = [], tileRequests: [TileKey] = []) {
        self.camera = camera
        self.commands = commands
        self.tileRequests = tileRequests
    }
}
