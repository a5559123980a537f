import MapEngine

/// The pins of a GeoJSON file as they stand on a map, and the file they are
/// saved to: what a program (the window, a headless run, a test) needs to
/// write the map's state back after every drop, undo, redo, deletion and
/// dropped pin.
///
///     let pins = PinsOnMap(document: document, savingThrough: DiskFiles())
///     map.addAnnotations(pins.annotations)
///     if actions.contains(.annotationsChanged) { try pins.save(from: map) }
@MainActor
package final class PinsOnMap {
    /// The annotations made from the file, in file order.
    package let annotations: [FeatureAnnotation]
    /// The file written back; nil when the session does not save (demo pins).
    package let file: PinFile?
    /// The file the pins were read from, saved to or not.
    package let path: String?
    /// Whether looked-up place names are written into the file.
    package let savesPlaceNames: Bool
    /// Whether pins dropped on the map are saved into this file (the first
    /// of several files gets them).
    package let receivesDroppedPins: Bool

    /// Pins that are saved through `files`, or never saved when it is nil.
    /// `clusterAll` makes every pin cluster (`--cluster`); otherwise only
    /// features with a `cluster` property do.
    package init(document: PinDocument?, savingThrough files: (any FileStore)?, placeNames: Bool = false,
                 clusterAll: Bool = false, receivesDroppedPins: Bool = true) {
        annotations = document?.makeAnnotations(clusterAll: clusterAll) ?? []
        file = files.flatMap { files in document.map { PinFile(document: $0, files: files) } }
        path = document?.file
        savesPlaceNames = placeNames
        self.receivesDroppedPins = receivesDroppedPins
    }

    /// Writes what the map shows: the file's pins still on it (where they
    /// rest), without those deleted, plus the pins dropped on it.
    /// Nil when the session does not save.
    @discardableResult
    package func save(from map: MapController) throws(PinFileError) -> PinFile.Outcome? {
        guard let file else { return nil }
        let kept = annotations.filter { map.contains($0) }
        let deleted = annotations.filter { !map.contains($0) }
        // A pin carried or on its way home is written where it rests.
        return try file.save(kept, deleted: deleted, placeNames: savesPlaceNames,
                             added: receivesDroppedPins ? map.droppedPins : [],
                             position: { map.restingCoordinate(of: $0) })
    }

    /// True when placemarks just named should be written: only names the
    /// file lacks (a feature without a subtitle, or a dropped pin).
    package func wantsSave(afterNaming named: [any NameableAnnotation], on map: MapController) -> Bool {
        guard savesPlaceNames, file != nil else { return false }
        return named.contains { pin in
            (pin as? FeatureAnnotation).map { feature in
                feature.feature.subtitle == nil && annotations.contains { $0 === feature }
            }
                ?? (receivesDroppedPins && map.droppedPins.contains { $0 === pin })
        }
    }
}
