import MapEngine

/// The 127-byte header of a PMTiles v3 archive: where its sections are and
/// how its tiles are typed and compressed.
///
///     let header = try PMTilesHeader(bytes)   // the file's first 127 bytes
struct PMTilesHeader: Equatable {
    enum Compression: UInt8 { case unknown = 0, none = 1, gzip = 2, brotli = 3, zstd = 4 }
    enum TileType: UInt8 { case unknown = 0, mvt = 1, png = 2, jpeg = 3, webp = 4, avif = 5 }

    static let length = 127

    var rootOffset: UInt64, rootLength: UInt64
    var metadataOffset: UInt64, metadataLength: UInt64
    var leafOffset: UInt64, leafLength: UInt64
    var dataOffset: UInt64, dataLength: UInt64
    var internalCompression: Compression
    var tileCompression: Compression
    var tileType: TileType
    var minZoom: Int, maxZoom: Int
    var center: Coordinate
    var centerZoom: Int
    /// West, south, east, north in degrees, as the header gives them (unchecked).
    var bounds: [Double]

    struct Problem: Error { let reason: String }

    init(_ bytes: [UInt8]) throws(Problem) {
        guard bytes.count >= PMTilesHeader.length, Array(bytes[0..<7]) == Array("PMTiles".utf8) else {
            throw Problem(reason: "not a PMTiles archive")
        }
        guard bytes[7] == 3 else { throw Problem(reason: "PMTiles version \(bytes[7]) is not supported (only 3)") }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) } }
        func i32(_ at: Int) -> Double {
            Double(Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) })) / 1e7
        }
        rootOffset = u64(8); rootLength = u64(16)
        metadataOffset = u64(24); metadataLength = u64(32)
        leafOffset = u64(40); leafLength = u64(48)
        dataOffset = u64(56); dataLength = u64(64)
        for (what, at) in [("directories", 97), ("tiles", 98)] where Compression(rawValue: bytes[at]) == nil {
            throw Problem(reason: "its \(what) name compression \(bytes[at]), which PMTiles does not define (0 to 4)")
        }
        internalCompression = Compression(rawValue: bytes[97]) ?? .unknown
        tileCompression = Compression(rawValue: bytes[98]) ?? .unknown
        tileType = TileType(rawValue: bytes[99]) ?? .unknown
        minZoom = Int(bytes[100]); maxZoom = Int(bytes[101])
        centerZoom = Int(bytes[118])
        center = Coordinate(latitude: i32(123), longitude: i32(119))
        bounds = [i32(102), i32(106), i32(110), i32(114)]
        guard minZoom <= maxZoom, maxZoom <= 30 else { throw Problem(reason: "its zoom levels \(minZoom) to \(maxZoom) are impossible") }
    }
}
