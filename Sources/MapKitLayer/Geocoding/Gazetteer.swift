import Foundation
import MapEngine

/// The places an offline reverse geocoder can name, read from the compact
/// file `tools/build-gazetteer` makes from GeoNames' cities1000 (layout in
/// `tools/build_gazetteer.py`): names as places write them, populations, and
/// other names in every script for the search, with a spatial index for
/// nearest-place search on the sphere.
///
///     let gazetteer = try Gazetteer.load(from: url)
///     gazetteer.describe(Coordinate(latitude: 37.81, longitude: -122.478))
///     // the nearest town, or how far and which way from it
package struct Gazetteer: Sendable {
    private let latitudes: [Int32]
    private let longitudes: [Int32]
    private let regionOfPlace: [UInt16]
    /// How large each place is, for ranking searches: its population (file
    /// version 3); in older files, how many other places lie within 30 km.
    let sizes: [UInt32]
    /// Each place's other names, parted by 0x1F, back to back (version 3):
    /// first the local-script name, maybe empty.
    private let aliases: [UInt8]
    /// Where each place's aliases begin in `aliases`; one more entry marks the end.
    private let aliasStarts: [Int32]
    private let names: [UInt8]
    /// Where each place's name begins in `names`; one more entry marks the end.
    private let nameStarts: [Int32]
    private let regions: [(name: String, countryCode: String)]
    private let index: PlaceIndex

    /// How many places it holds.
    package var count: Int { latitudes.count }

    /// Reads a gazetteer, on whatever thread calls it; throws naming the file and the problem.
    package typealias Loader = @Sendable () throws(GazetteerError) -> Gazetteer

    /// Reads a gazetteer file (see `tools/build-gazetteer`) from `files`; throws naming the file and the problem.
    package static func load(from url: URL, files: any FileStore) throws(GazetteerError) -> Gazetteer {
        let bytes: [UInt8]
        do {
            bytes = try files.read(url.path, limit: 256 << 20)
        } catch {
            throw .unreadable(file: url.path, reason: error.reason)
        }
        return try decode(bytes, file: url.path)
    }

    /// Reads the gazetteer file at `url` from `files` when called.
    package static func loader(of url: URL, files: any FileStore) -> Loader {
        { () throws(GazetteerError) in try load(from: url, files: files) }
    }

    /// Reads a gazetteer file's bytes; `file` names it in errors.
    package static func decode(_ bytes: [UInt8], file: String) throws(GazetteerError) -> Gazetteer {
        var reader = ByteReader(bytes: bytes, file: file)
        guard try reader.take(4) == Array("PMGZ".utf8) else {
            throw .corrupt(file: file, reason: "it does not start with \"PMGZ\"")
        }
        let version = try reader.uint32()
        guard (1...3).contains(version) else {
            throw .corrupt(file: file, reason: "format version \(version), expected 1 to 3")
        }
        let count = Int(try reader.uint32()), regionCount = Int(try reader.uint32())
        let namesLength = Int(try reader.uint32()), regionsLength = Int(try reader.uint32())
        let aliasesLength = version == 3 ? Int(try reader.uint32()) : 0
        let perPlace = [1: 10, 2: 12, 3: 14][Int(version)] ?? 14
        let expected = (version == 3 ? 28 : 24) + count * perPlace + namesLength + aliasesLength + regionsLength
        guard bytes.count == expected else {
            throw .corrupt(file: file, reason: "\(bytes.count) bytes where the header promises \(expected)")
        }
        let latitudes = try reader.int32s(count), longitudes = try reader.int32s(count)
        let regionOfPlace = try reader.uint16s(count)
        let sizes: [UInt32] = switch version {
        case 3: try reader.uint32s(count)
        case 2: try reader.uint16s(count).map(UInt32.init)
        default: [UInt32](repeating: 0, count: count)
        }
        let names = try reader.take(namesLength)
        let aliases = try reader.take(aliasesLength)
        let regionStrings = try reader.strings(in: reader.take(regionsLength))
        guard regionStrings.count == regionCount * 2 else {
            throw .corrupt(file: file, reason: "\(regionStrings.count / 2) regions where the header promises \(regionCount)")
        }
        let regions = stride(from: 0, to: regionStrings.count, by: 2).map { (regionStrings[$0], regionStrings[$0 + 1]) }
        var nameStarts: [Int32] = [0]
        nameStarts.reserveCapacity(count + 1)
        for (offset, byte) in names.enumerated() where byte == 0 { nameStarts.append(Int32(offset + 1)) }
        guard nameStarts.count == count + 1, names.last == 0 || count == 0 else {
            throw .corrupt(file: file, reason: "\(nameStarts.count - 1) names for \(count) places")
        }
        var aliasStarts: [Int32] = [0]
        if version == 3 {
            aliasStarts.reserveCapacity(count + 1)
            for (offset, byte) in aliases.enumerated() where byte == 0 { aliasStarts.append(Int32(offset + 1)) }
            guard aliasStarts.count == count + 1, aliases.last == 0 || count == 0 else {
                throw .corrupt(file: file, reason: "\(aliasStarts.count - 1) lists of other names for \(count) places")
            }
        } else {
            aliasStarts = [Int32](repeating: 0, count: count + 1)
        }
        var vectors = [Double](repeating: 0, count: count * 3)
        for i in 0..<count {
            let latitude = latitudes[i], longitude = longitudes[i]
            guard abs(latitude) <= 9_000_000, abs(longitude) <= 18_000_000 else {
                throw .corrupt(file: file, reason: "place \(i + 1) is at an impossible coordinate")
            }
            guard Int(regionOfPlace[i]) < regionCount else {
                throw .corrupt(file: file, reason: "place \(i + 1) names region \(regionOfPlace[i]) of \(regionCount)")
            }
            let v = Coordinate(latitude: Double(latitude) / 1e5, longitude: Double(longitude) / 1e5).unitVector
            vectors[i * 3] = v.x
            vectors[i * 3 + 1] = v.y
            vectors[i * 3 + 2] = v.z
        }
        return Gazetteer(latitudes: latitudes, longitudes: longitudes, regionOfPlace: regionOfPlace, sizes: sizes,
                         aliases: aliases, aliasStarts: aliasStarts, names: names,
                         nameStarts: nameStarts, regions: regions, index: PlaceIndex(vectors: vectors))
    }

    /// The place at index `i`, in the file's order.
    package func place(at i: Int) -> Place {
        let start = Int(nameStarts[i]), end = Int(nameStarts[i + 1]) - 1
        let region = regions[Int(regionOfPlace[i])]
        let local = aliasBytes(at: i).split(separator: 0x1F, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        return Place(name: String(decoding: names[start..<end], as: UTF8.self), region: region.name,
                     countryCode: region.countryCode,
                     coordinate: coordinate(at: i), localName: String(decoding: local, as: UTF8.self))
    }

    /// Place `i`'s other names as UTF-8, parted by 0x1F (the first is the local-script name, maybe empty).
    func aliasBytes(at i: Int) -> ArraySlice<UInt8> {
        let start = Int(aliasStarts[i]), end = Int(aliasStarts[i + 1])
        return end > start ? aliases[start..<end - 1] : []
    }

    /// Place `i`'s name as UTF-8 bytes, without making a String.
    func nameBytes(at i: Int) -> ArraySlice<UInt8> {
        names[Int(nameStarts[i])..<Int(nameStarts[i + 1]) - 1]
    }

    /// Where place `i` is, without decoding its name.
    func coordinate(at i: Int) -> Coordinate {
        Coordinate(latitude: Double(latitudes[i]) / 1e5, longitude: Double(longitudes[i]) / 1e5)
    }

    /// The place nearest to `coordinate` along the Earth's surface.
    package func nearest(to coordinate: Coordinate) -> Place? {
        index.nearest(to: coordinate.unitVector).map { place(at: $0.id) }
    }

    /// The placemark text for `coordinate`: "Place, Region, CC" or
    /// "12 km NE of Place, Region, CC"; nil when there are no places.
    package func describe(_ coordinate: Coordinate) -> String? {
        nearest(to: coordinate).map { PlaceDescription(coordinate: coordinate, nearest: $0).text }
    }
}

/// Reads little-endian numbers and NUL-ended strings, failing with the file's
/// name when the bytes run out.
private struct ByteReader {
    let bytes: [UInt8]
    let file: String
    var position = 0

    mutating func take(_ n: Int) throws(GazetteerError) -> [UInt8] {
        guard n >= 0, position + n <= bytes.count else {
            throw .corrupt(file: file, reason: "cut short at byte \(bytes.count)")
        }
        defer { position += n }
        return Array(bytes[position..<position + n])
    }

    mutating func uint32() throws(GazetteerError) -> UInt32 {
        let b = try take(4)
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    mutating func int32s(_ n: Int) throws(GazetteerError) -> [Int32] {
        let raw = try take(n * 4)
        return raw.withUnsafeBytes { buffer in
            (0..<n).map { Int32(littleEndian: buffer.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
        }
    }

    mutating func uint32s(_ n: Int) throws(GazetteerError) -> [UInt32] {
        let raw = try take(n * 4)
        return raw.withUnsafeBytes { buffer in
            (0..<n).map { UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
    }

    mutating func uint16s(_ n: Int) throws(GazetteerError) -> [UInt16] {
        let raw = try take(n * 2)
        return raw.withUnsafeBytes { buffer in
            (0..<n).map { UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self)) }
        }
    }

    func strings(in block: [UInt8]) throws(GazetteerError) -> [String] {
        guard block.isEmpty || block.last == 0 else {
            throw .corrupt(file: file, reason: "the regions block does not end with a NUL byte")
        }
        return block.split(separator: 0, omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
