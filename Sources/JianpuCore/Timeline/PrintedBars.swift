/// Numbers the played bars as the score prints them.
///
/// The melody is read once in written order (a repeat's body and each ending once, as they
/// are printed) to find where each printed bar starts in the text. Each note and rest the
/// melody plays is then found in the text by its location, which maps the performance onto
/// the written bars however repeats, endings and jumps reorder it.
enum PrintedBars {
    /// A note or rest of the melody and where it stands in the written text.
    private struct Written {
        var location: SourceLocation
        var position: WholeNotes
    }

    /// The played bars of a movement whose first part (the melody) is `melody` and played as
    /// `notes` and `rests` (part 0 of them); `plainStarts` are the bar starts counted straight
    /// through, used when the melody plays nothing.
    static func played(melody: Part, notes: [TimedNote], rests: [TimedRest], length: WholeNotes, plainStarts: [WholeNotes]) -> [PlayedBar] {
        var written: [Written] = []
        var meters: [MeterChange] = []
        var pickup: WholeNotes? = nil
        var end = WholeNotes.zero
        var barLength = WholeNotes.whole
        func read(_ items: [MusicItem], scale: WholeNotes) {
            for item in items {
                switch item {
                case .note(let note):
                    written.append(Written(location: note.location, position: end))
                    end += note.length * scale
                case .continuation(let dash): end += dash.length * scale
                case .multibarRest(let rest):
                    written.append(Written(location: rest.location, position: end))
                    end += barLength * Int64(rest.bars)
                case .tuplet(let tuplet): read(tuplet.items, scale: scale * tuplet.ratio)
                case .repeat(let repeated):
                    read(repeated.body, scale: scale)
                    for ending in repeated.endings { read(ending, scale: scale) }
                case .timeSignature(let signature):
                    if end == .zero, written.isEmpty { pickup = signature.pickup }
                    barLength = signature.barLength
                    meters.append(MeterChange(position: end, beats: signature.beats, beatUnit: signature.beatUnit))
                default: break
                }
            }
        }
        read(melody.items, scale: .whole)
        let attacks = melodyAttacks(notes: notes, rests: rests)
        guard !written.isEmpty, !attacks.isEmpty else { return PlayedBar.numbered(plainStarts) }
        if meters.first?.position != .zero { meters.insert(MeterChange(position: .zero, beats: 4, beatUnit: 4), at: 0) }
        // The last note or rest may sound on (or other parts play on) past the written end.
        let writtenStarts = Flattener.barStarts(meters: meters, pickup: pickup, length: end + max(.zero, length - (attacks.last?.onset ?? length)))
        let firstNumber = (pickup ?? .zero) > .zero ? 0 : 1

        var bars: [PlayedBar] = []
        var passes: [Int: Int] = [:]
        func begin(at start: WholeNotes, bar index: Int) {
            let number = firstNumber + index
            if let last = bars.last, last.start == start {
                // Nothing of the previous bar is played before this one starts.
                bars.removeLast()
                passes[last.number, default: 1] -= 1
            }
            passes[number, default: 0] += 1
            bars.append(PlayedBar(start: start, number: number, pass: passes[number] ?? 1))
        }
        var cursor = 0
        var expected: WholeNotes? = nil
        for (index, attack) in attacks.enumerated() {
            cursor = find(attack.location, in: written, near: cursor)
            guard written.indices.contains(cursor), written[cursor].location == attack.location else { continue }
            let position = written[cursor].position
            let spanEnd = index + 1 < attacks.count ? attacks[index + 1].onset : max(length, attack.onset)
            // The written bar holding this attack, and each one that starts while it sounds.
            var bar = lastIndex(in: writtenStarts, atOrBefore: position)
            if writtenStarts[bar] == position || expected != position || bars.isEmpty {
                // A bar line here, or a jump to the middle of a bar (a repeat or ending that starts mid-bar).
                if writtenStarts[bar] == position || bars.last.map({ $0.number != firstNumber + bar }) ?? true {
                    begin(at: bars.isEmpty ? .zero : attack.onset, bar: bar)
                }
            }
            bar += 1
            while bar < writtenStarts.count, writtenStarts[bar] - position < spanEnd - attack.onset {
                begin(at: attack.onset + (writtenStarts[bar] - position), bar: bar)
                bar += 1
            }
            expected = position + (spanEnd - attack.onset)
        }
        return bars.isEmpty ? PlayedBar.numbered(plainStarts) : bars
    }

    /// The melody's notes and rests as played, one per written note (a chord's notes, rolled
    /// or not, are one), grace notes left out.
    private static func melodyAttacks(notes: [TimedNote], rests: [TimedRest]) -> [(onset: WholeNotes, location: SourceLocation)] {
        var result: [(onset: WholeNotes, location: SourceLocation)] = []
        var noteIndex = 0, restIndex = 0
        var lastEnd = WholeNotes.zero
        func next(_ onset: WholeNotes, _ end: WholeNotes, _ location: SourceLocation?) {
            guard let location else { return }
            if let last = result.last, last.onset == onset || (last.location == location && onset < lastEnd) { return }
            result.append((onset, location))
            lastEnd = end
        }
        while true {
            while noteIndex < notes.count, notes[noteIndex].part != 0 || notes[noteIndex].isGrace { noteIndex += 1 }
            while restIndex < rests.count, rests[restIndex].part != 0 { restIndex += 1 }
            let hasNote = noteIndex < notes.count, hasRest = restIndex < rests.count
            guard hasNote || hasRest else { return result }
            if hasNote, !hasRest || notes[noteIndex].onset <= rests[restIndex].onset {
                next(notes[noteIndex].onset, notes[noteIndex].end, notes[noteIndex].location)
                noteIndex += 1
            } else {
                next(rests[restIndex].onset, rests[restIndex].end, rests[restIndex].location)
                restIndex += 1
            }
        }
    }

    /// The index of `location` in `written` (ordered by location), trying the one after `near` first.
    private static func find(_ location: SourceLocation, in written: [Written], near: Int) -> Int {
        for guess in [near, near + 1] where written.indices.contains(guess) && written[guess].location == location { return guess }
        var low = 0, high = written.count
        while low < high {
            let mid = (low + high) / 2
            if written[mid].location < location { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private static func lastIndex(in starts: [WholeNotes], atOrBefore position: WholeNotes) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= position { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }
}
