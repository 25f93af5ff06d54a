import Foundation
import GRDB
import JianpuCore
import JianpuFiles

/// Why a practice session failed: the practice log (the quiz's and the lessons' SQLite file) could not be opened,
/// read or written, or the session's lines could not be written. SQLite's result code stays typed here;
/// `description` says it as one line naming the file and the fix.
public enum PracticeFailure: DescribedError, Equatable {
    /// What the log was doing when it failed: the verb of the message.
    public enum Action: String, Sendable {
        case opening = "open", reading = "read", writing = "write to"
    }

    /// What the file system gave when SQLite failed, read at the failure (the message depends on it).
    public struct Circumstances: Sendable, Equatable {
        /// The process had no descriptor left (`ulimit -n`).
        public var descriptorsExhausted = false
        /// Why a file-size limit may have stopped a write, when one is set.
        public var fileSizeLimit: String?
        public init(descriptorsExhausted: Bool = false, fileSizeLimit: String? = nil) {
            (self.descriptorsExhausted, self.fileSizeLimit) = (descriptorsExhausted, fileSizeLimit)
        }
    }

    /// SQLite refused: its result code, its own message, and how long a lock was waited for.
    case sqlite(ResultCode, message: String?, path: String, action: Action, waited: TimeInterval, circumstances: Circumstances)
    /// The file or its folder cannot be written.
    case readOnly(path: String, action: Action)
    /// A log on read-only media is opened to answer.
    case readOnlyMediumForAnswers(path: String)
    /// A new log would be made on read-only media.
    case newLogOnReadOnlyMedium(path: String, folder: String)
    /// A file stands where the log's folder should be made.
    case folderIsAFile(path: String, folder: String, file: String)
    /// The log's folder cannot be made.
    case cannotMakeFolder(path: String, folder: String, reason: String)
    /// The file system has no room (no blocks, or no inodes) for the log.
    case noRoom(path: String, action: Action, inodes: Bool)
    /// Statistics asked of a log that is not there.
    case noLog(path: String)
    /// A read-only log that holds none of the quiz's tables.
    case holdsNoLog(path: String)
    /// The path is a folder.
    case isAFolder(path: String)
    /// The path is a device, pipe or socket.
    case notARegularFile(path: String)
    /// SQLite's `-wal`, `-shm` or `-journal` beside the log is no plain file.
    case oddCompanion(path: String, companion: String, what: String)
    /// The name leaves no room for SQLite's files beside it.
    case nameTooLong(path: String, bytes: Int, limit: Int)
    /// Another program's SQLite file.
    case foreignDatabase(path: String, tables: [String])
    /// A row whose column holds what the log never writes there.
    case unfitRow(path: String, column: String, value: String)
    /// Something else stopped the open.
    case other(path: String, reason: String)
    /// A line of the session could not be written to standard output (the log has every answer).
    case standardOutput(errno: Int32)

    /// The error for a SQLite failure, with what the file system says about it now.
    static func sqlite(_ error: DatabaseError, path: String, action: Action, waited: TimeInterval = 15) -> PracticeFailure {
        .sqlite(
            error.resultCode, message: error.message, path: path, action: action, waited: waited,
            circumstances: Circumstances(
                descriptorsExhausted: FileProblem.descriptorsExhausted,
                fileSizeLimit: FileProblem.hasFileSizeLimit ? FileProblem.fileSizeLimitReason : nil))
    }

