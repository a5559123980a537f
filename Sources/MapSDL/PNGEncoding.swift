import CSDL2
import MapCore

/// Encodes a surface as PNG bytes in memory, through an `SDL_RWops` whose
/// writes grow a buffer; so the file is written by `AtomicFile`, which
/// refuses FIFOs and devices and checks every write, and never by SDL's
/// own file writer, which blocks on a FIFO and reports success on `/dev/full`.
enum PNGEncoding {
    /// The bytes written so far and where the next write goes.
    private final class Buffer {
        var bytes: [UInt8] = []
        var position = 0
    }

    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>) throws(SDLError) -> [UInt8] {
        guard let stream = SDL_AllocRW() else { throw .last("encoding a PNG") }
        let buffer = Buffer()
        stream.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(buffer).toOpaque()
        stream.pointee.size = { context in
            guard let context else { return -1 }
            return Int64(PNGEncoding.buffer(of: context).bytes.count)
        }
        stream.pointee.seek = { context, offset, whence in
            guard let context else { return -1 }
            let buffer = PNGEncoding.buffer(of: context)
            let base = switch whence {
            case RW_SEEK_SET: 0
            case RW_SEEK_CUR: buffer.position
            default: buffer.bytes.count
            }
            let target = base + Int(offset)
            guard target >= 0, target <= buffer.bytes.count else { return -1 }
            buffer.position = target
            return Int64(target)
        }
        stream.pointee.read = { _, _, _, _ in 0 }
        stream.pointee.write = { context, pointer, size, count in
            guard let context, let pointer, size > 0 else { return 0 }
            let buffer = PNGEncoding.buffer(of: context)
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard !overflow else { return 0 }
            let incoming = UnsafeRawBufferPointer(start: pointer, count: total)
            let end = buffer.position + total
            if end > buffer.bytes.count { buffer.bytes.append(contentsOf: repeatElement(0, count: end - buffer.bytes.count)) }
            buffer.bytes.withUnsafeMutableBytes { bytes in
                bytes.baseAddress!.advanced(by: buffer.position).copyMemory(from: incoming.baseAddress!, byteCount: total)
            }
            buffer.position = end
            return count
        }
        stream.pointee.close = { context in
            if let context { SDL_FreeRW(context) }
            return 0
        }
        let status = withExtendedLifetime(buffer) { IMG_SavePNG_RW(surface, stream, 1) }
        guard status == 0 else { throw .last("encoding a PNG") }
        return buffer.bytes
    }

    private static func buffer(of context: UnsafeMutablePointer<SDL_RWops>) -> Buffer {
        Unmanaged<Buffer>.fromOpaque(context.pointee.hidden.unknown.data1).takeUnretainedValue()
    }
}
