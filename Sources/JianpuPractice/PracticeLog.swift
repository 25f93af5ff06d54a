import Foundation
import GRDB
import JianpuCore
import JianpuFiles

/// The practice log in SQLite (GRDB), which the quiz and the lessons share: `sessions` and `recognize_intervals`,
/// the seed app's two tables with all their columns, plus `response_ms`, `root_note` and `program`, and the
/// lessons' `learn_answers`. This is its core: opening, the checks before SQLite touches a file, migration,
/// sessions; each feature's rows are read and written by that feature (`QuizLog`, `LearnLog`).
///
/// A `DatabasePool` in WAL mode with a busy timeout: every answer is its own committed transaction, and
/// several quizzes can write to one file at once.
public final class PracticeLog: Sendable {
    public let path: String
    /// How long a write waits for another program's lock before it fails (a test shortens it).
    let busyTimeout: TimeInterval
    let pool: DatabasePool?
    let reader: any DatabaseReader

    /// The longest response time counted (a day): a log's longer or negative times (a clock that
    /// jumped, a row written by hand) are held to 0...a day, so sums and means over a lifetime of
    /// answers stay far inside an Int.
    public static let longestResponse = 86_400_000

    /// A response time held to 0…a day.
    public static func heldResponse(_ milliseconds: Int) -> Int { min(max(milliseconds, 0), longestResponse) }

