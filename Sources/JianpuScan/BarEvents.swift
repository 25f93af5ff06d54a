import JianpuCore
import JianpuInterchange

extension ScoreAssembler {
    /// The events of a bar's symbols: each digit with its accidental, octave dots, underlines,
    /// augmentation dots and the dashes after it; a digit stacked over it (`.chordDigit`) with its own
    /// sign and dots is one more pitch of its chord.
    static func events(_ symbols: [ScannedSymbol], tonic: Int) -> [ImportedEvent] {
        var events: [ImportedEvent] = []
        var accidental = 0
        var underlines = 0, dots = 0, tied = false
        // The chord being read, lowest first: each digit with its sign and octave.
        var pending: [(degree: Int, accidental: Int, octave: Int)] = []
        // The note before, for a tie's second note: the page does not repeat its sharp or flat.
        var previous: (degree: Int, accidental: Int, octave: Int, tied: Bool)?
        // The sign each degree and octave took last in the bar: a sharp or flat holds to the bar's end, as
        // LilyPond prints it and as jianpu is taught, so the page does not repeat it.
        var heldSigns: [Int: Int] = [:]
        // A natural printed before the next digit (`.accidental(0)`), and the pending notes that had one.
        var natural = false
        var naturals: Set<Int> = []
        // Tuplets: the groups found so far, and the one open (its first event, count and the bracket's right end).
        var groups: [(first: Int, last: Int, count: Int)] = []
        var tuplet: (first: Int, count: Int, end: Double)?
        var pendingX = 0.0
        func finish() {
            guard !pending.isEmpty else { return }
            if let open = tuplet, pendingX >= open.end { groups.append((open.first, events.count - 1, open.count)); tuplet = nil }
            if pending.count == 1, pending[0].accidental == 0, let previous, previous.tied, previous.degree == pending[0].degree, previous.octave == pending[0].octave {
                pending[0].accidental = previous.accidental
            }
            for index in pending.indices where pending[index].degree > 0 {
                let place = pending[index].degree * 100 + pending[index].octave
                if pending[index].accidental != 0 || naturals.contains(index) {
                    heldSigns[place] = pending[index].accidental
                } else if let held = heldSigns[place] {
                    pending[index].accidental = held
                }
            }
            previous = (pending[0].degree, pending[0].accidental, pending[0].octave, tied)
            var length = WholeNotes(1, 4 << Int64(min(underlines, 5)))
            var added = length
            for _ in 0..<min(dots, 3) { added = added / WholeNotes(2, 1); length = length + added }
            // A rest is a 0 alone; a 0 in a chord is read as nothing.
            let sounding = pending.filter { $0.degree != 0 }
            let pitches =
                pending[0].degree == 0
                ? []
                : sounding.map { note in
                    ImportedPitch(pitch: Pitch(midiNumber: tonic + [0, 2, 4, 5, 7, 9, 11][note.degree - 1] + 12 * note.octave + note.accidental), tiedToNext: tied)
                }
            events.append(ImportedEvent(pitches: pitches, length: length))
            pending = []
            naturals = []
            underlines = 0; dots = 0; tied = false
        }
        for (index, symbol) in symbols.enumerated() {
            switch symbol.kind {
            case .accidental(let sign):
                // A stacked digit's sign comes before it, inside its chord.
                if index + 1 < symbols.count, case .chordDigit = symbols[index + 1].kind, !pending.isEmpty {} else { finish() }
                accidental = sign
                natural = sign == 0
            case .digit(let degree):
                finish()
                pending = [(min(max(degree, 0), 7), accidental, 0)]
                if natural { naturals.insert(0) }
                pendingX = symbol.box.midX
                accidental = 0
                natural = false
            case .grace(let read):
                // Before its note, or after the one before: its own event, taking no time.
                finish()
                let pitches = read.degrees.indices.filter { (1...7).contains(read.degrees[$0]) }.map { index in
                    ImportedPitch(pitch: Pitch(midiNumber: tonic + [0, 2, 4, 5, 7, 9, 11][read.degrees[index] - 1] + read.accidentals[index] + 12 * read.octaves[index]))
                }
                if !pitches.isEmpty {
                    var grace = ImportedEvent(pitches: pitches, length: .zero, isGrace: true, isGraceAfter: read.after)
                    grace.graceValue = GraceNotes.value(underlines: read.underlines)
                    events.append(grace)
                }
            case .tuplet(let count):
                finish()
                if let open = tuplet { groups.append((open.first, events.count - 1, open.count)) }
                tuplet = (events.count, count, symbol.box.maxX)
            case .chordDigit(let degree):
                guard !pending.isEmpty else { break }
                pending.append((min(max(degree, 0), 7), accidental, 0))
                if natural { naturals.insert(pending.count - 1) }
                accidental = 0
                natural = false
            case .octaveDot(let direction): if !pending.isEmpty { pending[pending.count - 1].octave += direction }
            case .underline: underlines += 1
            case .tie: tied = !pending.isEmpty
            // A dot before any note of the bar is no augmentation dot (a speck, a repeat sign's dot).
            case .augmentationDot: if !pending.isEmpty { dots += 1 }
            case .dash:
                finish()
                if let last = events.indices.last { events[last].length = events[last].length + .quarter }
            default: break
            }
        }
        finish()
        if let open = tuplet { groups.append((open.first, events.count - 1, open.count)) }
        TupletMarks.apply(groups, to: &events)
        return events
    }
}
