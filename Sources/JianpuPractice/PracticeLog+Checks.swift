import Foundation
import GRDB
import JianpuFiles

/// What a file must be before the quiz reads or extends it as its log.
extension PracticeLog {
    /// Statistics read a log that exists: a wrong path must not leave an empty database behind.
    static func requireExistingLog(_ path: String) throws {
        guard FileStatus(path) != nil else {
            throw PracticeFailure.noLog(path: path)
        }
    }

    /// Refuses a device, a pipe or a folder as the log, before SQLite opens it: SQLite would write its
    /// journal beside it (`/dev/null-journal`) or fail with a message about something else.
    static func refuseOtherThanFile(_ path: String) throws {
        try refuseNameTooLongForCompanions(path)
        try refuseOddCompanions(path)
        guard let status = FileStatus(path) else { return }
        switch status.kind {
        case .regular: return
        case .directory: throw PracticeFailure.isAFolder(path: path)
        case .other: throw PracticeFailure.notARegularFile(path: path)
        }
    }

    /// Refuses a `-wal`, `-shm` or `-journal` beside the log that is a link (symbolic or hard) or no plain file: SQLite
    /// would write its pages through the link (into whatever it names) or fail with a message about
    /// permissions. Checked before SQLite opens anything, so nothing is written through it.
    static func refuseOddCompanions(_ path: String) throws {
        for suffix in ["-wal", "-shm", "-journal"] {
            let companion = path + suffix
            var info = stat()
            guard lstat(companion, &info) == 0 else { continue }
            let what: String
            switch info.st_mode & S_IFMT {
            // A second name of another file (`ln score.jp q.sqlite-wal`): SQLite would write its pages into that file.
            case S_IFREG where info.st_nlink > 1: what = "is another name of a file (a hard link), which SQLite would write into"
            case S_IFREG: continue
            case S_IFLNK: what = "is a symbolic link" + (FileStatus.linkDestination(companion).map { " (to \($0))" } ?? "")
            case S_IFDIR: what = "is a folder"
            default: what = "is not a regular file (a device, a pipe or a socket)"
            }
            throw PracticeFailure.oddCompanion(path: path, companion: companion, what: what)
        }
    }

    /// Refuses a log whose name leaves no room for SQLite's files beside it (`NAME-journal`,
    /// `NAME-wal`): SQLite would fail with "unable to open the file", which blames the path.
    static func refuseNameTooLongForCompanions(_ path: String) throws {
        let (folder, name) = FileStatus.split(path)
        let longest = pathconf(folder, Int32(_PC_NAME_MAX))
        let limit = (longest > 0 ? longest : 255) - "-journal".utf8.count
        guard name.utf8.count > limit else { return }
        throw PracticeFailure.nameTooLong(path: path, bytes: name.utf8.count, limit: limit)
    }

    /// Whether the log's folder is on media mounted read-only (a CD, a read-only mount).
    static func isOnReadOnlyMedium(_ path: String) -> Bool {
        let folder = FileStatus.split(path).folder
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
        return info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Why nothing can be made in the log's folder when its file system has no room left: no free
    /// blocks, or no free inodes (a new file needs one even on an empty disk); nil when it has room.
    /// SQLite reports both as "unable to open the file", which blames the path.
    static func noRoomProblem(_ path: String, while action: PracticeFailure.Action) -> PracticeFailure? {
        let folder = FileStatus.split(path).folder
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return nil }
        // A file system that counts no inodes at all (f_files 0) makes them as it needs them.
        if info.f_files > 0, info.f_favail == 0 { return .noRoom(path: path, action: action, inodes: true) }
        if info.f_bavail == 0 { return .noRoom(path: path, action: action, inodes: false) }
        return nil
    }

    /// Refuses a SQLite file of another program: one that holds tables, none of them ours.
    /// (Adding our tables to it would change a file the user keeps for something else.)
    static func refuseForeignDatabase(_ path: String) throws {
        guard let status = FileStatus(path), status.kind == .regular, status.size > 0 else { return }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(15)
        let tables: [String]
        do {
            tables = try DatabaseQueue(path: path, configuration: config).read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            }
        } catch let error as DatabaseError {
            throw PracticeFailure.sqlite(error, path: path, action: .opening)
        }
        let ours: Set<String> = ["sessions", "recognize_intervals", "grdb_migrations"]
        guard !tables.isEmpty, !tables.contains(where: ours.contains) else { return }
        throw PracticeFailure.foreignDatabase(path: path, tables: tables)
    }
}
