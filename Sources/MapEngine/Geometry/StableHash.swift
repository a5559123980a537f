/// A short name for some text that is the same in every run and on every
/// machine (64-bit FNV-1a, in hex), unlike Swift's `Hasher`, which is seeded
/// per process: for cache files, and for drawings named by their content.
///
///     StableHash.hex("https://tile.example.org/{z}/{x}/{y}.png")   // "9a0c…"
package enum StableHash {
    /// The text's 64-bit FNV-1a hash as lowercase hex digits.
    package static func hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
