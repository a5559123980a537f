import Foundation
import Logging
import MapEngine
import MapKitLayer
import VectorRaster

/// Named images uploaded on first use, for the scene's image commands:
/// images given by bytes or file first, then `NAME.png` in each folder in turn.
///
///     let images = ImageLibrary(resources: MapResources(), renderer: renderer)
///     images.texture(named: "pin-red")   // reads pin-red.png once
package final class ImageLibrary: ImageSizing {
    private var folders: [URL]
    private var given: [String: MapResources.ImageSource]
    let renderer: Renderer
    let logger: Logger
    private var textures: [String: Texture] = [:]
    private var unusable: Set<String> = []
    /// The annotation views' images, for drawing a frame's sprites in a call or two.
    private lazy var atlas = ImageAtlas(renderer: renderer)
    private var sprites: [String: (texture: Texture, source: Rect)] = [:]
    /// Tinted copies of atlas images, by name and tint; nil for an image
    /// too large for a page (drawn modulated from its own texture).
    private var tinted: [TintedName: (texture: Texture, source: Rect)?] = [:]

    private struct TintedName: Hashable {
        let name: String
        let red, green, blue: UInt8
    }

    /// A vector style's icons: the sheet and its image, uploaded on first use.
    private var styleIconSheet: (sheet: SpriteSheet, image: URL)?
    private var styleIconTexture: Texture?
    /// The sprite sheet's pixels (`ARGB`, rows top to bottom) and width, read once for its SDF icons.
    var styleIconPixels: (argb: [UInt32], width: Int, height: Int)?
    /// SDF icons drawn in a colour, by name, colour and edge (see `sdfIcon`).
    var sdfIcons: [SDFIconName: Texture?] = [:]
    /// The sheet's images cut out for patterns, by name; nil for one that cannot be had.
    var patternImages: [String: TrianglePicture.RepeatedImage?] = [:]

    /// The images of `resources` (its folders and the images it was given), for `renderer`;
    /// images that cannot be read are said through `logger` (nowhere without one).
    package init(resources: MapResources, renderer: Renderer, logger: Logger? = nil) {
        folders = resources.imageFolders
        given = resources.images
        self.renderer = renderer
        self.logger = logger ?? .silent(label: "pinmap.images")
    }

    /// Adds or replaces an image while the map is open; views drawing the
    /// name draw it from their next redraw.
    package func addImage(named name: String, source: MapResources.ImageSource) {
        given[name] = source
        textures[name] = nil
        sprites[name] = nil
        unusable.remove(name)
    }

    /// Reads a named image: one given by bytes or file, else the first
    /// folder's `NAME.png`.
    private func load(_ name: String) throws(SDLError) -> Surface {
        switch given[name] {
        case .data(let data): return try Surface.decode(data, name: name)
        case .file(let url): return try Surface.load(path: url.path)
        case nil: break
        }
        for folder in folders {
            let path = folder.appendingPathComponent(name + ".png").path
            if FileManager.default.fileExists(atPath: path) { return try Surface.load(path: path) }
        }
        throw SDLError("loading image \(name)", reason: folders.isEmpty ? "no image folder"
                           : "no \(name).png in \(folders.map(\.path).joined(separator: ", ")) and no image given by that name")
    }

    /// Where to draw an image from in a sprite batch: its atlas page and
    /// rectangle there (or its own texture, whole, if too large for a page).
    func atlasImage(named name: String) -> (texture: Texture, source: Rect)? {
        if let sprite = sprites[name] { return sprite }
        guard !unusable.contains(name) else { return nil }
        do {
            let surface = try load(name)
            if let place = try atlas.add(surface) {
                sprites[name] = (atlas.pages[place.page], place.rect)
            } else if let texture = texture(named: name) {
                sprites[name] = (texture, Rect(x: 0, y: 0, width: Double(texture.width), height: Double(texture.height)))
            }
            return sprites[name]
        } catch {
            unusable.insert(name)
            logger.warning("image \(name) cannot be drawn: \(error)")
            return nil
        }
    }

    /// Where to draw an image tinted with `tint` from: a copy whose colours
    /// were multiplied by the tint once, in the atlas, as SDL's colour
    /// modulation would each frame. A software renderer blends an image
    /// as it is several times faster than one it must modulate, and a
    /// marker's tinted face is most of what a map of pins draws.
    func atlasImage(named name: String, tint: Color) -> (texture: Texture, source: Rect)? {
        let key = TintedName(name: name, red: tint.red, green: tint.green, blue: tint.blue)
        if let known = tinted[key] { return known }
        guard !unusable.contains(name) else { return nil }
        do {
            let surface = try load(name)
            let (r, g, b) = (UInt32(tint.red), UInt32(tint.green), UInt32(tint.blue))
            let pixels = surface.argbPixels().map { p -> UInt32 in
                (p & 0xFF00_0000) | ((p >> 16 & 0xFF) * r / 255) << 16 | ((p >> 8 & 0xFF) * g / 255) << 8 | (p & 0xFF) * b / 255
            }
            let copy = try Surface(width: surface.width, height: surface.height, argb: pixels)
            let place = try atlas.add(copy).map { (atlas.pages[$0.page], $0.rect) }
            tinted[key] = .some(place)
            return place
        } catch {
            unusable.insert(name)
            logger.warning("image \(name) cannot be drawn: \(error)")
            return nil
        }
    }

    /// Gives the library a style's sprite: image commands of the
    /// `.styleIcons` catalog named NAME draw the sheet's icon NAME.
    package func useStyleIcons(_ sheet: SpriteSheet, image: URL) {
        styleIconSheet = (sheet, image)
        styleIconTexture = nil
        styleIconPixels = nil
        sdfIcons = [:]
        patternImages = [:]
    }

    /// The style's sprite sheet and its image, when it has one.
    var styleIcons: (sheet: SpriteSheet, image: URL)? { styleIconSheet }

    /// A style icon's texture (the whole sprite sheet) and its rectangle there.
    func styleIcon(named name: String) -> (texture: Texture, source: Rect)? {
        guard let (sheet, image) = styleIconSheet, let icon = sheet.icons[name], !unusable.contains(image.path) else { return nil }
        if styleIconTexture == nil {
            do {
                // Icons turned (one-way arrows along their roads) fade out at their edges in their own colours.
                let sheet = try Surface.load(path: image.path)
                var pixels = sheet.argbPixels()
                ClearPixelColour.bleed(&pixels, width: sheet.width, height: sheet.height)
                styleIconTexture = try renderer.makeTexture(from: try Surface(width: sheet.width, height: sheet.height, argb: pixels),
                                                            opaque: false)
            } catch {
                unusable.insert(image.path)
                logger.warning("the style's sprite \(image.path) cannot be drawn: \(error)")
                return nil
            }
        }
        return styleIconTexture.map { ($0, icon.rect) }
    }

    /// The image's size in points: its pixels, halved for a `@2x` file.
    package func size(ofImage name: String) -> Size? {
        guard let texture = texture(named: name) else { return nil }
        let scale = name.hasSuffix("@2x") ? 2.0 : 1.0
        return Size(width: Double(texture.width) / scale, height: Double(texture.height) / scale)
    }

    /// The image's texture, or nil (with one warning) when it cannot be read.
    func texture(named name: String) -> Texture? {
        if let texture = textures[name] { return texture }
        guard !unusable.contains(name) else { return nil }
        do {
            let surface = try load(name)
            let texture = try renderer.makeTexture(from: surface, opaque: false)
            textures[name] = texture
            return texture
        } catch {
            unusable.insert(name)
            logger.warning("image \(name) cannot be drawn: \(error)")
            return nil
        }
    }
}
