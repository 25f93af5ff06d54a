import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Edge cases where the reference (jianpu-ly + LilyPond) was checked by hand, and inputs that once crashed.
@Suite("Reference edge cases")
struct ReferenceEdgeCaseTests {
    // jianpu-ly's grace_octave_fix and gracenotes_western, checked by hand (`\grace { … }` in its .ly): reading from
    // the end, what follows a figure belongs to it while each figure before is followed by something too; a value
    // holds for the graces after it; a run of marks counts three octaves at most.
    @Test(
        "a grace group's marks, signs and values are read as the reference reads them",
        arguments: [
            ("g[3'4']", [76, 77]), ("g['34]", [76, 65]), ("g['3'4]", [76, 77]), ("g[3,4,]", [52, 53]),
            ("g[1'&3']", [72, 76]), ("g[3#4']", [65, 77]), ("g['8]", [84]), ("g[#45]", [66, 67]),
        ])
    func graceMarks(group: String, graces: [Int]) {
        #expect(T.errors("1 \(group) 1").isEmpty)
        #expect(T.pitches("1 \(group) 1") == [60] + graces + [60])
    }

    @Test("a grace's value holds for the graces after it in its group: g[q34] is two quavers")
    func graceValueHolds() {
        #expect(T.played("1 g[q34] 1") == T.played("1 g[q3q4] 1"))
        #expect(T.played("1 g[q34] 1") != T.played("1 g[q3s4] 1"))
    }

    // jianpu-ly writes `1 - [2]g` as `c'4 ~ \afterGrace { c'4 } { d'16 }`: the grace hangs off the
    // last crotchet, so it ends at 1 + 3/4 quarters, not at 3/4 of the first crotchet.
    @Test("an after-grace following a dash ends at three quarters of the dash's crotchet")
    func afterGraceAfterDash() {
        #expect(T.played("1 - [2]g 3") == "60@0+325/192 62@325/192+7/128 64@2+1")
    }

    @Test("an after-grace following a tie ends at three quarters of the tied crotchet")
    func afterGraceAfterTie() {
        #expect(T.played("1 ~ 1 [2]g 3") == "60@0+325/192 62@325/192+7/128 64@2+1")
    }

    // jianpu-ly writes `1 - \p 2` and `1 ~ 1 \p 2` as `c'2 \p d'4`: the dynamic belongs to the held note.
    @Test("a dynamic after a dash applies to the held note", arguments: ["1 - \\p 2", "1 ~ 1 \\p 2"])
    func dynamicAfterDashOrTie(text: String) {
        #expect(T.timeline(text).notes.map(\.velocity) == [60, 60])
    }

    // jianpu-ly writes `g[1'''''''''']` as `\grace { c''''16 }`: a run of marks counts three octaves at most.
    @Test("a note outside the MIDI range is a warning at its place; it stays silent and the rest plays; a grace's marks count three octaves at most")
    func pitchOutOfRange() {
        let grace = "1 1 1 g[1''''''''''] 1"
        #expect(T.errors(grace).isEmpty)
        #expect(T.warnings(grace).isEmpty)
        #expect(T.pitches(grace) == [60, 60, 60, 96, 60])
        let main = "1 1,,,,,, 1 1'''''''' | 5 - - - |"
        #expect(T.errors(main).isEmpty)
        #expect(T.played(main) == "60@0+1 60@2+1 67@4+4")
    }

    @Test("a tuplet holding only a nested tuplet is not reported as empty")
    func nestedTupletNotEmpty() {
        #expect(T.warnings("2[ 3[ q1 q1 q1 ] ] 1 1 q1").isEmpty)
    }

    // jianpu-ly counts a volta repeat `R{ … }` once as written (`R{ 1 1 } 2 2` is one 4/4 bar and it
    // accepts it; `R{ 1 1 } 2 2 2 2 2 2` is two), while `R2{`, `R3{`… count every pass.
    @Test(
        "a volta repeat R{ } counts once as written when checking bar lengths",
        arguments: [
            "R{ 1 1 } 2 2", "R{ 1 1 } A{ 2 2 | 3 3 }", "R{ 1 1 } 2 2 2 2 2 2",
        ])
    func voltaRepeatBarCount(text: String) {
        #expect(T.warnings(text).map(\.description) == [])
    }

    // Crashes, checked in a child process (exit tests) so the suite survives them.
    @Test("a seed plist with a tiny interval is read or refused, never a trap")
    func seedTinyInterval() async {
        await #expect(processExitsWith: .success) {
            _ = SeedPlist.parse("{ interval = \"1e-300\"; modulators = ( { modulator = 1; } ); }", file: "x")
        }
    }

    @Test("exporting a timeline whose tempo map was scaled by zero never traps")
    func zeroScaledTempoExport() async {
        await #expect(processExitsWith: .success) {
            var timeline = Flattener.timeline(of: ScoreParser.parse("1 1 1 1", file: "x").score.movements[0])
            timeline.tempoMap = timeline.tempoMap.scaled(by: 0)
            _ = StandardMIDIFile.data(for: timeline)
        }
    }

    @Test("a seed plist that starts with a comment is still recognised by the loader")
    func seedPlistWithLeadingComment() {
        let text = "// bjehp\n{ modulators = ( { modulator = 5; } ); }"
        let (score, diagnostics) = ScoreLoader.parse(Array(text.utf8), path: "s.plist")
        #expect(diagnostics.isEmpty)
        #expect(score?.movements.first?.parts.count == 2)
    }

    @Test("a file with marks but no notes or rests reports that no music was found", arguments: ["|", "| | |", "4=80 1=D 3/4"])
    func marksWithoutMusic(text: String) {
        #expect(T.errors(text).map(\.message) == ["no music found: expected notes such as `1 2 3 4`"])
    }
}
