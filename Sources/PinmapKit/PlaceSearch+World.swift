import MapEngine
import MapKitLayer
import PinmapResources
import FileAccess

extension PlaceSearch {
    /// Search over the embedded gazetteer: the 144,561 places the map
    /// labels, by any of their names, offline. Building it reads the file
    /// and sorts every name, about a second: do it once, off the main
    /// thread if the app is open.
    ///
    ///     let search = try PlaceSearch.world()
    ///     if let zurich = search.matches(for: "zürich").first {
    ///         map.setCenter(zurich.coordinate, animated: true)
    ///     }
    /// - Throws: `WorldMapError` naming the file when it cannot be read (a damaged install).
    public static func world() throws(WorldMapError) -> PlaceSearch {
        let file = PinmapResources.gazetteer
        do {
            return PlaceSearch(try Gazetteer.load(from: file, files: DiskFiles()))
        } catch {
            throw WorldMapError(description: "\(file.path): \(error.description)")
        }
    }
}
