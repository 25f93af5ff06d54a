/// How each slur of an imported part is written, found before the part is: a slur over notes that carry
/// syllables of their own is a phrasing slur (`\(` … `\)`), which LilyPond sings no melisma under, and a slur
/// the source never ends is left out, as LilyPond draws none.
///
/// Written as `(` … `)`, a slur makes every note under it after the first hold the syllable before, so the
/// source's own syllables would run on past the last note and be dropped.
enum SlurKind: Hashable {
    case phrasing, unended
}

extension SlurKind {
    /// The kind of every slur that is not a plain one, by the bar and event index of the note it starts on,
    /// counted as `PartTextWriter` opens and closes slurs (one at a time, never on a rest).
    static func kinds(of measures: [ImportedMeasure]) -> [[Int]: SlurKind] {
        var kinds: [[Int]: SlurKind] = [:]
        var open: [Int]?
        for (bar, measure) in measures.enumerated() {
            for (index, event) in measure.events.enumerated() where !event.isGrace {
                if let start = open, !event.isRest, event.lyrics.contains(where: { $0 != nil }) { kinds[start] = .phrasing }
                if event.endsSlur, open != nil { open = nil }
                if event.startsSlur, open == nil, !event.isRest { open = [bar, index] }
            }
        }
        if let start = open { kinds[start] = .unended }
        return kinds
    }
}
