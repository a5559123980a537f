/// Reads the protocol buffer wire format from bytes that may be hostile:
/// every length and varint is checked against the end, so a truncated or
/// lying message throws instead of reading past its bytes.
///
///     var reader = ProtobufReader(bytes[...])
///     while let (field, wire) = try reader.nextField() { … }
struct ProtobufReader {
    /// The wire types of protocol buffers 3 that a tile may use.
    enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    private let bytes: ArraySlice<UInt8>
    private(set) var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    var isAtEnd: Bool { position >= bytes.endIndex }

    /// The next field's number and wire type, or nil at the end.
    mutating func nextField() throws(VectorTileError) -> (field: UInt64, wire: WireType)? {
        guard !isAtEnd else { return nil }
        let key = try varint()
        guard key >> 3 != 0 else { throw .malformed("a field has field number 0, which protobuf does not allow") }
        guard let wire = WireType(rawValue: key & 7) else {
            throw .malformed("field \(key >> 3) has wire type \(key & 7), which tiles do not use")
        }
        return (key >> 3, wire)
    }

    mutating func varint() throws(VectorTileError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.endIndex else { throw .malformed("a number runs past the end") }
            let byte = bytes[position]
            position += 1
            guard shift < 64 else { throw .malformed("a number is longer than 10 bytes") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A length-delimited field's bytes, checked against the end.
    mutating func lengthDelimited() throws(VectorTileError) -> ArraySlice<UInt8> {
        let length = try varint()
        guard length <= UInt64(bytes.endIndex - position) else {
            throw .malformed("a field claims \(length) bytes where \(bytes.endIndex - position) are left")
        }
        let end = position + Int(length)
        defer { position = end }
        return bytes[position..<end]
    }

    mutating func fixed64() throws(VectorTileError) -> UInt64 {
        try fixed(8)
    }

    mutating func fixed32() throws(VectorTileError) -> UInt32 {
        UInt32(truncatingIfNeeded: try fixed(4))
    }

    private mutating func fixed(_ count: Int) throws(VectorTileError) -> UInt64 {
        guard bytes.endIndex - position >= count else { throw .malformed("a fixed-size number runs past the end") }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += count
        return value
    }

    /// Steps over a field this reader does not know.
    mutating func skip(_ wire: WireType) throws(VectorTileError) {
        switch wire {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed32: _ = try fixed32()
        }
    }

    /// The packed varints of a length-delimited field, at most `limit` of them.
    mutating func packedVarints(limit: Int) throws(VectorTileError) -> [UInt32] {
        var inner = ProtobufReader(try lengthDelimited())
        var values: [UInt32] = []
        values.reserveCapacity(min(limit, inner.bytes.count))
        while !inner.isAtEnd {
            guard values.count < limit else { throw .malformed("a list holds more than \(limit) numbers") }
            let value = try inner.varint()
            // Tags and geometry are 32-bit: a larger number is damage, not a number to cut to its low bits.
            guard value <= UInt64(UInt32.max) else { throw .malformed("a packed number is \(value), larger than 32 bits") }
            values.append(UInt32(value))
        }
        return values
    }
}
