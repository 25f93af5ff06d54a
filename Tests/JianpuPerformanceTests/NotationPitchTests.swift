import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Pitches: figures, octave marks, base octave, accidentals, chords, keys.
/// Expected notes are written `midi@onset+duration`, counted in quarter notes.
@Suite("Notation: pitches and keys")
struct NotationPitchTests {
    @Test(
        "figures, octave marks, base octave shifts, 8/9, accidentals and x sound at the reference pitches",
        arguments: [
            ("1 2 3 4 5 6 7", [60, 62, 64, 65, 67, 69, 71]),
            ("1' 1, 1'' 1,, 7'", [72, 48, 84, 36, 83]),
            ("8 9 8'", [72, 74, 84]),
            ("#1 b7 1# 7b #4'", [61, 70, 61, 70, 78]),
            ("x 0 x'", [60, 72]),
            ("< 1 > 1 > 1 > 1'", [48, 60, 72, 96]),
            ("<< 1 >>> 1", [36, 72]),
            ("<1 1 >1", [48, 48, 60]),
            ("１ ２ ３", [60, 62, 64]),
            ("１’ ５，", [72, 55]),
        ])
    func singlePitches(source: String, midi: [Int]) {
        #expect(T.pitches(source) == midi)
    }

    @Test(
        "chords sound all their figures; leading marks belong to the next figure, trailing marks to the last",
        arguments: [
            ("135", [60, 64, 67]),
            (",135'", [48, 64, 79]),
            ("1#35", [60, 65, 67]),
            ("#135", [61, 64, 67]),
            ("15'", [60, 79]),
            ("158", [60, 67, 72]),
        ])
    func chords(source: String, midi: [Int]) {
        #expect(T.pitches(source) == midi)
    }

    @Test("the base octave shift does not move chords")
    func baseOctaveSparesChords() {
        #expect(T.pitches("> 135 1") == [60, 64, 67, 72])
    }

    @Test(
        "keys put degree 1 (or 6 in minor) where the reference transposes it",
        arguments: [
            ("1=C 1", 60), ("1=D 1", 62), ("1=Eb 1", 63), ("1=E 1", 64), ("1=F 1", 65), ("1=F# 1", 66),
            ("1=G 1", 55), ("1=Ab 1", 56), ("1=A 1", 57), ("1=Bb 1", 58), ("1=B 1", 59), ("1=C# 1", 61), ("1=bE 1", 63),
            ("6=A 6", 69), ("6=F# 6", 66), ("6=C 6", 72), ("6=D 6", 74), ("6=E 6", 64), ("6=G 6", 67), ("6=B 6", 71),
            ("6=F# 1", 57), ("6=E 1", 55),
        ])
    func keys(source: String, midi: Int) {
        #expect(T.pitches(source) == [midi])
        #expect(T.errors(source).isEmpty)
    }

    @Test("accidentals and octaves apply relative to the key")
    func accidentalsInKey() {
        #expect(T.pitches("1=G #4 b7 1' 5,") == [61, 65, 67, 50])
    }

    @Test("a key change mid-part takes effect from the next note and is recorded at its position")
    func keyChangeMidPart() {
        let text = "1 1 1 1 | 1=D 1 1 1 1 | 6=B 6 6 6 6"
        #expect(T.pitches(text) == [60, 60, 60, 60, 62, 62, 62, 62, 71, 71, 71, 71])
        let keys = T.timeline(text).keys
        #expect(keys.map(\.position) == [.whole, WholeNotes(2)])
        #expect(keys.map(\.sharps) == [2, 2])
        #expect(keys.map(\.isMinor) == [false, true])
        #expect(keys.map(\.name) == ["1=D", "6=B"])
    }

    @Test(
        "key signatures report sharps and flats",
        arguments: [
            ("1=C", 0), ("1=G", 1), ("1=D", 2), ("1=Bb", -2), ("1=Eb", -3), ("1=F#", 6), ("1=Db", -5),
            ("6=A", 0), ("6=E", 1), ("6=D", -1), ("6=F#", 3), ("6=C", -3),
        ])
    func sharps(key: String, sharps: Int) {
        #expect(T.timeline("\(key) 1 1 1 1").keys.first?.sharps == sharps)
    }

    @Test("the key, the base octave and KeepLength reset at each part")
    func stateResetsPerPart() {
        let text = "1=G KeepLength > q1 1 1 1 1 1 1 1\nNextPart\n1 1 1 1"
        #expect(T.render(T.timeline(text).notes.filter { $0.part == 1 }) == "60@0+1 60@1+1 60@2+1 60@3+1")
        #expect(T.timeline(text).notes.filter { $0.part == 0 }.map(\.pitch.midiNumber).allSatisfy { $0 == 67 })
    }
}
