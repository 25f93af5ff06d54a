import JianpuCore

/// Puts each verse's syllables on a part's struck notes in written order, as the typeset page
/// does: one per note that is not a rest, not tied from the note before, not a dash and not under
/// a slur after its first note (a melisma: the syllable before is extended over it).
enum ExportLyrics {
    static func place(_ verses: [String], on entries: inout [ExportEntry], at location: SourceLocation) {
        guard !verses.isEmpty else { return }
        let syllables = verses.map(LyricSyllables.syllables)
        var struck = 0
        var placement = LyricPlacement()
        // Per verse: the entry and lyric index of the last syllable sung, and whether it ended in a hyphen.
        var lastSung: [(entry: Int, lyric: Int)?] = Array(repeating: nil, count: verses.count)
        var hyphenOpen = Array(repeating: false, count: verses.count)
        for index in entries.indices {
            guard case .note(var note) = entries[index], note.multibarRest == nil, !note.isContinuation else { continue }
            if note.isRest {
                // A slur may start or end on a rest (`0 ( 1 2 )` sings nothing on 1 and 2, as LilyPond).
                _ = placement.takesSyllable(isStruck: false, slurStarts: note.slurStarts, slurEnds: note.slurStops)
                continue
            }
            if !placement.takesSyllable(isStruck: !note.followsTie, slurStarts: note.slurStarts, slurEnds: note.slurStops) {
                if note.followsTie { continue }
                for verse in syllables.indices {
                    guard let (entry, lyric) = lastSung[verse], case .note(var sung) = entries[entry] else { continue }
                    sung.lyrics[lyric].extend = true
                    entries[entry] = .note(sung)
                }
                continue
            }
            for verse in syllables.indices where struck < syllables[verse].count {
                guard let text = syllables[verse][struck] else {
                    // `_`: the syllable before is held over this note.
                    if let (entry, lyric) = lastSung[verse], case .note(var sung) = entries[entry] {
                        sung.lyrics[lyric].extend = true
                        entries[entry] = .note(sung)
                    }
                    continue
                }
                let joins = text.count > 1 && text.hasSuffix("-")
                let shown = joins ? String(text.dropLast()) : text
                let syllabic: ExportSyllable.Syllabic = hyphenOpen[verse] ? (joins ? .middle : .end) : (joins ? .begin : .single)
                hyphenOpen[verse] = joins
                lastSung[verse] = (index, note.lyrics.count)
                note.lyrics.append(ExportSyllable(verse: verse, text: shown, syllabic: syllabic, location: location))
            }
            entries[index] = .note(note)
            struck += 1
        }
    }
}
