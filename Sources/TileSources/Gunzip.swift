import CZlib
import Foundation

/// Inflates gzip (or zlib) data with zlib, refusing to make more than a
/// limit: vector tiles come gzipped from MBTiles, PMTiles and servers, and
/// a bomb of zeros must not exhaust memory.
///
///     let tile = try Gunzip.inflateIfCompressed(bytes, limit: 32 << 20)
enum Gunzip {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Not a zlib status: the output passed the limit.
    private static let tooLarge: Int32 = -1000

    /// Whether the bytes start with gzip's magic number.
    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The bytes inflated when they are gzip, as they are otherwise.
    static func inflateIfCompressed(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        isGzip(bytes) ? try inflate(bytes, limit: limit) : bytes
    }

    static func inflate(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 15 + 32: a window of 32 KB, and gzip or zlib headers told apart by zlib.
        guard pinmap_inflate_init(&stream, 15 + 32) == Z_OK else { throw Failure(description: "zlib could not start") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: min(max(bytes.count * 4, 4096), limit + 1))
        var produced = 0
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                if produced == output.count {
                    guard output.count <= limit else { return Gunzip.tooLarge }
                    output.append(contentsOf: repeatElement(0, count: min(output.count, limit + 1 - output.count)))
                }
                let result: Int32 = output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress! + produced
                    stream.avail_out = uInt(target.count - produced)
                    let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = target.count - Int(stream.avail_out)
                    return result
                }
                if result == Z_STREAM_END { return Z_STREAM_END }
                if result != Z_OK { return result }
                if stream.avail_in == 0, stream.avail_out > 0 { return Z_DATA_ERROR }
            }
        }
        switch status {
        case Z_STREAM_END where produced <= limit: return Array(output[..<produced])
        case Z_STREAM_END, Gunzip.tooLarge: throw Failure(description: "it inflates to more than \(limit >> 20) MB")
        default: throw Failure(description: "its gzip data is broken or cut short")
        }
    }
}
