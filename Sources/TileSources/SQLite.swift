import CSQLite
import Foundation

/// One SQLite connection, used by one thread at a time (its owner keeps
/// it so): opening, one-shot queries and prepared statements, with SQLite's
/// own error text in every failure.
final class SQLiteConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var handle: OpaquePointer?

    /// Opens a database file; read-only opens never create or change it and
    /// take only shared locks, so other readers and a writer go on.
    init(path: String, readOnly: Bool) throws(Failure) {
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let text = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(db)
            throw Failure(description: text)
        }
        handle = db
        // A file another program is writing: wait a little for its lock rather than fail at once.
        sqlite3_busy_timeout(db, 2000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    func execute(_ sql: String) throws(Failure) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw Failure(description: text)
        }
    }

    func prepare(_ sql: String) throws(Failure) -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: lastError)
        }
        return Statement(statement, connection: self)
    }

    /// Every row of a query, each as its columns' text (nil for NULL).
    func rows(_ sql: String) throws(Failure) -> [[String?]] {
        let statement = try prepare(sql)
        var rows: [[String?]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.text($0) })
        }
        return rows
    }

    /// A prepared statement: bind, step, read columns, reset for the next use.
    final class Statement {
        private let statement: OpaquePointer
        private let connection: SQLiteConnection

        init(_ statement: OpaquePointer, connection: SQLiteConnection) {
            self.statement = statement
            self.connection = connection
        }

        deinit {
            sqlite3_finalize(statement)
        }

        var columnCount: Int32 { sqlite3_column_count(statement) }

        func bind(_ values: [Int]) {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (index, value) in values.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), Int64(value)) }
        }

        func bind(_ index: Int32, blob: Data) {
            blob.withUnsafeBytes { bytes in
                _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), SQLiteConnection.transient)
            }
        }

        func bind(_ index: Int32, text: String) {
            sqlite3_bind_text(statement, index, text, -1, SQLiteConnection.transient)
        }

        func bind(_ index: Int32, int: Int) {
            sqlite3_bind_int64(statement, index, Int64(int))
        }

        func reset() {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }

        /// True when a row is ready; false when the statement is done.
        func step() throws(Failure) -> Bool {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw Failure(description: connection.lastError)
            }
        }

        func text(_ column: Int32) -> String? {
            guard let pointer = sqlite3_column_text(statement, column) else { return nil }
            return String(cString: pointer)
        }

        func int(_ column: Int32) -> Int? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, column))
        }

        /// The column's bytes, or nil for NULL.
        func blob(_ column: Int32) -> Data? {
            guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
            return Data(bytes: bytes, count: count)
        }
    }

    /// SQLite copies bound bytes when given this destructor.
    nonisolated(unsafe) static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
