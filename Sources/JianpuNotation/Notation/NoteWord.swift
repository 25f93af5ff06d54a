import JianpuCore

/// The parts of a note word such as `q#4'.`: figures, accidentals, octave marks, length.
///
/// As in the reference, the order of the characters in a note does not matter
/// (`#1` is `1#`, `s1` is `1s`), except inside chords, where `#`, `b` and octave
/// marks belong to the figure after them.
package struct NoteWord {
    /// The first figure: `1`…`7`, `0` (rest), `x` (percussion beat, sounds as 1), `-` (dash).
    package var figure: UInt8 = 0
    /// How many figures: more than one makes a chord.
    package var figureCount = 0
    /// Whether a `0` or `-` is among several figures (not allowed in a chord).
    var restOrDashInChord = false
    /// Beams: 0 crotchet, 1 quaver, 2 semiquaver, 3 demisemiquaver, 4 hemidemisemiquaver; nil when not written.
    var beams: Int?
    var dots = 0
    /// The first group of octave marks: positive for `'`, negative for `,`.
    package var octave = 0
    package var octaveGroupCount = 0
    /// Semitones of the `#`/`b` marks, and how many there were.
    package var accidental = 0
    var accidentalCount = 0

    package enum Problem: Error {
        case unrecognised
        case beams(String)
    }

    /// Whether a byte may appear in a note word (the reference's note pattern: `.,'cqsdh#b\\0-9x-`).
    /// Bit masks rather than a table, so that parts read side by side share no reference count.
    @inline(__always)
    private static func isNoteCharacter(_ byte: UInt8) -> Bool {
        // Bits 32-63: `#` (35), `'` (39), `,` (44), `-` (45), `.` (46), `0`-`9` (48-57).
        let punctuationAndDigits: UInt64 = 1 << 35 | 1 << 39 | 1 << 44 | 1 << 45 | 1 << 46 | 0x3FF << 48
        // Bits 64-127: `\\` (92), `b` (98), `c` (99), `d` (100), `h` (104), `q` (113), `s` (115), `x` (120).
        let letters: UInt64 =
            1 << (92 - 64) | 1 << (98 - 64) | 1 << (99 - 64) | 1 << (100 - 64) | 1 << (104 - 64)
            | 1 << (113 - 64) | 1 << (115 - 64) | 1 << (120 - 64)
        switch byte {
        case 32..<64: return punctuationAndDigits >> UInt64(byte) & 1 == 1
        case 64..<128: return letters >> UInt64(byte - 64) & 1 == 1
        default: return false
        }
    }

    /// Whether a word has the shape of a note rather than a command (the reference's note pattern).
    static func looksLikeNote<C: Collection>(_ word: C) -> Bool where C.Element == UInt8 {
        guard let first = word.first, first != UInt8(ascii: "\\") else { return false }
        var sawFigure = false
        for byte in word {
            guard isNoteCharacter(byte) else { return false }
            if (48...57).contains(byte) || byte == UInt8(ascii: "x") || byte == UInt8(ascii: "-") { sawFigure = true }
        }
        return sawFigure
    }

    /// Reads the bytes of a word; `checked` when `looksLikeNote` has already accepted it.
    package init<Bytes: Collection>(_ utf8: Bytes, checked: Bool = false) throws(Problem) where Bytes.Element == UInt8 {
        if utf8.count == 1, utf8.first == UInt8(ascii: ".") {
            figure = UInt8(ascii: "-")
            figureCount = 1
            return
        }
        guard checked || Self.looksLikeNote(utf8) else { throw .unrecognised }
        var backslashes = 0, letters = 0, letter = 0
        var previous: UInt8 = 0
        func mark(_ byte: UInt8) {
            if byte != previous { octaveGroupCount += 1 }
            if octaveGroupCount == 1 { octave += byte == UInt8(ascii: "'") ? 1 : -1 }
            previous = byte
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "x"), UInt8(ascii: "-"):
                // `8` and `9` are `1'` and `2'`: the figure, then an octave mark.
                let isHigh = byte == UInt8(ascii: "8") || byte == UInt8(ascii: "9")
                let written = isHigh ? byte - 7 : byte
                if figureCount == 0 {
                    figure = written
                } else if written == UInt8(ascii: "0") || written == UInt8(ascii: "-") || figure == UInt8(ascii: "0") || figure == UInt8(ascii: "-") {
                    restOrDashInChord = true
                }
                figureCount += 1
                previous = written
                if isHigh { mark(UInt8(ascii: "'")) }
                continue
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "#"): accidental += 1; accidentalCount += 1
            case UInt8(ascii: "b"): accidental -= 1; accidentalCount += 1
            case UInt8(ascii: "'"), UInt8(ascii: ","):
                mark(byte)
                continue
            case UInt8(ascii: "\\"): backslashes += 1
            case UInt8(ascii: "c"): letters += 1; letter = 0
            case UInt8(ascii: "q"): letters += 1; letter = 1
            case UInt8(ascii: "s"): letters += 1; letter = 2
            case UInt8(ascii: "d"): letters += 1; letter = 3
            case UInt8(ascii: "h"): letters += 1; letter = 4
            default: break
            }
            previous = byte
        }
        if figureCount > 1 && restOrDashInChord == false && (figure == UInt8(ascii: "0") || figure == UInt8(ascii: "-")) {
            restOrDashInChord = true
        }
        switch (letters, backslashes) {
        case (0, 0): beams = nil
        case (0, _): beams = backslashes
        case (1, 0): beams = letter
        default: throw .beams(String(decoding: utf8.filter { "cqsdh\\".utf8.contains($0) }, as: UTF8.self))
        }
    }

    var isChord: Bool { figureCount > 1 }
    var isDash: Bool { figureCount == 1 && figure == UInt8(ascii: "-") }
    var isRest: Bool { figureCount == 1 && figure == UInt8(ascii: "0") }

    /// The written length: a crotchet halved per beam, lengthened by each dot.
    static func length(beams: Int, dots: Int) -> WholeNotes {
        // With d dots, (2^(d+1) - 1) / 2^d crotchets: an odd numerator over a power of two, in lowest terms.
        let dots = Int64(min(max(dots, 0), 20)), beams = Int64(min(max(beams, 0), 20))
        return WholeNotes(lowestTerms: (1 << (dots + 1)) - 1, 4 << (beams + dots))
    }

    /// Semitones above degree 1 for the figures 1…7 (and `x`, which sounds as 1).
    package static func semitones(of figure: UInt8) -> Int {
        switch figure {
        case UInt8(ascii: "1"), UInt8(ascii: "x"): 0
        case UInt8(ascii: "2"): 2
        case UInt8(ascii: "3"): 4
        case UInt8(ascii: "4"): 5
        case UInt8(ascii: "5"): 7
        case UInt8(ascii: "6"): 9
        case UInt8(ascii: "7"): 11
        default: 0
        }
    }

    /// A chord's notes (read from the word's bytes), each with its `#`/`b` and octave marks, as the reference reads them
    /// (`marksBeforeFigures`). A group of marks counts at most three octaves, and `8`/`9` are `1'`/`2'`. A note written
    /// twice (same figure, marks and accidental) is listed once.
    package static func chordNotes<Bytes: Collection>(_ text: Bytes, octavesAfter: Bool?) -> (notes: [(figure: UInt8, octave: Int, accidental: Int)], ambiguous: Bool)
    where Bytes.Element == UInt8 {
        func isFigure(_ byte: UInt8) -> Bool { (49...57).contains(byte) || byte == UInt8(ascii: "x") }
        func isMark(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "'") || byte == UInt8(ascii: ",") }
        var symbols: [UInt8] = []
        symbols.reserveCapacity(text.count)
        for byte in text where isFigure(byte) || isMark(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "b") { symbols.append(byte) }
        var notes: [(figure: UInt8, octave: Int, accidental: Int)] = []
        notes.reserveCapacity(8)
        // The notes already read, one bit each (figure, octave -3…3, accidental -1…1): a note
        // written twice is kept once, so a chord word of millions of figures keeps a few notes.
        var seen = SIMD4<UInt64>()
        // The marks and accidentals read so far for the next figure.
        var octave = 0, accidental = 0, run = 0
        var previous: UInt8 = 0
        func read(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "#"): accidental = 1
            case UInt8(ascii: "b"): accidental = -1
            case UInt8(ascii: "'"), UInt8(ascii: ","):
                // A run of marks sets the octave (the last run before the figure wins), three at most.
                run = byte == previous ? run + 1 : 1
                octave = (byte == UInt8(ascii: "'") ? 1 : -1) * min(run, 3)
            default: break
            }
            previous = byte
        }
        func figure(_ byte: UInt8) {
            // `8` and `9` are 1 and 2 with an octave mark of their own.
            let isHigh = byte == UInt8(ascii: "8") || byte == UInt8(ascii: "9")
            if isHigh { octave = previous == UInt8(ascii: "'") ? min(run + 1, 3) : 1 }
            let note = (figure: isHigh ? byte - 7 : byte, octave: octave, accidental: accidental)
            let key = Int(note.figure & 7) << 5 | (note.octave + 3) << 2 | (note.accidental + 1)
            if seen[key >> 6] >> UInt64(key & 63) & 1 == 0 {
                seen[key >> 6] |= 1 << UInt64(key & 63)
                notes.append(note)
            }
            octave = 0
            accidental = 0
            run = 0
            previous = byte
        }
        let (ordered, ambiguous) = marksBeforeFigures(symbols, octavesAfter: octavesAfter, isFigure: isFigure)
        for byte in ordered { isFigure(byte) ? figure(byte) : read(byte) }
        return (notes, ambiguous)
    }

    /// The symbols of a chord or grace group reordered so that every mark, sign and value comes before the figure it
    /// belongs to, as the reference reads them (its `grace_octave_fix`), and whether marks were ambiguous.
    ///
    /// Reading from the end, what is written after a figure belongs to it as long as each figure before is followed
    /// by something too (`1'1'` is two `1'`). In what is left at the front, groups of marks then a figure are clear;
    /// after the first bare figure, marks belong to the figure after them (`OctavesBefore`), or to the figure before
    /// them (`OctavesAfter`: the signs between the figure and its marks then go on to the next figure); with neither
    /// set, marks there are ambiguous (read as before).
    package static func marksBeforeFigures(_ symbols: [UInt8], octavesAfter: Bool?, isFigure: (UInt8) -> Bool) -> (ordered: [UInt8], ambiguous: Bool) {
        func isMark(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "'") || byte == UInt8(ascii: ",") }
        // From the end: each figure followed by something takes it (gathered back to front).
        var tail: [UInt8] = []
        var front = symbols.count
        while front > 0, !isFigure(symbols[front - 1]), let at = symbols[..<front].lastIndex(where: isFigure) {
            tail.append(symbols[at])
            tail.append(contentsOf: symbols[(at + 1)..<front].reversed())
            front = at
        }
        // At the front, groups of marks then a figure are clear; after the first bare figure they are not.
        var clear = 0
        while clear < front {
            var index = clear
            while index < front, !isMark(symbols[index]), !isFigure(symbols[index]) { index += 1 }
            guard index < front, isMark(symbols[index]) else { break }
            while index < front, !isFigure(symbols[index]) { index += 1 }
            guard index < front else { break }
            clear = index + 1
        }
        var ordered = Array(symbols[..<clear])
        ordered.reserveCapacity(symbols.count)
        let ambiguous = octavesAfter == nil && symbols[clear..<front].contains(where: isMark)
        var index = clear
        while index < front {
            let byte = symbols[index]
            guard isFigure(byte), octavesAfter == true else {
                ordered.append(byte)
                index += 1
                continue
            }
            // OctavesAfter: a run of marks after a figure (and its signs) belongs to it; the signs go on to the next.
            var marks = index + 1
            while marks < front, !isFigure(symbols[marks]), !isMark(symbols[marks]) { marks += 1 }
            var end = marks
            while end < front, isMark(symbols[end]) { end += 1 }
            ordered.append(contentsOf: symbols[marks..<end])
            ordered.append(byte)
            ordered.append(contentsOf: symbols[(index + 1)..<marks])
            index = end
        }
        ordered.append(contentsOf: tail.reversed())
        return (ordered, ambiguous)
    }
}
