import JianpuCore

/// A stretch of a score under one key signature, with the key its music implies there.
public struct KeyRegion: Sendable, Hashable {
    /// The bars (indices into every part's `measures`).
    public var measures: Range<Int>
    /// The signature written there.
    public var written: ImportedKey
    /// The key the pitches correlate with best; nil where nothing sounds.
    public var found: FoundKey?
    /// The found key's correlation with the pitch-class durations (-1...1): how strongly the music implies it.
    public var strength: Double
    /// How much better the found key correlates than the best key sharing the written signature (its major or relative minor).
    public var margin: Double
    /// The share of struck notes needing an accidental under the written signature, and under the found key's.
    public var writtenShare: Double
    public var foundShare: Double
    /// Struck notes in the region.
    public var noteCount: Double

    /// Whether the music contradicts the signature: the profile clearly prefers a key of another signature, and
    /// either the written one needs many accidentals where that key needs almost none, or the music's tonic
    /// falls where no mode of the written scale has it (F major under a C signature: its tonic would be 4)
    /// and the found key needs no more accidentals.
    public var contradicts: Bool {
        guard let found, found.signature.fifths != written.fifths, noteCount >= KeySignatureCheck.minimumNotes,
            margin >= KeySignatureCheck.minimumMargin
        else { return false }
        let tonic =
            !tonicIsModal && margin >= KeySignatureCheck.minimumTonicMargin && strength >= KeySignatureCheck.minimumTonicStrength
            && foundShare <= min(writtenShare, KeySignatureCheck.maximumTonicFoundShare)
        return spareAccidentals || tonic
    }

    /// The found key spares most accidentals: the written signature needs them on many notes, the found key on almost none.
    public var spareAccidentals: Bool {
        writtenShare >= KeySignatureCheck.minimumWrittenShare && foundShare <= KeySignatureCheck.maximumFoundShare
            && writtenShare >= foundShare * 4
    }

    /// Whether the found tonic is 1, 2, 3, 5 or 6 of the written signature's scale: the tonics of the five
    /// pentatonic modes (宫 商 角 徵 羽) and of the church modes folk music is written in (D mixolydian under
    /// one sharp, its tonic 5). Such a signature is right for its mode, however strongly the profile prefers
    /// a major or minor key elsewhere.
    var tonicIsModal: Bool {
        guard let found else { return true }
        let writtenTonic = FoundKey(ImportedKey(fifths: written.fifths)).tonic
        return [0, 2, 4, 7, 9].contains((found.tonic - writtenTonic + 12) % 12)
    }
}

/// Finds where a key signature contradicts the music, for `--key auto` and the import's warning.
///
/// Deliberately conservative: chromatic music, a brief modulation or a modal tune (whose signature is
/// right though its tonic is not the profile's) must not be flagged, so a region is flagged only when
/// the profiles clearly prefer another signature *and* that signature would spare nearly every accidental.
public enum KeySignatureCheck {
    // Calibrated on music21's corpus (400 Bach chorales, 8,500 Essen folk songs, 300 tunes of Aird's Airs,
    // American fife tunes and Ryan's Mammoth, two lead sheets, quartets by Mozart, Haydn, Beethoven, Joplin's
    // rag): no chorale and no art-music movement is flagged, nor a Dorian or Mixolydian tune; flagged are
    // Foster's lead sheet (F under no signature), a fife tune in G written `K:D`, and the Essen tunes whose
    // `K:` names only the final note (G minor written `K:G` with every B flat marked).

    /// Fewer struck notes than this say too little about a key to overrule a signature.
    static let minimumNotes = 24.0
    /// The correlation the found key must gain over the written signature's keys.
    static let minimumMargin = 0.1
    /// The written signature must leave at least this share of notes needing accidentals…
    static let minimumWrittenShare = 0.10
    /// …and the found key at most this share.
    static let maximumFoundShare = 0.03
    /// Without the accidentals' evidence the profile must prefer the key more clearly and correlate well with it…
    static let minimumTonicMargin = 0.15
    static let minimumTonicStrength = 0.85
    /// …and it must need few accidentals (a chromatic rag's profile says little about what to write).
    static let maximumTonicFoundShare = 0.05

    /// The score's key-signature regions, each judged on its own when every one holds enough notes to
    /// judge; otherwise the whole score is one region under the signature written for most of it.
    public static func regions(of score: ImportedScore) -> [KeyRegion] {
        guard let first = score.parts.first(where: { !$0.measures.isEmpty }) else { return [] }
        let keyAt = { (index: Int, fallback: ImportedKey) -> ImportedKey in Self.writtenKey(in: score, at: index) ?? fallback }
        var spans: [(measures: Range<Int>, key: ImportedKey)] = []
        var current = first.measures[0].key ?? ImportedKey(fifths: 0)
        var start = 0
        for (index, measure) in first.measures.enumerated().dropFirst() {
            guard let key = measure.key, key != current else { continue }
            spans.append((start..<index, keyAt(start, current)))
            (start, current) = (index, key)
        }
        spans.append((start..<first.measures.count, keyAt(start, current)))
        let regions = spans.map { region(of: score, measures: $0.measures, written: $0.key) }
        guard regions.count > 1, regions.contains(where: { $0.noteCount < minimumNotes }) else { return regions }
        // Short regions cannot be judged alone: the whole score, under the signature that covers most bars.
        var coverage: [ImportedKey: Int] = [:]
        for span in spans { coverage[span.key, default: 0] += span.measures.count }
        let written = spans.max { (coverage[$0.key] ?? 0) < (coverage[$1.key] ?? 0) }?.key ?? current
        return [region(of: score, measures: 0..<first.measures.count, written: written)]
    }

    /// The key most parts have at bar `index` (the first part's on a tie): one part's signature
    /// may be a slip of the source (a chorale's soprano in E under the others' D).
    static func writtenKey(in score: ImportedScore, at index: Int) -> ImportedKey? {
        var votes: [(key: ImportedKey, count: Int)] = []
        for part in score.parts {
            // The key in force at `index`: the last one set at or before it.
            guard let key = part.measures.prefix(index + 1).last(where: { $0.key != nil })?.key else { continue }
            if let found = votes.firstIndex(where: { $0.key == key }) { votes[found].count += 1 } else { votes.append((key, 1)) }
        }
        // Strictly more votes to win, so the first part's key stands on a tie.
        var best: (key: ImportedKey, count: Int)?
        for vote in votes where vote.count > (best?.count ?? 0) { best = vote }
        return best?.key
    }

    /// One region judged: the profiles' best key, its margin over the written signature's, and the accidentals each needs.
    static func region(
        of score: ImportedScore, measures: Range<Int>, written: ImportedKey,
        profiles: KeyFinder.Profiles = KeyFinder.profiles
    ) -> KeyRegion {
        let weights = PitchClassWeights(score, measures: measures)
        let ranked = KeyFinder.ranked(durations: weights.durations, profiles: profiles)
        let best = ranked.first
        let writtenBest = ranked.first { $0.key.signature.fifths == written.fifths }?.correlation ?? 0
        return KeyRegion(
            measures: measures, written: written, found: best?.key, strength: best?.correlation ?? 0,
            margin: (best?.correlation ?? 0) - writtenBest,
            writtenShare: weights.accidentalShare(fifths: written.fifths),
            foundShare: best.map { weights.accidentalShare(fifths: $0.key.signature.fifths) } ?? 0,
            noteCount: weights.noteCount)
    }
}
