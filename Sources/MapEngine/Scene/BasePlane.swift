/// The base of a frame: its tiles, the overlays under the labels and the
/// labels at rest (only what lies under them when 3D buildings stand on the
/// map: the buildings and the labels over them are drawn every frame), laid
/// out as one picture a margin larger than the view and anchored in the
/// world. While the map only pans by whole pixels the
/// picture does not change, it only moves: a renderer that kept it copies it
/// once instead of drawing every tile and label again. It stands for the
/// scene's first `count` commands, which draw the same pixels.
///
///     if let base = scene.base { draw base.commands into a picture of base.size once, copy it to base.origin,
///                                then draw scene.commands.dropFirst(base.count) }
package struct BasePlane: Equatable, Sendable {
    /// What the picture holds, in its own pixels (its top-left corner at 0, 0).
    package var commands: [DrawCommand]
    /// The picture's size in pixels: the view and a margin on every side.
    package var size: Size
    /// Where the picture's top-left corner goes in the view, in whole pixels.
    package var origin: Point
    /// How many of the scene's first commands the picture stands for.
    package var count: Int
    /// Whether its tile draws reach every pixel of it (as `Scene.tilesCoverView`).
    package var tilesCover: Bool

    /// Every stored field, as the memberwise initialiser takes them.
    package init(commands: [DrawCommand], size: Size, origin: Point, count: Int, tilesCover: Bool) {
        self.commands = commands
        self.size = size
        self.origin = origin
        self.count = count
        self.tilesCover = tilesCover
    }
}

/// Where the base plane lies in the world, kept from frame to frame by the
/// map: a camera at the view's zoom whose view is the map's view and a
/// margin on every side. It stays while the map pans within the margin and
/// moves to the view when the map zooms, turns, resizes, pans past the
/// margin or comes to rest between whole pixels. A tilted map has none. Labels are placed for it, so they
/// stay as they are while it stays.
package struct BasePlaneAnchor: Sendable {
    /// The plane's margin around the view, in points.
    package static let margin = 128.0

    /// The largest plane, in pixels: a 4K view and its margin.
    static let largestArea = 4352.0 * 2416.0

    /// The plane's camera; nil before the first frame, or for a view too
    /// large for a picture.
    package private(set) var camera: Camera?

    /// The heading of the view last followed.
    private var lastHeading: Double?

    package init() {}

    /// Keeps the plane where it is while it still serves the view, else
    /// anchors it on the view. A map moving on its own between whole pixels
    /// keeps it (its frames are drawn whole) until it passes the margin.
    package mutating func follow(_ view: Camera, scale: Double, atRest: Bool) {
        // A tilted view is no picture moved: each pixel's scale depends on its
        // depth. A turning map has none until it rests: its labels turn with it.
        let turning = !atRest && lastHeading.map { $0 != view.heading } == true
        lastHeading = view.heading
        guard view.pitch == 0, !turning else {
            camera = nil
            return
        }
        let margin = BasePlaneAnchor.margin * scale
        let size = Size(width: view.viewportSize.width + 2 * margin, height: view.viewportSize.height + 2 * margin)
        if let camera, camera.viewportSize == size, let offset = offset(of: view),
           abs(offset.x) <= margin, abs(offset.y) <= margin, !atRest || origin(for: view) != nil {
            return
        }
        var plane = view
        plane.resize(to: size)
        // A pan past the margin: the new plane reaches ahead, so a steady pan crosses twice the margin before the next.
        if let previous = camera, previous.viewportSize == size, let offset = offset(of: view), atRest,
           origin(for: view) == nil, abs(offset.x - offset.x.rounded()) < 1e-6, abs(offset.y - offset.y.rounded()) < 1e-6 {
            let ahead = Point(x: offset.x > margin ? margin : offset.x < -margin ? -margin : 0,
                              y: offset.y > margin ? margin : offset.y < -margin ? -margin : 0)
            plane.pan(by: ahead * -1)
        }
        camera = plane.viewportSize == size && size.width * size.height <= BasePlaneAnchor.largestArea ? plane : nil
    }

    /// Where the plane's top-left corner lies in `view`, when the plane
    /// covers it and lies on whole pixels; nil when the frame must be drawn
    /// whole.
    package func origin(for view: Camera) -> Point? {
        guard let camera, let offset = offset(of: view) else { return nil }
        let margin = (camera.viewportSize.width - view.viewportSize.width) / 2
        let whole = Point(x: offset.x.rounded(), y: offset.y.rounded())
        guard margin > 0, camera.viewportSize.height - view.viewportSize.height == 2 * margin,
              abs(offset.x - whole.x) < 1e-6, abs(offset.y - whole.y) < 1e-6,
              abs(whole.x) <= margin, abs(whole.y) <= margin else { return nil }
        return Point(x: -margin - whole.x, y: -margin - whole.y)
    }

    /// How far the view's centre lies from the plane's, in pixels, when the
    /// plane was made for the view's zoom and heading.
    private func offset(of view: Camera) -> Point? {
        guard let camera, camera.zoom == view.zoom, camera.heading == view.heading, camera.pitch == view.pitch else { return nil }
        return camera.screenPoint(forWorld: view.center) - camera.viewportSize.center
    }
}
