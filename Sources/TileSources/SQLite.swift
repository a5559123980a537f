import CSQLite
import Dispatch
import Foundation

/// One SQLite connection, used by one thread at a time (its owner keeps
/// it so): opening, one-shot queries and prepared statements, with SQLite's
/// own error text in every failure.
///
/// A file is not trusted: every statement runs on a time budget (a view
/// over an endless recursive query is interrupted, not waited for), no
/// string or blob may be longer than `largestValue`, `rows` takes at most
/// a given number of rows, and a blob's size is checked before it is read.
final class SQLiteConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var handle: OpaquePointer?
    /// The deadline the progress handler checks; set before each statement runs.
    private let budget = Budget()
    /// How long one statement may run, in seconds.
    var statementSeconds = 2.0

    /// No string or blob SQLite makes or reads may be longer (a tile is at most 32 MB).
    static let largestValue: Int32 = (32 << 20) + 1024

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
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, SQLiteConnection.largestValue)
        // Asked every thousand virtual-machine steps whether to stop.
        sqlite3_progress_handler(db, 1000, { context in
            Unmanaged<Budget>.fromOpaque(context!).takeUnretainedValue().isSpent ? 1 : 0
        }, Unmanaged.passUnretained(budget).toOpaque())
    }

    /// Gives the next statement its time.
    fileprivate func startBudget() {
        budget.deadline = DispatchTime.now().uptimeNanoseconds + UInt64(statementSeconds * 1e9)
    }

    /// SQLite's words for a failure, or ours for a statement out of time.
    fileprivate func failure(_ status: Int32) -> Failure {
        if status == SQLITE_INTERRUPT {
            return Failure(description: "a query ran past \(statementSeconds.formatted()) s and was stopped (a view that never ends?)")
        }
        return Failure(description: lastError)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    func execute(_ sql: String) throws(Failure) {
        startBudget()
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

    /// The rows of a query, each as its columns' text (nil for NULL), at
    /// most `limit` of them; more is a failure.
    func rows(_ sql: String, limit: Int = 10_000) throws(Failure) -> [[String?]] {
        let statement = try prepare(sql)
        var rows: [[String?]] = []
        while try statement.step() {
            guard rows.count < limit else { throw Failure(description: "more than \(limit) rows") }
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
            started = false
        }

        /// Whether the statement's time is running (since its first step).
        private var started = false

        /// True when a row is ready; false when the statement is done.
        func step() throws(Failure) -> Bool {
            if !started {
                started = true
                connection.startBudget()
            }
            let status = sqlite3_step(statement)
            switch status {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw connection.failure(status)
            }
        }

        func text(_ column: Int32) -> String? {
            guard let pointer = sqlite3_column_text(statement, column) else { return nil }
            return String(cString: pointer)
        }

        func int(_ column: Int32) -> Int? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, column))
        }

        /// The column's bytes, or nil for NULL; a value longer than `limit`
        /// bytes is a failure, found before it is read.
        func blob(_ column: Int32, limit: Int) throws(Failure) -> Data? {
            guard sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count <= limit else {
                throw Failure(description: "the tile is \(count >> 20) MB, over the \(limit >> 20) MB limit")
            }
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
            return Data(bytes: bytes, count: count)
        }
    }

    /// When the statement running now must stop, read by SQLite's progress
    /// handler on the connection's own thread.
    final class Budget {
        var deadline: UInt64 = .max
        var isSpent: Bool { DispatchTime.now().uptimeNanoseconds > deadline }
    }

    /// SQLite copies bound bytes when given this destructor.
    nonisolated(unsafe) static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
