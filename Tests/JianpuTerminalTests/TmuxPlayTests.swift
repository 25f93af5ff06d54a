import Foundation
import Testing

/// Runs `Tests/tmux/play-test.sh`: `jianpu play` in a real terminal (tmux) with the paced WAV sink —
/// play, pause, seek, tempo and quit, the terminal restored, the WAV holding audio.
///
/// Needs tmux, sox and the release binary (`swift build -c release --product jianpu`), or
/// `JIANPU_BIN` pointing at a jianpu binary; skipped otherwise.
@Suite struct TmuxPlayTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: String {
        ProcessInfo.processInfo.environment["JIANPU_BIN"] ?? packageRoot.appendingPathComponent(".build/release/jianpu").path
    }

    static func installed(_ tool: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    static var canRun: Bool {
        installed("tmux") && installed("sox") && FileManager.default.isExecutableFile(atPath: binary)
    }

    @Test(.enabled(if: canRun, "needs tmux, sox and .build/release/jianpu (or JIANPU_BIN)"), .timeLimit(.minutes(2)))
    func playPauseSeekAndQuitInTmux() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.packageRoot.appendingPathComponent("Tests/tmux/play-test.sh").path]
        process.currentDirectoryURL = Self.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["JIANPU_BIN"] = Self.binary
        process.environment = environment
        // Output to a file, not a pipe: a process tmux leaves behind could hold a pipe open.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-play-test-\(getpid()).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The script takes about 25 s; give up (and say so) after 100.
        let deadline = Date().addingTimeInterval(100)
        while process.isRunning && Date() < deadline { usleep(100_000) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        #expect(!timedOut, "play-test.sh did not finish in 100 s")
        process.waitUntilExit()
        try output.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let failures = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(process.terminationStatus == 0, "play-test.sh failed:\n\(text)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(text.contains("PASS: all play tests"), "\(text)")
    }
}
