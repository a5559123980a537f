import MapEngine

extension ImageHeader {
    /// Reads the header of the image in a file and checks it against the
    /// pixel budget; throws for a file that is not a regular file, not an
    /// image, or too large to decode.
    package static func checkFile(_ path: String) throws -> ImageHeader {
        let header = try ImageHeader(try FileReader.readPrefix(path, count: 256 << 10))
        try header.checkPixelBudget()
        return header
    }
}
