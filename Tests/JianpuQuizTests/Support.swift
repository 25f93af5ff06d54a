import Foundation
import GRDB
import Subprocesses
import Testing

@testable import JianpuQuiz

enum Support {
    /// The package's root folder.
    static let packageRoot = PackageFolder.root
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// A fresh empty folder.
    static func temporaryFolder(_ name: String = #function) -> String {
        ScratchFolder.make(name)
    }

    /// Compares `text` with the golden file (`JIANPU_UPDATE_GOLDEN=1` rewrites it first).
    static func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try Golden.expected(text, in: goldenFolder.appendingPathComponent(name))
        #expect(text == expected, "differs from Golden/\(name) (JIANPU_UPDATE_GOLDEN=1 rewrites it)", sourceLocation: sourceLocation)
    }

    /// The `jianpu` under test.
    static let binary = PackageFolder.program("jianpu")

    static func which(_ tool: String) -> String? { Subprocess.which(tool) }

    /// Runs a program to the end (100 columns wide); returns status, stdout and stderr.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let run = try Subprocess.run(executable, arguments, input: input, environment: environment.merging(["COLUMNS": "100"]) { $1 })
        return (run.status, run.output, run.errors)
    }

    /// The SoundFont, when this machine has one.
    static var soundFont: String? {
        let path = ProcessInfo.processInfo.environment["JIANPU_SOUNDFONT"] ?? "/usr/share/sounds/sf2/default-GM.sf2"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// A row of the log as one line (every column).
    static func line(_ row: AnswerRow) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return [
            String(row.id ?? -1), String(row.sessionID), formatter.string(from: row.playedAt), formatter.string(from: row.recognizedAt),
            String(row.firstNote), String(row.secondNote), row.playbackType.rawValue, String(row.recognizedNote),
            String(row.playedInterval), String(row.recognizedInterval), String(row.repeatedTimes), row.playbackInstrument,
            row.errorInverted ? "1" : "0", row.errorWideness ? "1" : "0", row.errorOneSemitone ? "1" : "0",
            String(row.responseMilliseconds), String(row.rootNote), String(row.program),
        ].joined(separator: "|")
    }
}

/// Raw SQL on a database file, as another program would write it.
enum GRDBQueueMaker {
    static func make(_ path: String) throws -> (String) throws -> Void {
        let queue = try DatabaseQueue(path: path)
        return { sql in try queue.write { try $0.execute(sql: sql) } }
    }
}