    /// The migrations, in order. Never edit a shipped one; add a new one.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // v1 is the seed app's schema; IF NOT EXISTS lets a log made by the seed app be opened and extended.
        migrator.registerMigration("v1 seed tables") { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS sessions (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        started_at DATETIME NOT NULL,
                        ended_at DATETIME
                    );
                    CREATE TABLE IF NOT EXISTS recognize_intervals (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                        played_at DATETIME NOT NULL,
                        recognized_at DATETIME NOT NULL,
                        first_note INTEGER NOT NULL,
                        second_note INTEGER NOT NULL,
                        playback_type TEXT NOT NULL CHECK (playback_type IN ('H', 'MU', 'MD')),
                        recognized_note INTEGER NOT NULL,
                        played_interval INTEGER NOT NULL,
                        recognized_interval INTEGER NOT NULL,
                        repeated_times INTEGER NOT NULL DEFAULT 0,
                        playback_instrument TEXT NOT NULL,
                        error_inverted BOOLEAN NOT NULL DEFAULT 0,
                        error_wideness BOOLEAN NOT NULL DEFAULT 0,
                        error_one_semitone BOOLEAN NOT NULL DEFAULT 0
                    );
                    """)
        }
        migrator.registerMigration("v2 response time, root and program") { db in
            try db.execute(
                sql: """
                    ALTER TABLE recognize_intervals ADD COLUMN response_ms INTEGER;
                    ALTER TABLE recognize_intervals ADD COLUMN root_note INTEGER;
                    ALTER TABLE recognize_intervals ADD COLUMN program INTEGER;
                    CREATE INDEX recognize_intervals_session ON recognize_intervals(session_id);
                    CREATE INDEX recognize_intervals_played_at ON recognize_intervals(played_at);
                    """)
        }
        // `jianpu learn`'s answers: one row per question, in the quiz's sessions.
        migrator.registerMigration("v3 learn answers") { db in
            try db.execute(
                sql: """
                    CREATE TABLE learn_answers (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                        answered_at DATETIME NOT NULL,
                        scale TEXT NOT NULL,
                        exercise TEXT NOT NULL,
                        prompt TEXT NOT NULL,
                        degree INTEGER,
                        expected TEXT NOT NULL,
                        answered TEXT NOT NULL,
                        correct BOOLEAN NOT NULL,
                        response_ms INTEGER NOT NULL
                    );
                    CREATE INDEX learn_answers_session ON learn_answers(session_id);
                    """)
        }
        return migrator
    }

    /// Opens an existing log for reading only (for `stats` on a read-only file); no migration is run.
    /// `immutable` (a log on read-only media) reads it as a file nobody changes: SQLite then needs no
    /// `-shm` beside a WAL log, which such media cannot get.
    /// - Throws: `PracticeFailure` naming the file and the fix.
    public init(readingOnly path: String, immutable: Bool = false) throws {
        self.path = path
        busyTimeout = 15
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(15)
        do {
            let queue = try DatabaseQueue(path: immutable ? Self.immutableURI(path) : path, configuration: config)
            let tables = try queue.read { db in try db.tableExists("recognize_intervals") }
            guard tables else { throw PracticeFailure.holdsNoLog(path: path) }
            reader = queue
            pool = nil
        } catch let error as DatabaseError {
            throw PracticeFailure.sqlite(error, path: path, action: .reading)
        }
    }

    /// Opens a log for statistics: read-only when the file cannot be written (immutable on read-only
    /// media), else as `init(path:)`.
    public static func forReading(path: String) throws -> PracticeLog {
        try requireExistingLog(path)
        try refuseOtherThanFile(path)
        if isOnReadOnlyMedium(path) { return try PracticeLog(readingOnly: path, immutable: true) }
        if FileManager.default.fileExists(atPath: path), isReadOnly(path) { return try PracticeLog(readingOnly: path) }
        return try PracticeLog(path: path)
    }

    /// A SQLite URI that opens `path` as immutable (`file:…?immutable=1`), its `%`, `?` and `#` escaped.
    static func immutableURI(_ path: String) -> String {
        let escaped = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f").replacingOccurrences(of: "#", with: "%23")
        return "file:" + (escaped.hasPrefix("/") ? "//" + escaped : escaped) + "?immutable=1"
    }

    /// Opens (creating if needed) the log at `path` and brings its schema up to date.
    /// - Throws: `PracticeFailure` with one line naming the file and the fix (corrupt, read-only, unreachable).
    public convenience init(path: String) throws {
        try self.init(path: path, busyTimeout: 15)
    }

    package init(path: String, busyTimeout: TimeInterval) throws {
        self.path = path
        self.busyTimeout = busyTimeout
        let fileManager = FileManager.default
        let folder = FileStatus.split(path).folder
        if !folder.isEmpty, !fileManager.fileExists(atPath: folder) {
            do { try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                if let file = FileStatus.fileInTheWay(of: folder) {
                    throw PracticeFailure.folderIsAFile(path: path, folder: folder, file: file)
                }
                throw PracticeFailure.cannotMakeFolder(path: path, folder: folder, reason: FileProblem.reason(error))
            }
        }
        try Self.refuseOtherThanFile(path)
        let exists = fileManager.fileExists(atPath: path)
        if exists, Self.isReadOnly(path) {
            if Self.isOnReadOnlyMedium(path) {
                throw PracticeFailure.readOnlyMediumForAnswers(path: path)
            }
            throw PracticeFailure.readOnly(path: path, action: .opening)
        }
        if !exists, Self.isOnReadOnlyMedium(path) {
            throw PracticeFailure.newLogOnReadOnlyMedium(path: path, folder: folder)
        }
        // A file that is no log (or another program's) gets no SQLite files beside it: the ones these opens made go again.
        let companions = ["-wal", "-shm"].map { path + $0 }.filter { !fileManager.fileExists(atPath: $0) }
        do { try Self.refuseForeignDatabase(path) } catch {
            for companion in companions { unlink(companion) }
            throw error
        }
        var config = Configuration()
        config.busyMode = .timeout(busyTimeout)
        config.label = "jianpu quiz"
        do {
            let pool = try Self.openAndMigrate(path: path, configuration: config)
            self.pool = pool
            self.reader = pool
        } catch let error as DatabaseError {
            if [.SQLITE_NOTADB, .SQLITE_CORRUPT].contains(error.resultCode) { for companion in companions { unlink(companion) } }
            if [.SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_FULL].contains(error.resultCode), let noRoom = Self.noRoomProblem(path, while: .opening) {
                // The empty file SQLite made before its companions found no room goes again.
                if !exists, FileStatus(path)?.size == 0 { unlink(path) }
                throw noRoom
            }
            throw PracticeFailure.sqlite(error, path: path, action: .opening)
        } catch {
            throw PracticeFailure.other(path: path, reason: "\(error)")
        }
    }

    /// Opens the log and brings its tables up to date. Two quizzes starting on a new log at once
    /// race to migrate it: the loser's migration fails (a busy lock, a table or column already
    /// made) and is rolled back, so it waits a moment and reads the winner's work again.
    private static func openAndMigrate(path: String, configuration: Configuration) throws -> DatabasePool {
        var attempt = 0
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try migrator.migrate(pool)
                return pool
            } catch let error as DatabaseError where attempt < 8 && [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_CONSTRAINT, .SQLITE_ERROR].contains(error.resultCode) {
                attempt += 1
                usleep(UInt32(25_000 * attempt))
            }
        }
    }

    /// Whether the file (or its folder, which must hold the WAL files) cannot be written.
    /// A file with no write permission bits counts as read-only even for root.
    static func isReadOnly(_ path: String) -> Bool {
        if access(path, W_OK) != 0 { return true }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o222 == 0 { return true }
        let folder = FileStatus.split(path).folder
        return access(folder.isEmpty ? "." : folder, W_OK) != 0
    }

    package func write<T>(_ work: (Database) throws -> T) throws -> T {
        guard let pool else { throw PracticeFailure.readOnly(path: path, action: .writing) }
        do { return try pool.write(work) } catch let error as DatabaseError {
            throw PracticeFailure.sqlite(error, path: path, action: .writing, waited: busyTimeout)
        }
    }

    package func read<T>(_ work: (Database) throws -> T) throws -> T {
        do { return try reader.read(work) } catch let error as DatabaseError {
            throw PracticeFailure.sqlite(error, path: path, action: .reading)
        } catch let unfit as UnfitColumn {
            throw PracticeFailure.unfitRow(path: path, column: unfit.column, value: unfit.value)
        }
    }

    /// Starts a session; returns its id.
    public func startSession(at date: Date) throws -> Int64 {
        try write { db in
            try db.execute(sql: "INSERT INTO sessions (started_at) VALUES (?)", arguments: [date])
            return db.lastInsertedRowID
        }
    }

    /// Records when a session ended.
    public func endSession(_ id: Int64, at date: Date) throws {
        try write { db in try db.execute(sql: "UPDATE sessions SET ended_at = ? WHERE id = ?", arguments: [date, id]) }
    }

    /// Every session's id, start and end, oldest first.
    public func sessions() throws -> [(id: Int64, startedAt: Date, endedAt: Date?)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, started_at, ended_at FROM sessions ORDER BY id").map {
                (try $0.decode(forColumn: "id"), try $0.decode(forColumn: "started_at"), try $0.decode(forColumn: "ended_at"))
            }
        }
    }

    /// SQLite's journal mode (`wal` for a log opened for writing).
    public func journalMode() throws -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// The names of the migrations applied, in order.
    public func appliedMigrations() throws -> [String] {
        try read { db in try Self.migrator.appliedIdentifiers(db).sorted() }
    }
}
