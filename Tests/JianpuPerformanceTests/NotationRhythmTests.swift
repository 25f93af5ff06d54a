import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Lengths: beams, dots, dashes, ties, KeepLength, tuplets, grace notes.
/// Expected notes are written `midi@onset+duration`, counted in quarter notes (exact fractions).
@Suite("Notation: rhythm")
struct NotationRhythmTests {
    @Test(
        "length letters, backslashes and dots give the reference lengths",
        arguments: [
            ("1 2", "60@0+1 62@1+1"),
            ("q1 s2 d3 h4 c5", "60@0+1/2 62@1/2+1/4 64@3/4+1/8 65@7/8+1/16 67@15/16+1"),
            ("1\\ 2\\\\ 3", "60@0+1/2 62@1/2+1/4 64@3/4+1"),
            ("1. q2", "60@0+3/2 62@3/2+1/2"),
            ("1.. s2", "60@0+7/4 62@7/4+1/4"),
            ("q1. s2", "60@0+3/4 62@3/4+1/4"),
            ("1\\. 2\\\\.", "60@0+3/4 62@3/4+3/8"),
            ("1s 1q", "60@0+1/4 60@1/4+1/2"),
            ("0 1 q0 q1", "60@1+1 60@5/2+1/2"),
        ])
    func lengths(source: String, expected: String) {
        #expect(T.played(source) == expected)
    }

    @Test(
        "dashes lengthen the previous note, chord or rest by a crotchet",
        arguments: [
            ("1 - - - 2", "60@0+4 62@4+1"),
            ("q1 - 2", "60@0+3/2 62@3/2+1"),
            ("135 - 2", "60@0+2 64@0+2 67@0+2 62@2+1"),
            ("0 - 1", "60@2+1"),
            ("1 . . 2", "60@0+3 62@3+1"),
        ])
    func dashes(source: String, expected: String) {
        #expect(T.played(source) == expected)
    }

    @Test(
        "ties join notes of the same pitch, across bar lines too, but never notes of different pitch",
        arguments: [
            ("1 ~ 1 2", "60@0+2 62@2+1"),
            ("1~ 1 2", "60@0+2 62@2+1"),
            ("1 2 3 4 ~ | 4 3 2 1", "60@0+1 62@1+1 64@2+1 65@3+2 64@5+1 62@6+1 60@7+1"),
            ("1 - ~ 1 2", "60@0+3 62@3+1"),
            ("1 ~ 2", "60@0+1 62@1+1"),
            ("135 ~ 13 5", "60@0+2 64@0+2 67@0+1 67@2+1"),
            ("q1 ~ q1 ~ 1", "60@0+2"),
        ])
    func ties(source: String, expected: String) {
        #expect(T.played(source) == expected)
    }

    @Test(
        "KeepLength makes a length stick until the next one, dashes included",
        arguments: [
            ("KeepLength q1 2 3 - s4 5 c6", "60@0+1/2 62@1/2+1/2 64@1+1 65@2+1/4 67@9/4+1/4 69@5/2+1"),
            ("KeepLength s1 1 1 1 c1", "60@0+1/4 60@1/4+1/4 60@1/2+1/4 60@3/4+1/4 60@1+1"),
            ("q1 2", "60@0+1/2 62@1/2+1"),
        ])
    func keepLength(source: String, expected: String) {
        #expect(T.played(source) == expected)
    }

