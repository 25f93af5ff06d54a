import GRDB
import JianpuFiles

/// What a file must be before the quiz reads or extends it as its log.
extension QuizStore {
    /// Statistics read a log that exists: a wrong path must not leave an empty database behind.
    static func requireExistingLog(_ path: String) throws {
        guard FileStatus(path) != nil else {
            throw QuizError("\(path): there is no quiz log there (nothing was created); check the path, or answer a quiz with --db \(path) first")
        }
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
            throw QuizError(message(for: error, path: path, while: .opening))
        }
        let ours: Set<String> = ["sessions", "recognize_intervals", "grdb_migrations"]
        guard !tables.isEmpty, !tables.contains(where: ours.contains) else { return }
        let named = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
        throw QuizError("\(path) is another program's database (tables \(named)) with no quiz log: it is left as it is; pass --db with a file of its own")
    }
}
