import JianpuCore

/// Repeats, tuplets, grace notes and the marks that set meter and tempo.
extension PartBuilder {
    /// `counted` for `R3{`: the reference counts every pass of those in the bar check, but `R{` once.
    /// How often nested repeats play is bounded once for the whole score, by `PerformanceLimits`.
    mutating func openRepeat(times: Int, counted: Bool, at location: SourceLocation, parser: inout ParseLog) {
        push(Frame(kind: .repeatBody(times: times, counted: counted), location: location))
    }

    mutating func openEndings(at location: SourceLocation, parser: inout ParseLog) {
        // `R{ … } ~ A{ … }`: the repeat's last note is tied into each ending.
        var tie: SourceLocation? = nil
        let items = stack[stack.count - 1].items
        if case .tie(let tieLocation)? = items.last, items.count > 1, case .repeat(let repeated) = items[items.count - 2], repeated.endings.isEmpty {
            stack[stack.count - 1].items.removeLast()
            tie = tieLocation
        }
        guard case .repeat(let repeated)? = stack[stack.count - 1].items.last, repeated.endings.isEmpty else {
            parser.error(location, "`A{` must follow the `}` of a repeat: expected R{ … } A{ … | … }")
            push(Frame(kind: .repeatBody(times: 1, counted: false), location: location))
            return
        }
        stack[stack.count - 1].items.removeLast()
        push(Frame(kind: .endings(repeated, done: [], tie: tie), location: location))
        if let tie { append(.tie(tie)) }
    }

    mutating func closeBrace(at location: SourceLocation, parser: inout ParseLog) {
        if closeExcessGroup() { return }
        let frame = stack[stack.count - 1]
        switch frame.kind {
        case .repeatBody(let times, let counted):
            stack.removeLast()
            append(.repeat(Repeat(times: times, body: frame.items, location: frame.location, end: location.advanced(by: 1), writtenTimes: counted ? times : nil)))
        case .endings(var repeated, let done, _):
            stack.removeLast()
            repeated.endings = done + [frame.items]
            repeated.end = location.advanced(by: 1)
            repeated.times = max(repeated.times, repeated.endings.count)
            append(.repeat(repeated))
        case .tuplet:
            parser.error(location, "`}` inside a tuplet: expected `]` to close the tuplet first")
        case .root:
            parser.error(location, "`}` without an open repeat: expected R{ or A{ before it")
        }
    }

    mutating func closeTuplet(at location: SourceLocation, parser: inout ParseLog) {
        if closeExcessGroup() { return }
        guard case .tuplet(let count, let ratio) = stack[stack.count - 1].kind else {
            parser.error(location, "`]` without an open tuplet: expected 3[ (or another count) before it")
            return
        }
        let frame = stack.removeLast()
        let notes = frame.items.filter {
            switch $0 {
            case .note, .continuation, .tuplet: true
            default: false
            }
        }.count
        if notes == 0 { parser.warning(frame.location, "empty tuplet: expected notes between `\(count)[` and `]`") }
        append(.tuplet(Tuplet(count: count, ratio: ratio, items: frame.items, location: frame.location, end: location.advanced(by: 1))))
    }

    mutating func multibarRest(_ text: String, at location: SourceLocation, parser: inout ParseLog) {
        guard let bars = Int(text.dropFirst(2)), bars >= 1 else {
            parser.error(location, "'\(text)': expected R* and a number of bars, such as R*8")
            return
        }
        guard bars <= 10_000 else {
            parser.error(location, "'\(text)': \(bars) bars of rest is more than the 10000 this tool plays")
            return
        }
        append(.multibarRest(MultibarRest(bars: bars, location: location)))
        performer.wrote(location)
    }

    mutating func timeSignature(_ text: String, at location: SourceLocation, parser: inout ParseLog) {
        let pieces = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = pieces[0].split(separator: "/", omittingEmptySubsequences: false)
        guard fraction.count == 2, let beats = Int(fraction[0]), let unit = Int(fraction[1]), (1...Self.maximumBeatsPerBar).contains(beats),
            Self.isNoteValue(unit)
        else {
            parser.error(location, "'\(text)' is not a time signature: expected beats/unit such as 3/4, 6/8 or 63/16, beats 1 to \(Self.maximumBeatsPerBar), unit a power of two up to 128")
            return
        }
        var pickup: WholeNotes? = nil
        if pieces.count == 2 {
            var value = pieces[1]
            let dotted = value.hasSuffix(".")
            if dotted { value = value.dropLast() }
            guard let denominator = Int(value), Self.isNoteValue(denominator) else {
                parser.error(location, "'\(text)': expected a pickup note value after the comma, such as 4/4,8 or 6/8,4.")
                return
            }
            var length = WholeNotes(1, Int64(denominator))
            if dotted { length = length * WholeNotes(3, 2) }
            pickup = length
        }
        let signature = TimeSignature(beats: beats, beatUnit: unit, pickup: pickup, location: location)
        if let pickup, pickup > signature.barLength {
            parser.error(location, "the pickup in '\(text)' is longer than the bar: expected at most \(beats)/\(unit)")
            return
        }
        append(.timeSignature(signature))
    }

