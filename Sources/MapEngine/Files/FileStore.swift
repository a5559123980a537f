/// Where whole files are read and written. The engine and the MapKit layer
/// open no file themselves: what reads or writes one (a pins file, a
/// gazetteer, a script, callout layouts) is handed a store, and the program
/// passes `DiskFiles` (FileAccess) for the real disk, a test a store of its own.
///
///     let bytes = try files.read("pins.geojson", limit: 512 << 20)
///     try files.write(bytes, to: "pins.geojson", keepingBackup: true)
package protocol FileStore: Sendable {
    /// The bytes of the regular file at `path`; throws when it holds more than `limit`.
    func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8]
    /// The first `count` bytes of the regular file at `path`, fewer when it is shorter.
    func readPrefix(_ path: String, count: Int) throws(FileReadError) -> [UInt8]
    /// Replaces the file at `path` by `bytes` in one step, so that no reader
    /// ever sees half of them; the old file stays as `<path>.bak` when asked.
    func write(_ bytes: [UInt8], to path: String, keepingBackup: Bool) throws(FileWriteError)
    /// Removes what writes cut off by a kill left beside `path`; how many.
    @discardableResult
    func removeStaleTemporaries(of path: String) -> Int
    /// The names of the entries of the folder at `path`, in no order.
    func entries(ofFolder path: String) throws(FileReadError) -> [String]
}
