import JianpuCore

/// Two voices of one staff made one, where they move together: the second's notes become chord tones of the first.
///
/// Notation programs write a chorale's soprano and alto, or a pianist's two hands' inner parts, as voices of
/// one staff. Where they share a rhythm a jianpu writer writes chords (`135`); only where they part is a
/// second row worth printing.
enum VoiceMerging {
    /// The bar's events of `first` with `second`'s pitches added, when both have the same rhythm (the same
    /// onsets and lengths, tuplets alike, no grace notes in `second`); nil when they move apart.
    static func merged(_ first: [ImportedEvent], _ second: [ImportedEvent]) -> [ImportedEvent]? {
        if second.allSatisfy({ $0.isRest && !$0.isGrace && $0.lyrics.allSatisfy { $0 == nil } }) { return first }
        let main = first.filter { !$0.isGrace }
        guard !second.contains(where: \.isGrace), main.count == second.count else { return nil }
        for (a, b) in zip(main, second) where a.length != b.length || a.tuplet?.actual != b.tuplet?.actual || a.tuplet?.normal != b.tuplet?.normal {
            return nil
        }
        // Two voices on one pitch at once (a unison) are two notes; a chord holds each pitch once.
        for (a, b) in zip(main, second) where b.pitches.contains(where: { pitch in a.pitches.contains { $0.pitch == pitch.pitch } }) {
            return nil
        }
        // A syllable of the second voice would have nowhere to go.
        if second.contains(where: { $0.lyrics.contains { $0 != nil } }) { return nil }
        var result = first
        var index = 0
        for position in result.indices where !result[position].isGrace {
            let other = second[index]
            index += 1
            for pitch in other.pitches where !result[position].pitches.contains(where: { $0.pitch == pitch.pitch }) {
                result[position].pitches.append(pitch)
            }
            if !other.isRest {
                result[position].dynamic = result[position].dynamic ?? other.dynamic
                result[position].chordSymbol = result[position].chordSymbol ?? other.chordSymbol
            }
        }
        return result
    }

    /// Each bar's merged events, nil for a bar where the voices stay apart; a tie of the second voice never
    /// crosses from a merged bar into one where it stays apart, or back, so it ends on its own pitch.
    static func mergedBars(_ first: [[ImportedEvent]], _ second: [[ImportedEvent]]) -> [[ImportedEvent]?] {
        var merged = zip(first, second).map { Self.merged($0, $1) }
        func tiesOn(_ events: [ImportedEvent]) -> Bool {
            events.last { !$0.isGrace }?.pitches.contains { $0.tiedToNext } ?? false
        }
        var changed = true
        while changed {
            changed = false
            for bar in merged.indices.dropLast() where tiesOn(second[bar]) && (merged[bar] == nil) != (merged[bar + 1] == nil) {
                merged[bar] = nil
                merged[bar + 1] = nil
                changed = true
            }
        }
        return merged
    }
}
