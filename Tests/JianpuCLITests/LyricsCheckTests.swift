import Foundation
import Subprocesses
import Testing

/// `scripts/lyrics-check` against the reference itself, where jianpu-ly and LilyPond are installed
/// (LyricPlacementTests holds what they gave, for machines without them).
@Suite("lyrics against jianpu-ly and LilyPond")
struct LyricsCheckTests {
    static let referenceInstalled = ["jianpu-ly", "lilypond"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    @Test(
        "every syllable of the lyric fixtures sits where LilyPond sings it (scripts/lyrics-check)",
        .enabled(if: Prerequisite.met(referenceInstalled), "jianpu-ly or lilypond is not installed"))
    func fixturesAgreeWithLilyPond() throws {
        let outcome = try Subprocess.run(
            "/usr/bin/env", ["python3", "scripts/lyrics-check", "--jianpu", CommandLineTests.executable, "Tests/Fixtures/Lyrics"],
            directory: CommandLineTests.packageRoot)
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("scores all right") && !outcome.output.contains("skipped"), "\(outcome.output)")
    }
}