    public var description: String {
        switch self {
        case .sqlite(let code, let message, let path, let action, let waited, let circumstances):
            let what = "cannot \(action.rawValue) quiz database \(path)"
            switch code {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT:
                return "\(what): file is not a database; move it away or pass --db NEW"
            case .SQLITE_READONLY, .SQLITE_PERM:
                return Self.readOnly(path: path, action: action).description
            case .SQLITE_CANTOPEN where circumstances.descriptorsExhausted:
                return "\(what): too many open files (the descriptor limit, ulimit -n, is reached); raise it (ulimit -n 1024) and try again"
            case .SQLITE_CANTOPEN:
                return "\(what): unable to open the file; check the path and permissions, or pass --db NEW"
            case .SQLITE_FULL:
                // SQLite says "full" for EFBIG too: with a limit set, that is the likelier cause.
                if let limit = circumstances.fileSizeLimit { return "\(what): the disk is full or \(limit) (the log is left as it is)" }
                return "\(what): the disk is full; free some space and try again (the log is left as it is)"
            case .SQLITE_IOERR:
                return "\(what): the disk failed to read or write (is it full?); free some space or check the disk, then try again"
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return "\(what): it stayed locked by another program for \(Int(waited.rounded())) s; try again"
            default:
                let text = (message ?? "\(code)").replacingOccurrences(of: "\n", with: " ")
                return "\(what): \(text); move it away or pass --db NEW"
            }
        case .readOnly(let path, let action):
            return "cannot \(action.rawValue) quiz database \(path): it is read-only; make it and its folder writable (chmod u+w) or pass --db NEW"
        case .readOnlyMediumForAnswers(let path):
            return "cannot open quiz database \(path) to answer: it is on read-only media (quiz stats can read it); copy it to a writable folder or pass --db NEW"
        case .newLogOnReadOnlyMedium(let path, let folder):
            return "cannot create quiz database \(path): its folder \(folder) is on read-only media, where no new file can be made; pass --db with a path on a writable disk"
        case .folderIsAFile(let path, let folder, let file):
            return
                "cannot open quiz database \(path): cannot create its folder \(folder): \(file) is a file, not a folder (is XDG_DATA_HOME set to a file?); move it away, or pass --db with another path"
        case .cannotMakeFolder(let path, let folder, let reason):
            return "cannot open quiz database \(path): cannot create its folder \(folder) (\(reason)); pass --db with a writable path"
        case .noRoom(let path, let action, let inodes):
            let what = "cannot \(action.rawValue) quiz database \(path)"
            if inodes {
                return "\(what): there is no room on its device (no inodes left for a new file); free some files there or pass --db with a path on another disk"
            }
            return "\(what): the disk is full (no space left on its device); free some space there or pass --db with a path on another disk"
        case .noLog(let path):
            return "\(path): there is no quiz log there (nothing was created); check the path, or answer a quiz with --db \(path) first"
        case .holdsNoLog(let path):
            return "cannot read quiz database \(path): it holds no quiz log; pass --db with the right file"
        case .isAFolder(let path):
            return "\(path) is a folder: the quiz log is a file; pass --db with a file name, such as \(path)/quiz.sqlite"
        case .notARegularFile(let path):
            return "\(path) is not a regular file (a device or a pipe): the quiz log is a file of its own; pass --db FILE"
        case .oddCompanion(let path, let companion, let what):
            return "cannot use quiz database \(path): \(companion), SQLite's file beside it, \(what); nothing was written through it; remove \(companion) or pass --db NEW"
        case .nameTooLong(let path, let bytes, let limit):
            return
                "\(path): the log's name is too long (\(bytes) bytes): SQLite keeps files beside it named NAME-journal and NAME-wal, which must fit the file system's \(limit + 8) bytes: give --db a name of at most \(limit) bytes"
        case .foreignDatabase(let path, let tables):
            let named = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            return "\(path) is another program's database (tables \(named)) with no quiz log: it is left as it is; pass --db with a file of its own"
        case .unfitRow(let path, let column, let value):
            return "cannot read quiz database \(path): a row does not fit the quiz log (column \(column) holds \(value)); move the file away or pass --db NEW"
        case .other(let path, let reason):
            return "cannot open quiz database \(path): \(reason); move it away or pass --db NEW"
        case .standardOutput(let code):
            return "cannot write to standard output: \(String(cString: strerror(code)))"
        }
    }
}

/// A column of the log whose value is not what the log holds there (thrown inside a read, phrased by `PracticeLog.read`).
package struct UnfitColumn: Error {
    package var column: String
    package var value: String
    package init(column: String, value: String) { (self.column, self.value) = (column, value) }
}