    /// The most beats a meter may have: far above what music is written in (real transcriptions
    /// write `99/16`), low enough that a bar's length stays a small exact fraction.
    static let maximumBeatsPerBar = 10_000

    /// Whether a number is a note value LilyPond can write as a meter's unit: 1, 2, 4 … 128.
    static func isNoteValue(_ value: Int) -> Bool { (1...128).contains(value) && value & (value - 1) == 0 }

    /// `4=105`, `4.=60`, `8=120`: beat unit (1, 2, 4, 8, 16 and dots), then beats per minute.
    static func tempo(_ text: String, at location: SourceLocation) -> TempoMark? {
        guard let equals = text.firstIndex(of: "="), text.first.map({ "12468".contains($0) }) == true else { return nil }
        var unit = text[..<equals]
        var dots = 0
        while unit.hasSuffix(".") { unit = unit.dropLast(); dots += 1 }
        guard let denominator = Int(unit), [1, 2, 4, 8, 16, 32].contains(denominator),
            let bpm = Int(text[text.index(after: equals)...]), bpm > 0, bpm <= 10_000
        else { return nil }
        var beat = WholeNotes(1, Int64(denominator)), add = beat
        for _ in 0..<min(dots, 4) { add = add / 2; beat += add }
        return TempoMark(beat: beat, beatsPerMinute: bpm, location: location)
    }

    /// The most notes a grace group holds: ornaments have a few; more would be printed as one column.
    static let maximumGraceNotes = 32

    mutating func graceNotes(_ body: String, placement: GraceNotes.Placement, at location: SourceLocation, parser: inout ParseLog) {
        var notes: [Note] = []
        // A value holds for the graces after it, as in the reference's MIDI; a sign and octave for one figure.
        var length = WholeNotes(1, 16)
        var octave = 0, run = 0, accidental = 0
        var previous: UInt8 = 0
        var joinNext = false, sawFigure = false
        let isFigure = { (byte: UInt8) in (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte) }
        // Each chord note (between `&`s) is read as the reference reads a chord's marks: what follows a figure may be its.
        var bytes: [UInt8] = []
        var ambiguous = false
        if body.utf8.allSatisfy(isFigure) {
            // Figures alone (`g[45]`, most groups): nothing to reorder, taken as they are.
            bytes = Array(body.utf8)
        } else {
            for (index, piece) in Array(body.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "&")) }
                let read = NoteWord.marksBeforeFigures(Array(piece), octavesAfter: octavesAfter, isFigure: isFigure)
                bytes += read.ordered
                ambiguous = ambiguous || read.ambiguous
            }
        }
        if ambiguous {
            parser.warning(location, "ambiguous octave marks in grace notes '\(body)': read as belonging to the next figure; write OctavesBefore or OctavesAfter to say which")
        }
        let figures = bytes.reduce(0) { $0 + (isFigure($1) ? 1 : 0) }
        guard figures <= Self.maximumGraceNotes else {
            parser.error(location, "a group of \(figures) grace notes: expected at most \(Self.maximumGraceNotes); write a longer run as notes")
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "#"): accidental = 1
            case UInt8(ascii: "b"): accidental = -1
            case UInt8(ascii: "'"), UInt8(ascii: ","):
                // A run of marks sets the octave (the last run before the figure wins), three at most.
                run = byte == previous ? run + 1 : 1
                octave = (byte == UInt8(ascii: "'") ? 1 : -1) * min(run, 3)
            case UInt8(ascii: "q"): length = WholeNotes(1, 8)
            case UInt8(ascii: "s"): length = WholeNotes(1, 16)
            case UInt8(ascii: "d"): length = WholeNotes(1, 32)
            case UInt8(ascii: "h"): length = WholeNotes(1, 64)
            case UInt8(ascii: "&"): joinNext = true
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                // `8` and `9` are 1 and 2 with an octave mark of their own.
                let isHigh = byte >= UInt8(ascii: "8")
                if isHigh { octave = previous == UInt8(ascii: "'") ? min(run + 1, 3) : 1 }
                let figure = isHigh ? byte - 7 : byte
                let pitch = Pitch(midiNumber: tonic + NoteWord.semitones(of: figure) + accidental + 12 * octave)
                sawFigure = true
                if !pitch.isValidMIDI {
                    parser.warning(location, "a grace note sounds at MIDI note \(pitch.midiNumber), outside 0 to 127: it stays silent")
                } else if joinNext, !notes.isEmpty {
                    notes[notes.count - 1].pitches.append(pitch)
                } else {
                    notes.append(Note(sound: .single(pitch), length: length, spelling: graceSpelling(of: figure), location: location))
                }
                joinNext = false
                octave = 0
                run = 0
                accidental = 0
            default:
                parser.error(location, "unexpected '\(Character(UnicodeScalar(byte)))' in grace notes: expected figures 1-7, # b ' , q s d h and &")
                return
            }
            previous = byte
        }
        guard !notes.isEmpty else {
            if sawFigure { return }
            parser.error(location, "grace notes without figures: expected g[…] or […]g with figures 1-7 inside")
            return
        }
        append(.grace(GraceNotes(placement: placement, notes: notes, location: location, width: body.count + 3)))
        graceSinceLastNote = location
    }
}
