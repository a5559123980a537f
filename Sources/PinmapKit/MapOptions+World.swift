import Foundation
import Synchronization
import MapEngine
import MapKitLayer
import MapSDL
import PinmapResources
import TileSources
import VectorRaster
import FileAccess

/// The embedded vector world's bundled styles.
///
///     let night = try MapOptions.world(style: .dark)
public enum WorldStyle: String, Sendable, CaseIterable {
    /// Light land, blue water: pinmap's default.
    case light
    /// Dark land and water, for night use.
    case dark
}

/// Why the embedded world could not be opened (a damaged install).
///
///     do { _ = try MapOptions.world() } catch { print(error) }   // names the damaged file
public struct WorldMapError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, naming the file.
    public let description: String
}

extension MapOptions {
    /// The embedded vector world (GSHHG shores, lakes and rivers, Natural
    /// Earth borders and GeoNames places,
    /// zoom 0 to 8, drawn sharp and labelled to zoom 14 and enlarged past
    /// it), in a bundled style, with lines and areas (`addOverlay`) drawn too.
    ///
    ///     var options = try MapOptions.world()
    ///     options.center = Coordinate(latitude: 47.37, longitude: 8.54)
    ///     options.zoom = 9
    public static func world(style: WorldStyle = .light) throws(WorldMapError) -> MapOptions {
        let source: MBTilesSource
        do {
            source = try MBTilesSource(path: PinmapResources.worldTiles.path)
        } catch {
            throw WorldMapError(description: error.description)
        }
        let mapStyle = try worldStyle(style)
        var options = MapOptions(source: source, center: Coordinate(latitude: 20, longitude: 0), zoom: 1)
        // The place names come from GeoNames, whose licence asks for the credit.
        options.attribution = [source.attribution ?? "Made with Natural Earth · Shores: GSHHG", "Place names: GeoNames"].joined(separator: " · ")
        options.vectorLayout = VectorTileLayout(style: mapStyle, source: "world", dataLevels: source.levels)
        return options
    }

    /// The bundled style, read once per process (every `MapTester` of a
    /// test run opens the world).
    private static func worldStyle(_ style: WorldStyle) throws(WorldMapError) -> MapStyle {
        if let read = readStyles.withLock({ $0[style] }) { return read }
        guard let file = PinmapResources.worldStyle(style.rawValue) else {
            throw WorldMapError(description: "no bundled style named \(style.rawValue)")
        }
        let read: MapStyle
        do {
            read = try MapStyle(bytes: try FileReader.read(file.path, limit: 16 << 20), file: file.lastPathComponent)
        } catch let error as CustomStringConvertible {
            throw WorldMapError(description: error.description)
        } catch {
            throw WorldMapError(description: "\(file.path): \(error)")
        }
        readStyles.withLock { $0[style] = read }
        return read
    }

    private static let readStyles = Mutex<[WorldStyle: MapStyle]>([:])
}
