import Foundation
import Subprocesses
import Testing

/// Runs `Tests/tmux/practice-keys-test.sh`: the play screen's practice keys (part, mute, solo, loop)
/// in a real terminal. Needs tmux and sox; skipped otherwise.
@Suite struct TmuxPracticeKeysTests {
    @Test(.enabled(if: TmuxPlayTests.canRun, "needs tmux and sox"), .timeLimit(.minutes(6)))
    func practiceKeysInTmux() throws {
        let run = try Subprocess.run(
            "/bin/bash", [PackageFolder.root.appendingPathComponent("Tests/tmux/practice-keys-test.sh").path],
            environment: ["JIANPU_BIN": TmuxPlayTests.binary], directory: PackageFolder.root, timeLimit: 100)
        #expect(!run.timedOut, "practice-keys-test.sh did not finish in 100 s")
        let text = run.output + run.errors
        #expect(run.status == 0, "practice-keys-test.sh failed:\n\(text)")
        #expect(text.contains("PASS: all practice key tests"), "\(text)")
    }
}
