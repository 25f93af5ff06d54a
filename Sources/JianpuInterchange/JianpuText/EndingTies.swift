/// Ties from a repeat's last bar into some of its endings but not into others, made writable.
///
/// In jianpu text a tie on the repeat's last note is played into every ending. When the source ties it
/// into one ending only (the first ending's note ends the tie, the second ending's is struck anew), the
/// last bar before the endings is moved into each ending, each copy tied as its own ending says, so
/// that every pass plays what the source plays.
enum EndingTies {
    /// The score's parts with such a bar moved into its endings; other scores come back unchanged.
    static func separated(_ parts: [ImportedPart]) -> [ImportedPart] {
        guard let first = parts.first, parts.allSatisfy({ $0.measures.count == first.measures.count }) else { return parts }
        var parts = parts
        var index = 1
        // Walks bar by bar in the first part's frame (every part has the same bars and endings).
        while index < parts[0].measures.count {
            let bars = parts[0].measures
            guard bars[index].ending != nil, bars[index - 1].ending == nil else { index += 1; continue }
            var starts = [index]
            var j = index
            while j + 1 < bars.count, bars[j + 1].ending != nil, !bars[j + 1].startsRepeat {
                if bars[j + 1].ending != bars[j].ending || bars[j].endsRepeatPlayingTimes != nil { starts.append(j + 1) }
                j += 1
            }
            let last = index - 1
            let bar = bars[last]
            let movable =
                starts.count > 1 && !bar.startsRepeat && bar.endsRepeatPlayingTimes == nil
                && bar.jumpsAtStart.isEmpty && bar.jumpsAtEnd.isEmpty && last > 0
            let differs =
                movable
                && parts.contains { part in
                    Set(starts.map { continued(part, from: last, into: $0) }).count > 1
                }
                && parts.allSatisfy { part in
                    !part.measures[last].events.contains { event in event.lyrics.contains { $0 != nil } || event.chordSymbol != nil }
                }
            guard differs else { index = j + 1; continue }
            for p in parts.indices {
                var measures = parts[p].measures
                let copies = starts.map { start -> ImportedMeasure in
                    var copy = measures[last]
                    copy.ending = measures[start].ending
                    let tied = continued(parts[p], from: last, into: start)
                    if let final = copy.events.lastIndex(where: { !$0.isGrace }) {
                        for k in copy.events[final].pitches.indices {
                            copy.events[final].pitches[k].tiedToNext = tied.contains(copy.events[final].pitches[k].pitch.midiNumber)
                        }
                    }
                    return copy
                }
                // Each copy goes before its ending, from the last so that the earlier places hold.
                for (start, copy) in zip(starts, copies).reversed() { measures.insert(copy, at: start) }
                measures.remove(at: last)
                parts[p].measures = measures
            }
            index = j + starts.count
        }
        return parts
    }

    /// The MIDI numbers of the part's last note in bar `bar` that the first note of bar `start` ties on from.
    static func continued(_ part: ImportedPart, from bar: Int, into start: Int) -> Set<Int> {
        guard let final = part.measures[bar].events.last(where: { !$0.isGrace }),
            let next = part.measures[start].events.first(where: { !$0.isGrace })
        else { return [] }
        let held = Set(final.pitches.map(\.pitch.midiNumber))
        return Set(next.pitches.filter { $0.tiedFromPrevious && held.contains($0.pitch.midiNumber) }.map(\.pitch.midiNumber))
    }
}
