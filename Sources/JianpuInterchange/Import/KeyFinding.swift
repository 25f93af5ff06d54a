import JianpuCore

/// A key as the music implies it: its tonic's pitch class and mode, and the signature jianpu writes it with.
public struct FoundKey: Sendable, Hashable, CustomStringConvertible {
    /// The tonic's pitch class, C = 0.
    public var tonic: Int
    public var isMinor: Bool

    public init(tonic: Int, isMinor: Bool) {
        self.tonic = ((tonic % 12) + 12) % 12
        self.isMinor = isMinor
    }

    /// The key of a signature: the major key of its sharps or flats, or its relative minor.
    public init(_ key: ImportedKey) {
        let major = ((max(-7, min(7, key.fifths)) * 7) % 12 + 12) % 12
        self.init(tonic: key.isMinor ? major + 9 : major, isMinor: key.isMinor)
    }

    /// The signature with the fewest sharps or flats (F# major over Gb, 6 either way, as jianpu
    /// writers choose a sharp key there): `1=` the major tonic, or `6=` the minor one.
    public var signature: ImportedKey {
        let major = isMinor ? (tonic + 3) % 12 : tonic
        var fifths = major * 7 % 12
        if fifths > 6 { fifths -= 12 }
        return ImportedKey(fifths: fifths, isMinor: isMinor)
    }

    /// `F major`, `D minor`.
    public var description: String { Self.name(of: signature) }

    /// A signature's key in words: `C major`, `A minor`.
    static func name(of key: ImportedKey) -> String {
        let fifths = max(-7, min(7, key.fifths)) + 7
        return key.isMinor ? "\(JianpuKeySpelling.minorNames[fifths]) minor" : "\(JianpuKeySpelling.majorNames[fifths]) major"
    }
}

/// How much each pitch class sounds in a stretch of a score: how long (for the key profile) and how
/// many times it is struck (for counting accidentals, which a reader meets once per written note).
public struct PitchClassWeights: Sendable, Hashable {
    /// Sounding time of each pitch class in whole notes, C first.
    public var durations = [Double](repeating: 0, count: 12)
    /// Struck notes of each pitch class (a tied continuation is not struck again), C first.
    public var counts = [Double](repeating: 0, count: 12)

    public init() {}

    public init(durations: [Double], counts: [Double]) {
        self.durations = durations.count == 12 ? durations : [Double](repeating: 0, count: 12)
        self.counts = counts.count == 12 ? counts : [Double](repeating: 0, count: 12)
    }

    /// The pitches of every part of `score` in the bars `measures` (all bars when nil), with the chord symbols'
    /// tones held until the next symbol (a lead sheet's chords say the key as much as its melody). Grace
    /// notes are left out: they take no time and are ornaments rather than the key's notes.
    public init(_ score: ImportedScore, measures: Range<Int>? = nil) {
        for part in score.parts {
            let range = measures.map { $0.clamped(to: part.measures.indices) } ?? part.measures.indices
            var held: Set<Int> = []
            var chord: (tones: Set<Int>, length: Double) = ([], 0)
            for measure in part.measures[range] {
                for event in measure.events where !event.isGrace {
                    let length = event.length.doubleValue
                    if let symbol = event.chordSymbol {
                        addChord(chord.tones, length: chord.length)
                        chord = (Chord(symbol: symbol)?.pitchClasses ?? [], 0)
                    }
                    chord.length += length
                    var nextHeld: Set<Int> = []
                    for pitch in event.pitches {
                        let number = pitch.pitch.midiNumber
                        let pitchClass = ((number % 12) + 12) % 12
                        durations[pitchClass] += length
                        if !held.contains(number) { counts[pitchClass] += 1 }
                        if pitch.tiedToNext { nextHeld.insert(number) }
                    }
                    held = nextHeld
                }
            }
            addChord(chord.tones, length: chord.length)
        }
    }

    /// A chord symbol's tones sound as long as it lasts; they are not struck notes, as the text names chords by letter.
    private mutating func addChord(_ tones: Set<Int>, length: Double) {
        for tone in tones { durations[((tone % 12) + 12) % 12] += length }
    }

    /// Every struck note.
    public var noteCount: Double { counts.reduce(0, +) }

    /// The share of struck notes (0...1) that a key signature of `fifths` leaves outside its scale: each
    /// needs a `#` or `b` in jianpu, whose figures are the major scale of the signature (a minor key's too).
    public func accidentalShare(fifths: Int) -> Double {
        let total = noteCount
        guard total > 0 else { return 0 }
        let tonic = ((max(-7, min(7, fifths)) * 7) % 12 + 12) % 12
        let scale = Set(JianpuKeySpelling.majorScale.map { ($0 + tonic) % 12 })
        let outside = (0..<12).filter { !scale.contains($0) }.map { counts[$0] }.reduce(0, +)
        return outside / total
    }
}

/// The key of a passage from its pitch-class durations (Krumhansl–Schmuckler's method): each of the
/// 24 keys' profile is correlated with the durations, and the best correlates most.
enum KeyFinder {
    /// Major and minor key profiles, tonic first.
    struct Profiles: Sendable {
        var major: [Double]
        var minor: [Double]

        /// Krumhansl–Kessler's probe-tone ratings.
        static let krumhanslKessler = Profiles(
            major: [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88],
            minor: [6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17])
        /// Temperley's, from the Kostka–Payne harmony textbook's excerpts: they weigh the scale's notes against
        /// the others more sharply than probe-tone ratings do.
        static let temperley = Profiles(
            major: [0.748, 0.060, 0.488, 0.082, 0.670, 0.460, 0.096, 0.715, 0.104, 0.366, 0.057, 0.400],
            minor: [0.712, 0.084, 0.474, 0.618, 0.049, 0.460, 0.105, 0.747, 0.404, 0.067, 0.133, 0.330])
    }

    static let profiles = Profiles.krumhanslKessler

    /// Every key with its correlation (-1...1), best first; empty when nothing sounds.
    static func ranked(durations: [Double], profiles: Profiles = KeyFinder.profiles) -> [(key: FoundKey, correlation: Double)] {
        guard durations.count == 12, durations.contains(where: { $0 > 0 }) else { return [] }
        var keys: [(key: FoundKey, correlation: Double)] = []
        for isMinor in [false, true] {
            let profile = isMinor ? profiles.minor : profiles.major
            for tonic in 0..<12 {
                let rotated = (0..<12).map { profile[($0 - tonic + 12) % 12] }
                keys.append((FoundKey(tonic: tonic, isMinor: isMinor), correlation(durations, rotated)))
            }
        }
        // Stable: a tie keeps major before minor and C first, so the answer never depends on sorting.
        return keys.enumerated().sorted { ($0.element.correlation, -$0.offset) > ($1.element.correlation, -$1.offset) }.map(\.element)
    }

    /// The key signature of the best key for `durations` (twelve weights, C first); C major when all are zero.
    static func key(durations: [Double]) -> ImportedKey {
        ranked(durations: durations).first?.key.signature ?? ImportedKey(fifths: 0)
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let meanA = a.reduce(0, +) / 12
        let meanB = b.reduce(0, +) / 12
        var (product, squareA, squareB) = (0.0, 0.0, 0.0)
        for index in 0..<12 {
            product += (a[index] - meanA) * (b[index] - meanB)
            squareA += (a[index] - meanA) * (a[index] - meanA)
            squareB += (b[index] - meanB) * (b[index] - meanB)
        }
        let denominator = (squareA * squareB).squareRoot()
        return denominator > 0 ? product / denominator : 0
    }
}
