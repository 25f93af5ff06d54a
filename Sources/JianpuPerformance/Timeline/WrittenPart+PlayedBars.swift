import JianpuCore
import JianpuNotation

extension WrittenPart {
    /// The played bars of the melody this part is (read keeping its places), played as `notes` and
    /// `rests` (part 0 of them), each numbered as the written bar its first note or rest was written in.
    ///
    /// Each note and rest the melody plays is found in the text by its location, which maps the
    /// performance onto the written bars however repeats, endings and jumps reorder it.
    /// `plainStarts` are the bar starts counted straight through, used when the melody plays nothing.
    func playedBars(notes: [TimedNote], rests: [TimedRest], length: WholeNotes, plainStarts: [WholeNotes]) -> [PlayedBar] {
        let written = places
        let attacks = Self.melodyAttacks(notes: notes, rests: rests)
        guard !written.isEmpty, let lastAttack = attacks.last else { return PlayedBar.numbered(plainStarts) }
        // The last note or rest may sound on (or other parts play on) past the written end.
        let writtenStarts = BarGrid(meters: WrittenScore.meters(of: self), pickup: pickup, length: end + max(.zero, length - lastAttack.onset)).starts
        let firstNumber = (pickup ?? .zero) > .zero ? 0 : 1

        var bars: [PlayedBar] = []
        var passes: [PrintedBarNumber: Int] = [:]
        func begin(at start: WholeNotes, bar index: Int) {
            let number = PrintedBarNumber(firstNumber + index)
            if let last = bars.last, last.start == start {
                // Nothing of the previous bar is played before this one starts.
                bars.removeLast()
                passes[last.number, default: 1] -= 1
            }
            passes[number, default: 0] += 1
            bars.append(PlayedBar(start: start, number: number, pass: passes[number] ?? 1))
        }
        // The melody plays in runs where the performance follows the text, `offset` apart (a
        // repeat, an ending or a jump starts a new run). Within a run, each written bar start
        // that is reached begins a bar; a run may also start in the middle of a bar.
        var offset: WholeNotes? = nil
        var nextBar = 0
        func finishRun(atWritten limit: WholeNotes, inclusive: Bool) {
            guard let offset else { return }
            while nextBar < writtenStarts.count, writtenStarts[nextBar] < limit || inclusive && writtenStarts[nextBar] == limit {
                begin(at: writtenStarts[nextBar] + offset, bar: nextBar)
                nextBar += 1
            }
        }
        var cursor = 0
        for attack in attacks {
            cursor = Self.find(attack.location, in: written, near: cursor)
            guard written.indices.contains(cursor), written[cursor].location == attack.location else { continue }
            let position = written[cursor].position
            if let offset, position + offset == attack.onset {
                finishRun(atWritten: position, inclusive: true)
                continue
            }
            // A new run: the old one ends here, and this one starts at a bar line or inside a bar.
            if let offset { finishRun(atWritten: attack.onset - offset, inclusive: false) }
            let bar = Self.lastIndex(in: writtenStarts, atOrBefore: position)
            if bars.isEmpty || writtenStarts[bar] == position || bars.last?.number.value != firstNumber + bar {
                begin(at: bars.isEmpty ? .zero : attack.onset, bar: bar)
            }
            offset = attack.onset - position
            nextBar = bar + 1
        }
        if let offset { finishRun(atWritten: max(length, lastAttack.onset) - offset, inclusive: false) }
        return bars.isEmpty ? PlayedBar.numbered(plainStarts) : bars
    }

    /// The melody's notes and rests as played, one per written note (a chord's notes, rolled
    /// or not, are one), grace notes left out.
    private static func melodyAttacks(notes: [TimedNote], rests: [TimedRest]) -> [(onset: WholeNotes, location: SourceLocation)] {
        var result: [(onset: WholeNotes, location: SourceLocation)] = []
        result.reserveCapacity(notes.count)
        var noteIndex = 0, restIndex = 0
        // The note (or rest, negative) last taken, to tell a rolled chord's later notes from a repeated note.
        var last = 0
        func lastEnd() -> WholeNotes { last >= 0 ? notes[last].end : rests[-1 - last].end }
        func take(_ onset: WholeNotes, _ location: SourceLocation?, index: Int) {
            guard let location else { return }
            if let previous = result.last, previous.onset == onset || (previous.location == location && onset < lastEnd()) { return }
            result.append((onset, location))
            last = index
        }
        while true {
            while noteIndex < notes.count, notes[noteIndex].part != 0 || notes[noteIndex].isGrace { noteIndex += 1 }
            while restIndex < rests.count, rests[restIndex].part != 0 { restIndex += 1 }
            let hasNote = noteIndex < notes.count, hasRest = restIndex < rests.count
            guard hasNote || hasRest else { return result }
            if hasNote, !hasRest || notes[noteIndex].onset <= rests[restIndex].onset {
                take(notes[noteIndex].onset, notes[noteIndex].location, index: noteIndex)
                noteIndex += 1
            } else {
                take(rests[restIndex].onset, rests[restIndex].location, index: -1 - restIndex)
                restIndex += 1
            }
        }
    }

    /// The index of `location` in `written` (ordered by location), trying the one after `near` first.
    private static func find(_ location: SourceLocation, in written: [Place], near: Int) -> Int {
        if near + 1 < written.count, written[near + 1].location == location { return near + 1 }
        if near < written.count, written[near].location == location { return near }
        return written.partitioningIndex { $0.location >= location }
    }

    private static func lastIndex(in starts: [WholeNotes], atOrBefore position: WholeNotes) -> Int {
        max(starts.partitioningIndex { $0 > position } - 1, 0)
    }
}
