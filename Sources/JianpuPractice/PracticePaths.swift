import Foundation

/// Where the practice log is kept, following the XDG base directories.
public enum PracticePaths {
    /// `$XDG_DATA_HOME/jianpu/quiz.sqlite`, else `~/.local/share/jianpu/quiz.sqlite`.
    public static func defaultDatabase(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base(environment["XDG_DATA_HOME"], fallback: ".local/share", environment: environment) + "/jianpu/quiz.sqlite"
    }

    /// The log and the files SQLite keeps beside it (`-wal`, `-shm`, `-journal`): all read, none to be written over.
    public static func logFiles(_ database: String) -> [String] {
        [database] + ["-wal", "-shm", "-journal"].map { database + $0 }
    }

    /// An XDG folder: the variable when it is an absolute path, else `fallback` in the home folder.
    package static func base(_ value: String?, fallback: String, environment: [String: String]) -> String {
        if let value, value.hasPrefix("/") { return value }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/" + fallback
    }
}
