/// The annotation views of one frame as a single draw command: small images
/// (sprites) placed in groups, one group per view, each group pinned to a
/// point of the unit world. The core keeps the groups and sprites from frame
/// to frame and redraws a view only when it changes, so panning the camera
/// over many thousands of pins costs nothing here; the camera carried along
/// says where each group lands on screen.
///
///     batch.forEachVisible { sprite, rect, group in ... }   // back to front
///     batch.imageDraws                                      // as image commands
package struct SpriteBatch: Equatable, Sendable {
    /// One image of a view, relative to the view's top-left corner.
    package struct Sprite: Equatable, Sendable {
        /// The image file, as an index into `names`.
        package var name: Int32
        /// What the image is for, as an index into `roles`.
        package var role: Int32
        /// Top-left corner in pixels from the view's, on whole pixels.
        package var offset: Point
        /// Size in pixels.
        package var size: Size
        /// Opacity, 0 to 1.
        package var alpha: Double
        /// Multiplies the image's colours; nil draws it as it is.
        package var tint: Color?

        /// Every stored field, as the memberwise initialiser takes them.
        package init(name: Int32, role: Int32, offset: Point, size: Size, alpha: Double, tint: Color?) {
            self.name = name
            self.role = role
            self.offset = offset
            self.size = size
            self.alpha = alpha
            self.tint = tint
        }
    }

    /// One view: its anchor in the unit world, its frame's corner relative
    /// to the anchor in pixels, and the run of `sprites` it draws.
    package struct Group: Equatable, Sendable {
        /// The annotation's unit world point, x in 0..<1.
        package var world: Point
        /// The view's top-left corner relative to the anchor, in pixels.
        package var frameOrigin: Point
        /// The group's first sprite, as an index into `sprites`.
        package var first: Int32
        /// How many sprites the group has.
        package var count: Int32
        /// The annotation, as an index into `ids`.
        package var slot: Int32
        /// Drawing order: higher priorities in front, then lower on screen.
        var priority: Double

        /// Every stored field, as the memberwise initialiser takes them.
        package init(world: Point, frameOrigin: Point, first: Int32, count: Int32, slot: Int32, priority: Double) {
            self.world = world
            self.frameOrigin = frameOrigin
            self.first = first
            self.count = count
            self.slot = slot
            self.priority = priority
        }

        /// The same, for a renderer comparing groups.
        package var priorityForDrawing: Double { priority }

        /// True when `self` is drawn before (behind) `other`.
        package func isBehind(_ other: Group) -> Bool {
            if priority != other.priority { return priority < other.priority }
            if world.y != other.world.y { return world.y < other.world.y }
            return slot < other.slot
        }
    }

    /// Places the groups on screen.
    package var camera: Camera
    /// Back to front.
    package internal(set) var groups: [Group]
    /// Every group's sprites, each group's a run starting at its `first`.
    package internal(set) var sprites: [Sprite]
    /// The image names sprites draw, by `Sprite.name`.
    package internal(set) var names: [String]
    /// The roles sprites have ("annotation", "shadow"), by `Sprite.role`.
    package internal(set) var roles: [String]
    /// Annotation names for scene dumps, by `Group.slot`.
    package internal(set) var ids: [Int32: String]
    /// How far any sprite reaches from its view's corner, in pixels (at
    /// least: it may still count sprites since dropped).
    var reach: Double
    /// The shapes and text behind the names that are pictures (views that
    /// drew with `AnnotationCanvas.fill`, `stroke` or text), by index into `names`.
    package internal(set) var pictures: [Int32: CanvasPicture] = [:]

    /// Every stored field, as the memberwise initialiser takes them.
    package init(camera: Camera, groups: [Group], sprites: [Sprite], names: [String], roles: [String], ids: [Int32: String], reach: Double, pictures: [Int32: CanvasPicture] = [:]) {
        self.camera = camera
        self.groups = groups
        self.sprites = sprites
        self.names = names
        self.roles = roles
        self.ids = ids
        self.reach = reach
        self.pictures = pictures
    }

    /// The view's top-left corner on screen, on whole pixels, on the copy
    /// of the world nearest the camera's centre (`copy` 0) or `copy` worlds
    /// east (positive) or west of it.
    package func origin(of group: Group, copy: Int = 0) -> Point {
        guard camera.isFlatNorthUp else {
            // Turned or tilted: views stay upright on their anchor's place on screen.
            let anchor = camera.screenPoint(forWorld: Point(x: group.world.x + Double(copy), y: group.world.y))
            return Point(x: (anchor.x + group.frameOrigin.x).rounded(), y: (anchor.y + group.frameOrigin.y).rounded())
        }
        let dx = WebMercator.shortWay(group.world.x - camera.center.x) + Double(copy)
        let worldSize = camera.worldSize
        let top = (group.world.y - camera.center.y) * worldSize + camera.viewportSize.height / 2 + group.frameOrigin.y
        return Point(x: (dx * worldSize + camera.viewportSize.width / 2 + group.frameOrigin.x).rounded(),
                     y: SpriteBatch.keptBelowWorldTop(top, camera: camera).rounded())
    }

    /// A view's top on screen, kept below the world's top edge: pins north
    /// of 85.05° stand on that edge (the map ends there), and hanging above
    /// it they could never be seen.
    @inline(__always)
    package static func keptBelowWorldTop(_ top: Double, camera: Camera) -> Double {
        max(top, camera.viewportSize.height / 2 - camera.center.y * camera.worldSize)
    }

    /// The copies of the world that can show on screen, as offsets from the
    /// nearest: just 0 unless the world is narrower than the screen and
    /// the views' reach.
    var copies: ClosedRange<Int> {
        let reach = (camera.viewportSize.width / 2 + SpriteBatch.copyMargin) / camera.worldSize
        let n = Int(reach.rounded(.up))
        return -n...n
    }

    /// How far past the screen's edge a view's anchor may be and still show.
    static let copyMargin = 256.0

    /// Calls `body` for every sprite that shows in the viewport, back to
    /// front, with its screen rectangle; where the world repeats across the
    /// screen, each copy of it shows its views.
    package func forEachVisible(_ body: (Sprite, Rect, Group) -> Void) {
        guard camera.isFlatNorthUp else { return forEachVisibleTurned(body) }
        forEachVisible(in: Rect(origin: .zero, size: camera.viewportSize), groups: groups.indices, body)
    }

    /// On a flat map facing north: the sprites of `groups` (indices into
    /// `groups`, back to front) that show in `area`, a rectangle in the
    /// view's pixels that may reach past it (a picture of the view and a
    /// margin), with their rectangles in the view's pixels.
    package func forEachVisible(in area: Rect, groups indices: some Sequence<Int>, _ body: (Sprite, Rect, Group) -> Void) {
        forEachVisible(in: area, indices: indices, body: { index, sprite, rect in body(sprite, rect, groups[index]) })
    }

    /// Whether `other` draws the same views as `self` wherever the cameras
    /// are (cheap when both come from the same kept arrays).
    package func drawsAlike(_ other: SpriteBatch) -> Bool {
        groups == other.groups && sprites == other.sprites && names == other.names && roles == other.roles && pictures == other.pictures
    }

    /// `forEachVisible(in:groups:)` telling each sprite's group by its index in `groups` (consecutive for one group).
    package func forEachVisible(in area: Rect, groups range: Range<Int>, indexed body: (Int, Rect) -> Void) {
        forEachVisible(in: area, indices: range, body: { index, _, rect in body(index, rect) })
    }

    /// The sprites of the groups at `indices` (back to front) that show in `area`, with their group's index.
    package func forEachVisible(in area: Rect, indices: some Sequence<Int>, body: (Int, Sprite, Rect) -> Void) {
        let (width, height) = (camera.viewportSize.width, camera.viewportSize.height)
        let farthest = max(abs(area.minX - width / 2), abs(area.maxX - width / 2))
        let n = Int(((farthest + SpriteBatch.copyMargin) / camera.worldSize).rounded(.up))
        let worldSize = camera.worldSize
        let halfWidth = width / 2, halfHeight = height / 2
        let worldTop = SpriteBatch.keptBelowWorldTop(-.infinity, camera: camera)
        for index in indices where groups.indices.contains(index) {
            let group = groups[index]
            let y = max((group.world.y - camera.center.y) * worldSize + halfHeight + group.frameOrigin.y, worldTop)
            guard y < area.maxY + reach + 1, y > area.minY - reach - 1 else { continue }
            let x = WebMercator.shortWay(group.world.x - camera.center.x) * worldSize + halfWidth + group.frameOrigin.x
            for copy in -n...n {
                let shifted = x + Double(copy) * worldSize
                guard shifted < area.maxX + reach + 1, shifted > area.minX - reach - 1 else { continue }
                let origin = origin(of: group, copy: copy)
                for i in Int(group.first)..<Int(group.first + group.count) {
                    let sprite = sprites[i]
                    let x = origin.x + sprite.offset.x, y = origin.y + sprite.offset.y
                    guard x < area.maxX, y < area.maxY, x + sprite.size.width > area.minX, y + sprite.size.height > area.minY else { continue }
                    body(index, sprite, Rect(origin: Point(x: x, y: y), size: sprite.size))
                }
            }
        }
    }

    /// `forEachVisible` on a turned or tilted map: each view upright at its
    /// anchor, those lower on screen in front (within a priority), views
    /// beyond a tilted map's horizon left out.
    private func forEachVisibleTurned(_ body: (Sprite, Rect, Group) -> Void) {
        let (width, height) = (camera.viewportSize.width, camera.viewportSize.height)
        let horizon = camera.horizonY ?? -.infinity
        var shown: [(group: Group, origin: Point, y: Double)] = []
        for group in groups {
            for copy in copies {
                let anchor = camera.screenPoint(forWorld: Point(x: group.world.x + Double(copy), y: group.world.y))
                guard anchor.y > horizon, anchor.x > -reach - 1, anchor.x < width + reach + 1,
                      anchor.y > -reach - 1, anchor.y < height + reach + 1 else { continue }
                shown.append((group, Point(x: (anchor.x + group.frameOrigin.x).rounded(),
                                           y: (anchor.y + group.frameOrigin.y).rounded()), anchor.y))
            }
        }
        // Stable: equal places keep the batch's order.
        let order = shown.indices.sorted {
            let a = shown[$0], b = shown[$1]
            if a.group.priority != b.group.priority { return a.group.priority < b.group.priority }
            return a.y != b.y ? a.y < b.y : $0 < $1
        }
        for index in order {
            let (group, origin, _) = shown[index]
            for i in Int(group.first)..<Int(group.first + group.count) {
                let sprite = sprites[i]
                let x = origin.x + sprite.offset.x, y = origin.y + sprite.offset.y
                guard x < width, y < height, x + sprite.size.width > 0, y + sprite.size.height > 0 else { continue }
                body(sprite, Rect(origin: Point(x: x, y: y), size: sprite.size), group)
            }
        }
    }

    /// The visible sprites as separate image commands, back to front.
    package var imageDraws: [ImageDraw] {
        var draws: [ImageDraw] = []
        forEachVisible { sprite, rect, group in
            draws.append(ImageDraw(name: names[Int(sprite.name)], rect: rect, alpha: sprite.alpha,
                                   role: roles[Int(sprite.role)], id: ids[group.slot] ?? "", tint: sprite.tint))
        }
        return draws
    }
}
