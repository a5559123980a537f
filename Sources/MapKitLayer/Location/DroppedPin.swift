import MapEngine

/// How pins dropped at the user's location are named: "Dropped Pin", with
/// identifiers "dropped-1", "dropped-2"… numbered on across sessions.
///
///     map.userLocation.droppedCount = DroppedPin.count(after: file.identifiers)
package enum DroppedPin {
    /// The title a dropped pin gets.
    package static let title = "Dropped Pin"
    /// What a dropped pin's identifier starts with.
    package static let prefix = "dropped-"
    /// Numbers past this in a "dropped-N" id were not given by pinmap and do
    /// not move its count on, so counting never overflows.
    package static let largestNumber = 1_000_000_000_000_000

    /// The count to go on from, given the ids of pins already in a file:
    /// the highest "dropped-N" number pinmap could have given, or 0.
    package static func count(after identifiers: [String]) -> Int {
        identifiers.reduce(0) { max($0, number(in: $1) ?? 0) }
    }

    /// The N of a "dropped-N" id pinmap could have given; nil for any
    /// other id. Compared as bytes: a file's every id is looked at on opening.
    package static func number(in identifier: String) -> Int? {
        guard identifier.utf8.starts(with: prefix.utf8), let n = Int(identifier.dropFirst(prefix.count)),
              (1...largestNumber).contains(n) else { return nil }
        return n
    }

    /// The identifier of the pin numbered `number`.
    static func identifier(_ number: Int) -> String { prefix + String(number) }
}
