import Foundation
@testable import TileSources

/// Writes small PMTiles v3 archives by hand for the tests: uncompressed
/// directories, entries and leaves exactly as given.
struct PMTilesBuilder {
    var root: [PMTilesDirectory.Entry] = []
    var leaves: [UInt8] = []
    var data: [UInt8] = []
    var tileType: UInt8 = 2
    var internalCompression: UInt8 = 1
    var tileCompression: UInt8 = 1
    var minZoom: UInt8 = 0
    var maxZoom: UInt8 = 3

    /// Adds a tile blob and returns its offset in the data section.
    mutating func addTile(_ bytes: [UInt8]) -> UInt64 {
        defer { data += bytes }
        return UInt64(data.count)
    }

    /// Adds a leaf directory and returns the entry that points to it.
    mutating func addLeaf(_ entries: [PMTilesDirectory.Entry]) -> PMTilesDirectory.Entry {
        let bytes = PMTilesBuilder.directory(entries)
        defer { leaves += bytes }
        return PMTilesDirectory.Entry(tileID: entries[0].tileID, offset: UInt64(leaves.count), length: UInt64(bytes.count), runLength: 0)
    }

    static func directory(_ entries: [PMTilesDirectory.Entry]) -> [UInt8] {
        var out = varint(UInt64(entries.count))
        var last: UInt64 = 0
        for entry in entries { out += varint(entry.tileID - last); last = entry.tileID }
        for entry in entries { out += varint(entry.runLength) }
        for entry in entries { out += varint(entry.length) }
        for entry in entries { out += varint(entry.offset + 1) }
        return out
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var out: [UInt8] = []
        while value >= 0x80 { out.append(UInt8(value & 0x7F) | 0x80); value >>= 7 }
        return out + [UInt8(value)]
    }

    func bytes() -> [UInt8] {
        let rootBytes = PMTilesBuilder.directory(root)
        let metadata = Array(#"{"attribution": "<a href=\"x\">© Test</a>", "vector_layers": [{"id": "roads"}]}"#.utf8)
        var header = [UInt8](repeating: 0, count: 127)
        header.replaceSubrange(0..<7, with: Array("PMTiles".utf8))
        header[7] = 3
        func put(_ value: UInt64, at offset: Int) { for i in 0..<8 { header[offset + i] = UInt8((value >> (8 * UInt64(i))) & 0xFF) } }
        let rootOffset: UInt64 = 127
        let metadataOffset = rootOffset + UInt64(rootBytes.count)
        let leafOffset = metadataOffset + UInt64(metadata.count)
        let dataOffset = leafOffset + UInt64(leaves.count)
        put(rootOffset, at: 8); put(UInt64(rootBytes.count), at: 16)
        put(metadataOffset, at: 24); put(UInt64(metadata.count), at: 32)
        put(leafOffset, at: 40); put(UInt64(leaves.count), at: 48)
        put(dataOffset, at: 56); put(UInt64(data.count), at: 64)
        header[97] = internalCompression
        header[98] = tileCompression
        header[99] = tileType
        header[100] = minZoom
        header[101] = maxZoom
        return header + rootBytes + metadata + leaves + data
    }

    func write() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinmap-pmtiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("test.pmtiles").path
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
        return path
    }
}
