/// Walks a PNG's chunks and checks each one's length and checksum before
/// any decoder sees the file, so a PNG cut short or damaged is refused with
/// what is wrong and where, and libpng never prints its bare
/// "libpng error" lines naming no file.
///
///     try PNGChunks.check(bytes)   // throws "cut short in its IDAT chunk"
package enum PNGChunks {
    /// Why the chunks do not hold together, in words.
    package struct Damage: Error, Equatable, Sendable, CustomStringConvertible {
        package let description: String
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    package static func check<Bytes: RandomAccessCollection>(_ bytes: Bytes) throws(Damage)
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard bytes.starts(with: signature) else { throw Damage(description: "not a PNG file") }
        var at = bytes.startIndex + signature.count
        while true {
            guard at + 8 <= bytes.endIndex else { throw Damage(description: "a PNG file cut short (it ends before its IEND chunk)") }
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let typeBytes = Array(bytes[at + 4..<at + 8])
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw Damage(description: "a damaged PNG file (a chunk's type is not four letters)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else { throw Damage(description: "a PNG file whose \(type) chunk declares \(length) bytes") }
            let end = at + 8 + length + 4
            guard end <= bytes.endIndex else { throw Damage(description: "a PNG file cut short in its \(type) chunk") }
            let stored = bytes[end - 4..<end].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard crc(bytes[at + 4..<end - 4]) == stored else {
                throw Damage(description: "a damaged PNG file (its \(type) chunk's checksum is wrong)")
            }
            if type == "IEND" { return }
            at = end
        }
    }

    /// CRC-32 as PNG computes it (the polynomial 0xEDB88320, reflected).
    package static func crc(_ bytes: some Collection<UInt8>) -> UInt32 {
        var value: UInt32 = 0xFFFF_FFFF
        for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return value ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