    @Test(
        "tuplets scale their notes: 3[ by 2/3, 5[ by 4/5, 2[ by 3/2",
        arguments: [
            ("3[ q1 q2 q3 ] 4", "60@0+1/3 62@1/3+1/3 64@2/3+1/3 65@1+1"),
            ("3[ 1 2 3 ]", "60@0+2/3 62@2/3+2/3 64@4/3+2/3"),
            ("5[ s1 s2 s3 s4 s5 ] 6", "60@0+1/5 62@1/5+1/5 64@2/5+1/5 65@3/5+1/5 67@4/5+1/5 69@1+1"),
            ("2[ q1 q2 ] 3", "60@0+3/4 62@3/4+3/4 64@3/2+1"),
            ("3[ q.1 s2 q3 ]", "60@0+1/2 62@1/2+1/6 64@2/3+1/3"),
            ("3[ q1 ~ q1 q2 ]", "60@0+2/3 62@2/3+1/3"),
            ("3[ q1 q2 q3 ~ ] q3", "60@0+1/3 62@1/3+1/3 64@2/3+5/6"),
            ("3[ 1 - 2 ]", "60@0+4/3 62@4/3+2/3"),
            ("3[ q1 3[ s2 s3 s4 ] q5 ]", "60@0+1/3 62@1/3+1/9 64@4/9+1/9 65@5/9+1/9 67@2/3+1/3"),
        ])
    func tuplets(source: String, expected: String) {
        #expect(T.played(source) == expected)
    }

    @Test(
        "the tuplet ratio follows the reference's rule",
        arguments: [
            (2, WholeNotes(3, 2)), (3, WholeNotes(2, 3)), (4, WholeNotes(6, 4)), (5, WholeNotes(4, 5)), (6, WholeNotes(4, 6)),
            (7, WholeNotes(4, 7)), (9, WholeNotes(8, 9)),
        ])
    func tupletRatio(count: Int, ratio: WholeNotes) {
        #expect(Tuplet.ratio(forCount: count) == ratio)
    }

    // A grace semiquaver takes 11/48 of 1/16 whole = 11/192 quarter; it sounds 1/1536 whole (1/384 quarter) shorter.
    @Test(
        "grace notes before a note take 11/48 of their length from the note before",
        arguments: [
            ("1 g[2] 3", "60@0+181/192 62@181/192+7/128 64@1+1"),
            ("1 g[23] 3", "60@0+85/96 62@85/96+7/128 64@181/192+7/128 64@1+1"),
            ("1 g[q2] 3", "60@0+85/96 62@85/96+43/384 64@1+1"),
            ("1 g[1&3] 5", "60@0+181/192 60@181/192+7/128 64@181/192+7/128 67@1+1"),
            ("1 g[#4'] 5", "60@0+181/192 78@181/192+7/128 67@1+1"),
        ])
    func graceBefore(source: String, expected: String) {
        #expect(T.played(source) == expected)
        #expect(T.timeline(source).notes.filter(\.isGrace).count == (source.contains("&") ? 2 : source.filter(\.isNumber).count - 2))
    }

    @Test("grace notes ignore the base octave shift, as the reference writes them")
    func graceIgnoresBaseOctave() {
        // jianpu-ly: `> g[1] 1` is `\\grace { c'16 } c''4`.
        #expect(T.timeline("> g[1] 1").notes.map(\.pitch.midiNumber) == [60, 72])
    }

    @Test("grace notes with their own lengths (d, s) each take 11/48 of that length")
    func graceLengths() {
        let notes = T.timeline("1 g[d4d5s6] 1").notes.filter(\.isGrace)
        #expect(notes.map(\.pitch.midiNumber) == [65, 67, 69])
        #expect(notes.map { $0.onset * 4 } == [WholeNotes(1) - WholeNotes(44, 384), WholeNotes(1) - WholeNotes(44, 384) + WholeNotes(11, 384), WholeNotes(1) - WholeNotes(11, 192)])
    }

    @Test("grace notes after a note end at three quarters of it")
    func graceAfter() {
        // 3/4 of a crotchet is 3/4 quarter; one semiquaver grace slot (11/192) ends there.
        #expect(T.played("1 [2]g 3") == "60@0+133/192 62@133/192+7/128 64@1+1")
    }

    @Test("grace notes take no time of their own: a bar with one still lasts exactly a whole note")
    func clockAfterGrace() {
        let timeline = T.timeline("1 g[2] 3 4 5")
        #expect(timeline.length == .whole)
    }
}
