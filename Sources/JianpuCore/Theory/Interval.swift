/// The distance between two pitches in semitones, from a unison (0) to a double octave (24).
///
/// Each size has one name: 6 semitones is the tritone (`TT`), 18 the augmented eleventh
/// (`A11`), the compound tritone. Spelling-dependent names (augmented fourth versus
/// diminished fifth) are accepted when parsing but named by the table below.
public struct Interval: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The sizes an interval can have.
    public static let semitoneRange = 0...24

    /// The size, 0…24.
    public let semitones: Int

    /// The interval of `semitones` (0…24), or nil outside that range.
    public init?(semitones: Int) {
        guard Interval.semitoneRange.contains(semitones) else { return nil }
        self.semitones = semitones
    }

    /// The interval between two pitches in either order, or nil when they are more than two octaves apart.
    public init?(between first: Pitch, and second: Pitch) {
        self.init(semitones: abs(second.midiNumber - first.midiNumber))
    }

    private init(unchecked semitones: Int) { self.semitones = semitones }

    /// The named simple intervals, and the double octave.
    public static let unison = Interval(unchecked: 0)
    public static let minorSecond = Interval(unchecked: 1)
    public static let majorSecond = Interval(unchecked: 2)
    public static let minorThird = Interval(unchecked: 3)
    public static let majorThird = Interval(unchecked: 4)
    public static let perfectFourth = Interval(unchecked: 5)
    public static let tritone = Interval(unchecked: 6)
    public static let perfectFifth = Interval(unchecked: 7)
    public static let minorSixth = Interval(unchecked: 8)
    public static let majorSixth = Interval(unchecked: 9)
    public static let minorSeventh = Interval(unchecked: 10)
    public static let majorSeventh = Interval(unchecked: 11)
    public static let octave = Interval(unchecked: 12)
    public static let doubleOctave = Interval(unchecked: 24)

    /// Every interval, unison to double octave.
    public static let all: [Interval] = semitoneRange.map { Interval(unchecked: $0) }
    /// The simple intervals, unison to octave.
    public static let simpleIntervals: [Interval] = (0...12).map { Interval(unchecked: $0) }

    static let shortNames = [
        "P1", "m2", "M2", "m3", "M3", "P4", "TT", "P5", "m6", "M6", "m7", "M7", "P8",
        "m9", "M9", "m10", "M10", "P11", "A11", "P12", "m13", "M13", "m14", "M14", "P15",
    ]
    static let names = [
        "unison", "minor second", "major second", "minor third", "major third",
        "perfect fourth", "tritone", "perfect fifth", "minor sixth", "major sixth",
        "minor seventh", "major seventh", "octave",
        "minor ninth", "major ninth", "minor tenth", "major tenth", "perfect eleventh",
        "augmented eleventh", "perfect twelfth", "minor thirteenth", "major thirteenth",
        "minor fourteenth", "major fourteenth", "double octave",
    ]

    /// The short name: `P1 m2 M2 m3 M3 P4 TT P5 m6 M6 m7 M7 P8`, then `m9` … `P15`.
    public var shortName: String { Interval.shortNames[semitones] }
    /// The spelled-out name: `unison`, `minor third`, `tritone`, `octave`, `minor ninth` … `double octave`.
    public var name: String { Interval.names[semitones] }
    /// The short name.
    public var description: String { shortName }

    /// Whether the interval is wider than an octave.
    public var isCompound: Bool { semitones > 12 }

    /// The interval within an octave that this one extends (a minor ninth gives a minor second;
    /// an octave and a double octave give an octave).
    public var simple: Interval {
        semitones > 12 ? Interval(unchecked: semitones - 12) : self
    }

    /// The interval that completes this one to an octave (m3 ↔ M6, TT ↔ TT), for simple intervals.
    public var inversion: Interval? {
        semitones <= 12 ? Interval(unchecked: 12 - semitones) : nil
    }

    /// Narrower intervals come first.
    public static func < (a: Interval, b: Interval) -> Bool { a.semitones < b.semitones }
}
