import Foundation
@testable import MapEngine
@testable import MapKitLayer

/// Runs seeded fuzz sessions and, when one fails, cuts its events down to
/// a short list that still fails and prints it with its seed.
@MainActor enum FuzzRunner {
    struct Report {
        let events: Int
        let saves: Int
    }

    /// Plays `count` events from `seed`; returns the failure, if any, with
    /// the events played up to it.
    static func play(seed: UInt64, count: Int) throws -> (failure: FuzzSession.Failure?, events: [FuzzEvent], saves: Int) {
        var source = FuzzEventSource(seed: seed)
        let session = try FuzzSession()
        var played: [FuzzEvent] = []
        for step in 0..<count {
            source.targets = session.targets
            source.viewport = session.map.camera.viewportSize
            let event = source.next()
            played.append(event)
            do {
                try session.run(event, step: step)
            } catch {
                return (error, played, session.saves)
            }
        }
        do {
            try session.finish(step: count)
        } catch {
            return (error, played, session.saves)
        }
        return (nil, played, session.saves)
    }

    /// Replays fixed events; the failure, if any.
    static func replay(_ events: [FuzzEvent]) -> FuzzSession.Failure? {
        guard let session = try? FuzzSession() else { return nil }
        do {
            for (step, event) in events.enumerated() { try session.run(event, step: step) }
            try session.finish(step: events.count)
        } catch {
            return error
        }
        return nil
    }

    /// Drops chunks of events, halving their size, as long as the rest
    /// still fails (any failure); at most `budget` replays.
    static func minimise(_ events: [FuzzEvent], budget: Int = 400) -> [FuzzEvent] {
        var current = events
        var chunk = max(1, current.count / 2)
        var runs = 0
        while chunk >= 1 && runs < budget {
            var start = 0
            var removedAny = false
            while start < current.count && runs < budget {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                runs += 1
                if replay(candidate) != nil {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return current
    }

    /// The events as a script in pinmap's format (times from the start);
    /// events scripts cannot say (a resize, focus lost, non-finite or huge
    /// numbers) are given as comments.
    static func script(_ events: [FuzzEvent]) -> String {
        var time = 0.0
        var lines: [String] = []
        for event in events {
            time += event.gap
            let at = String(format: "%.4f", time)
            switch event.input {
            case .pointer(let p) where p.location.isFinite && abs(p.location.x) <= 1e6 && abs(p.location.y) <= 1e6:
                let type = p.kind == .touch ? "touch-\(p.phase.rawValue)" : "mouse-\(p.phase.rawValue)"
                var fields = "\"at\":\(at),\"type\":\"\(type)\",\"x\":\(p.location.x),\"y\":\(p.location.y)"
                if p.kind == .touch { fields += ",\"finger\":\(p.id)" }
                if let button = p.button { fields += ",\"button\":\"\(button.rawValue)\"" }
                lines.append("{\(fields)}")
            case .wheel(let at0, let dx, let dy) where at0.isFinite && dy.isFinite && abs(dy) <= 1e6:
                lines.append("{\"at\":\(at),\"type\":\"wheel\",\"x\":\(at0.x),\"y\":\(at0.y),\"dx\":\(dx),\"dy\":\(dy)}")
            case .key(let key):
                lines.append("{\"at\":\(at),\"type\":\"key\",\"key\":\"\(key)\"}")
            default:
                lines.append("// at \(at): \(event.input)")
            }
        }
        return "{\"events\":[\n" + lines.joined(separator: ",\n") + "\n]}"
    }
}
