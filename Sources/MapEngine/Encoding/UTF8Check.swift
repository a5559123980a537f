/// Finds where bytes stop being UTF-8, so a reader can refuse a file at the
/// place it breaks instead of reading replacement characters into it (and
/// later writing them back over the user's own text).
///
///     UTF8Check.firstInvalidOffset([0x61, 0xC3, 0x28])   // 1
package enum UTF8Check {
    /// The offset of the first byte that does not begin a valid UTF-8
    /// sequence, or nil when all of them are UTF-8: a whole file's bytes.
    /// Not generic, so that it is compiled for arrays here: a generic call
    /// from another module (a pins file read by the MapKit layer) runs
    /// unspecialised, eight times slower.
    package static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        firstInvalidOffset(of: bytes)
    }

    /// The same for any collection of bytes.
    package static func firstInvalidOffset<Bytes: Collection>(of bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        // Plain ASCII, by far the most common, needs no decoder.
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
