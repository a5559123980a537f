import MapEngine

/// The map's placemark annotations and where their names stand: which ones
/// came to rest somewhere not yet asked about, and which coordinate each
/// was last asked about. Keys are the geocoder's lookup keys.
@MainActor
struct PlacemarkTracker {
    private var keys: [ObjectIdentifier: Int] = [:]
    private(set) var annotations: [Int: any NameableAnnotation] = [:]
    /// The coordinate each placemark's last lookup was for.
    private var asked: [Int: Coordinate] = [:]
    /// Placemarks whose coordinate changed since they were last looked at.
    private(set) var moved: Set<Int> = []
    private var nextKey = 1

    mutating func track(_ annotation: any NameableAnnotation) {
        let id = ObjectIdentifier(annotation)
        guard keys[id] == nil else { return }
        let key = nextKey
        nextKey += 1
        keys[id] = key
        annotations[key] = annotation
        moved.insert(key)
    }

    /// Stops following the annotation; returns its key if it had one.
    mutating func untrack(_ annotation: any Annotation) -> Int? {
        guard let key = keys.removeValue(forKey: ObjectIdentifier(annotation)) else { return nil }
        annotations[key] = nil
        asked[key] = nil
        moved.remove(key)
        return key
    }

    mutating func noteMove(of annotation: any Annotation) {
        if let key = keys[ObjectIdentifier(annotation)] { moved.insert(key) }
    }

    /// The placemarks that moved and are at rest (not held by `isMoving`)
    /// somewhere not asked about yet; they count as asked about from now.
    mutating func takeLookups(isMoving: (any NameableAnnotation) -> Bool) -> [(key: Int, annotation: any NameableAnnotation)] {
        var due: [(Int, any NameableAnnotation)] = []
        for key in moved {
            guard let annotation = annotations[key] else { moved.remove(key); continue }
            if isMoving(annotation) { continue }
            moved.remove(key)
            if asked[key] == annotation.coordinate { continue }
            asked[key] = annotation.coordinate
            due.append((key, annotation))
        }
        return due.sorted { $0.0 < $1.0 }
    }

    /// The placemark an answer is for, if it still stands where it was asked about.
    func annotation(answering answer: ReverseGeocoder.Answer) -> (any NameableAnnotation)? {
        guard asked[answer.key] == answer.coordinate else { return nil }
        return annotations[answer.key]
    }
}
