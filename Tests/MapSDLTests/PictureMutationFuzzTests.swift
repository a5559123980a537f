import Foundation
import MapEngine
import MapKitLayer
@testable import MapSDL
import PinmapResources
import Testing

/// Seeded damage to real pictures, as image sources and DEM tiles bring
/// them: bytes flipped, cut anywhere, chunks repeated, sizes rewritten
/// with their checksums made right. Each decodes, or is refused with a
/// reason, in bounded time, and never traps; a PNG whose chunks do not
/// hold together never reaches libpng. `make fuzz` runs many more seeds
/// (`PINMAP_FUZZ_SEEDS`; `PINMAP_FUZZ_FIRST_SEED` replays one).
@Suite struct PictureMutationFuzzTests {
    static var seeds: Range<UInt64> { FuzzSeeds.range(count: 150) }

    static let png = Array(try! Data(contentsOf: PinmapResources.tilesDirectory.appendingPathComponent("1/0/0.png")))


    /// The PNG with its IHDR size set to `width` x `height` and the chunk's checksum made right.
    static func resized(_ bytes: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var out = bytes
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { out[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(k))) }
        }
        let crc = PNGChunks.crc(out[12..<29])
        for k in 0..<4 { out[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return out
    }

    static func below(_ random: inout SeededGenerator, _ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }

    static func mutated(_ random: inout SeededGenerator) -> [UInt8] {
        var bytes = png
        switch Self.below(&random, 5) {
        case 0:
            for _ in 0..<(1 + Self.below(&random, 8)) { bytes[Self.below(&random, bytes.count)] ^= UInt8(truncatingIfNeeded: 1 + random.next() % 255) }
        case 1: bytes = Array(bytes.prefix(Self.below(&random, bytes.count)))
        case 2:
            let sizes: [UInt32] = [0, 1, 4097, 16384, 60000, 0x7FFF_FFFF, 0xFFFF_FFFF]
            bytes = resized(bytes, width: sizes[Self.below(&random, sizes.count)], height: sizes[Self.below(&random, sizes.count)])
        case 3:
            let cut = 33 + Self.below(&random, bytes.count - 33)
            bytes = Array(bytes[..<cut] + bytes[33..<cut] + bytes[cut...])
        default:
            bytes.insert(contentsOf: (0..<Self.below(&random, 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: Self.below(&random, bytes.count))
        }
        return bytes
    }

    @Test func damagedPicturesDecodeOrAreRefusedWithAReason() {
        var outcome = (decoded: 0, refused: 0)
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let bytes = Self.mutated(&random)
            let start = Date()
            do {
                let image = try Surface.decode(Data(bytes), name: "fuzz.png")
                #expect(image.width > 0 && image.height > 0 && image.width * image.height <= 32 << 20, "seed \(seed)")
                outcome.decoded += 1
            } catch {
                #expect(error.action == "decoding fuzz.png" && !error.reason.isEmpty, "seed \(seed): \(error)")
                outcome.refused += 1
            }
            #expect(Date().timeIntervalSince(start) < 3, "seed \(seed)")
        }
        if Self.seeds.count >= 100 { #expect(outcome.decoded > 0 && outcome.refused > 0, "\(outcome)") }
    }
}
