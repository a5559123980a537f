extension Array {
    /// A copy with room for its elements and no more: an array grown by
    /// appending keeps up to twice the room it needs, which a table kept
    /// for as long as the map shows its pins should not.
    package func exactCapacityCopy() -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = buffer.initialize(from: self)
            initialized = count
        }
    }
}
