import Testing

@testable import JianpuCore

@Suite("Intervals")
struct TheoryIntervalTests {
    typealias Row = (
        semitones: Int, short: String, name: String, width: IntervalWidth,
        consonance: IntervalConsonance, colour: IntervalColour
    )

    /// DESIGN.md's table of characteristics.
    static let table: [Row] = [
        (0, "P1", "unison", .narrow, .stronglyConsonant, .neutral),
        (1, "m2", "minor second", .narrow, .stronglyDissonant, .neutral),
        (2, "M2", "major second", .narrow, .dissonant, .neutral),
        (3, "m3", "minor third", .narrow, .weaklyConsonant, .minor),
        (4, "M3", "major third", .narrow, .weaklyConsonant, .major),
        (5, "P4", "perfect fourth", .narrow, .consonant, .neutral),
        (6, "TT", "tritone", .wide, .weaklyDissonant, .neutral),
        (7, "P5", "perfect fifth", .wide, .stronglyConsonant, .neutral),
        (8, "m6", "minor sixth", .wide, .weaklyConsonant, .minor),
        (9, "M6", "major sixth", .wide, .weaklyConsonant, .major),
        (10, "m7", "minor seventh", .wide, .stronglyDissonant, .neutral),
        (11, "M7", "major seventh", .wide, .stronglyDissonant, .neutral),
        (12, "P8", "octave", .wide, .stronglyConsonant, .neutral),
    ]

    @Test("characteristics table", arguments: table)
    func characteristics(row: Row) throws {
        let interval = try #require(Interval(semitones: row.semitones))
        #expect(interval.shortName == row.short)
        #expect(interval.name == row.name)
        #expect(interval.width == row.width)
        #expect(interval.consonance == row.consonance)
        #expect(interval.colour == row.colour)
        #expect(Interval(parsing: row.short) == interval)
        #expect(Interval(parsing: row.name) == interval)
        #expect(Interval(parsing: row.name.uppercased()) == interval)
    }

    @Test(
        "compound intervals",
        arguments: [
            (13, "m9", "minor ninth"), (14, "M9", "major ninth"), (15, "m10", "minor tenth"),
            (16, "M10", "major tenth"), (17, "P11", "perfect eleventh"), (18, "A11", "augmented eleventh"),
            (19, "P12", "perfect twelfth"), (20, "m13", "minor thirteenth"), (21, "M13", "major thirteenth"),
            (22, "m14", "minor fourteenth"), (23, "M14", "major fourteenth"), (24, "P15", "double octave"),
        ])
    func compound(semitones: Int, short: String, name: String) throws {
        let interval = try #require(Interval(semitones: semitones))
        #expect(interval.isCompound)
        #expect(interval.shortName == short)
        #expect(interval.name == name)
        #expect(interval.width == .wide)
        #expect(interval.consonance == interval.simple.consonance)
        #expect(interval.colour == interval.simple.colour)
        #expect(interval.simple.semitones == semitones - 12)
        #expect(Interval(parsing: short) == interval)
        #expect(Interval(parsing: name) == interval)
    }

    @Test(
        "answers",
        arguments: [
            ("m3", 3), ("M6", 9), ("P5", 7), ("TT", 6), ("tritone", 6), ("minor third", 3),
            ("8", 8), ("12", 12), ("0", 0), ("24", 24), ("Major 6th", 9), ("major-sixth", 9), ("min3", 3),
            ("maj7", 11), ("perfect 4th", 5), ("A4", 6), ("d5", 6), ("aug4", 6), ("dim5", 6),
            ("augmented fourth", 6), ("diminished fifth", 6), ("8ve", 12), ("P8", 12), ("Octave", 12),
            ("unison", 0), ("  P1 ", 0), ("minor 9th", 13), ("perfect fifteenth", 24), ("compound tritone", 18),
            ("double octave", 24), ("d7", 9), ("A5", 8), ("M 3", 4), ("m 3", 3), ("major 2nd", 2),
        ])
    func answers(text: String, semitones: Int) {
        #expect(Interval(parsing: text)?.semitones == semitones)
    }

    @Test("not answers", arguments: ["", "25", "-1", "P3", "M5", "m4", "third", "p", "x3", "M16", "major", "100"])
    func notAnswers(text: String) {
        #expect(Interval(parsing: text) == nil)
    }

    @Test func betweenPitches() {
        #expect(Interval(between: Pitch(midiNumber: 60), and: Pitch(midiNumber: 67)) == .perfectFifth)
        #expect(Interval(between: Pitch(midiNumber: 67), and: Pitch(midiNumber: 60)) == .perfectFifth)
        #expect(Interval(between: Pitch(midiNumber: 60), and: Pitch(midiNumber: 85)) == nil)
        #expect(Interval(semitones: 25) == nil)
        #expect(Interval.minorThird.inversion == .majorSixth)
        #expect(Interval.tritone.inversion == .tritone)
        #expect(Interval.all.count == 25)
    }

    @Test(
        "mistakes",
        arguments: [
            // played, recognized, inverted, wideness, one semitone
            (3, 9, true, true, false),  // m3 for M6
            (5, 7, true, true, false),  // P4 for P5
            (4, 3, false, false, true),  // M3 for m3
            (5, 6, false, true, true),  // P4 for TT
            (7, 7, false, false, false),  // right
            (6, 6, false, false, false),  // TT for TT is right, not inverted
            (2, 4, false, false, false),  // M2 for M3: none of the three
            (0, 12, true, true, false),  // unison for octave
            (11, 12, false, false, true),
        ])
    func mistakes(played: Int, recognized: Int, inverted: Bool, wideness: Bool, oneSemitone: Bool) throws {
        let mistake = IntervalMistake(
            played: try #require(Interval(semitones: played)),
            recognized: try #require(Interval(semitones: recognized)))
        #expect(mistake.isCorrect == (played == recognized))
        #expect(mistake.isInverted == inverted)
        #expect(mistake.isWideness == wideness)
        #expect(mistake.isOneSemitone == oneSemitone)
    }
}
