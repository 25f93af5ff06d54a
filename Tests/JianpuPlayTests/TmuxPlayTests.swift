import Foundation
import Subprocesses
import Testing

/// Runs `Tests/tmux/play-test.sh`: `jianpu play` in a real terminal (tmux) with the paced WAV sink —
/// play, pause, seek, tempo and quit, the terminal restored, the WAV holding audio.
///
/// Needs tmux and sox; skipped otherwise (failed where prerequisites are required).
@Suite struct TmuxPlayTests {
    static let binary = PackageFolder.program("jianpu")

    static var canRun: Bool {
        Prerequisite.met(Subprocess.which("tmux") != nil && Subprocess.which("sox") != nil)
    }

    @Test(.enabled(if: canRun, "needs tmux and sox"), .timeLimit(.minutes(6)))
    func playPauseSeekAndQuitInTmux() throws {
        // The script takes about 35 s (more on a busy machine); give up (and say so) after 150.
        let run = try Subprocess.run(
            "/bin/bash", [PackageFolder.root.appendingPathComponent("Tests/tmux/play-test.sh").path],
            environment: ["JIANPU_BIN": Self.binary], directory: PackageFolder.root, timeLimit: 150)
        #expect(!run.timedOut, "play-test.sh did not finish in 150 s")
        let text = run.output + run.errors
        let failures = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(run.status == 0, "play-test.sh failed:\n\(text)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(text.contains("PASS: all play tests"), "\(text)")
    }
}
