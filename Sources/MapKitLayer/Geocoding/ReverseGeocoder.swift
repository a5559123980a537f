import Dispatch
import Foundation
import MapEngine

/// Names coordinates on a background queue, so a lookup never holds up a
/// frame. The gazetteer is loaded there too, on the first lookup. Each
/// lookup has a key (one per annotation); a newer lookup for a key
/// supersedes an older one, whose answer is never delivered.
///
///     let geocoder = ReverseGeocoder(file: gazetteerURL, files: DiskFiles())
///     geocoder.lookUp(coordinate, key: 7)
///     ... a later frame ...
///     for answer in geocoder.takeAnswers() { ... answer.text ... }
package final class ReverseGeocoder: @unchecked Sendable {
    /// Reads the gazetteer, once, on the geocoder's own thread.
    package typealias Loader = Gazetteer.Loader

    /// The outcome of one lookup.
    package struct Answer: Equatable, Sendable {
        /// The key the lookup was asked with.
        package let key: Int
        /// The coordinate looked up.
        package let coordinate: Coordinate
        /// The placemark text, or why there is none.
        package let result: Result<String, GazetteerError>
    }

    private let load: Loader
    private let queue = DispatchQueue(label: "pinmap.geocoder", qos: .userInitiated)
    private let condition = NSCondition()
    // Guarded by `condition` (with the mailbox guarding itself and `gazetteer` touched only on
    // `queue`, this is what `@unchecked Sendable` rests on).
    private var latest: [Int: Int] = [:]
    private var generation = 0
    private var inFlight = 0
    /// Answers wait here for the map's thread (the mailbox guards itself).
    private let answers = Mailbox<Answer>()
    // Touched only on `queue`.
    private var gazetteer: Result<Gazetteer, GazetteerError>?

    /// A geocoder that reads its gazetteer with `load` at the first lookup.
    package init(load: @escaping Loader) {
        self.load = load
    }

    /// A geocoder over the gazetteer file at `url`, read from `files`.
    package convenience init(file url: URL, files: any FileStore) {
        self.init(load: Gazetteer.loader(of: url, files: files))
    }

    /// Asks for the text of `coordinate`; supersedes any earlier lookup for `key`.
    package func lookUp(_ coordinate: Coordinate, key: Int) {
        condition.lock()
        generation += 1
        let mine = generation
        latest[key] = mine
        inFlight += 1
        condition.unlock()
        queue.async { self.answer(coordinate, key: key, generation: mine) }
    }

    /// Forgets `key`: its pending lookup will not be answered.
    package func cancel(key: Int) {
        condition.lock()
        latest[key] = nil
        condition.unlock()
    }

    /// The answers that arrived since the last call, oldest first.
    package func takeAnswers() -> [Answer] {
        answers.takeAll()
    }

    /// True while lookups are queued or running, or answers wait to be taken.
    package var hasWork: Bool {
        condition.lock()
        let running = inFlight > 0
        condition.unlock()
        return running || answers.hasItems
    }

    /// Blocks (in real time) until no lookup is queued or running, at most
    /// `timeout` seconds. Returns false on time-out.
    @discardableResult
    package func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while inFlight > 0 {
            if !condition.wait(until: deadline) { return inFlight == 0 }
        }
        return true
    }

    private func isCurrent(_ key: Int, _ generation: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return latest[key] == generation
    }

    /// Runs on `queue`.
    private func answer(_ coordinate: Coordinate, key: Int, generation: Int) {
        var result: Result<String, GazetteerError>?
        if isCurrent(key, generation) {
            if gazetteer == nil { gazetteer = Result { () throws(GazetteerError) in try load() } }
            switch gazetteer! {
            case .success(let places):
                result = .success(places.describe(coordinate) ?? coordinate.displayText)
            case .failure(let error):
                result = .failure(error)
            }
        }
        condition.lock()
        if let result, latest[key] == generation {
            latest[key] = nil
            // Posted before the lookup counts as done, so a waiter that
            // sees it done finds its answer.
            answers.post(Answer(key: key, coordinate: coordinate, result: result))
        }
        inFlight -= 1
        condition.broadcast()
        condition.unlock()
    }
}
