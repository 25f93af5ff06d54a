/// The parts of a note word such as `q#4'.`: figures, accidentals, octave marks, length.
///
/// As in the reference, the order of the characters in a note does not matter
/// (`#1` is `1#`, `s1` is `1s`), except inside chords, where `#`, `b` and octave
/// marks belong to the figure after them.
struct NoteWord {
    /// `1`…`7`, `0` (rest), `x` (percussion beat, sounds as 1), `-` (dash); several for a chord.
    var figures: [UInt8]
    /// Beams: 0 crotchet, 1 quaver, 2 semiquaver, 3 demisemiquaver, 4 hemidemisemiquaver; nil when not written.
    var beams: Int?
    var dots: Int
    /// Octave mark groups in order, each a count: positive for `'`, negative for `,`.
    var octaveGroups: [Int]
    /// The accidental characters in order (`#`, `b`).
    var accidentals: [UInt8]
    /// The word after `8`→`1'` and `9`→`2'`, for chord reading.
    var expanded: [UInt8]

    enum Problem: Error {
        case unrecognised
        case beams(String)
    }

    static let noteCharacters: Set<UInt8> = Set(".,'cqsdh#b\\0123456789x-".utf8)

    /// Whether a word has the shape of a note rather than a command (the reference's note pattern).
    static func looksLikeNote<C: Collection>(_ word: C) -> Bool where C.Element == UInt8 {
        guard let first = word.first, first != UInt8(ascii: "\\") else { return false }
        var sawFigure = false
        for byte in word {
            guard noteCharacters.contains(byte) else { return false }
            if (48...57).contains(byte) || byte == UInt8(ascii: "x") || byte == UInt8(ascii: "-") { sawFigure = true }
        }
        return sawFigure
    }

    init(_ text: String) throws(Problem) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "8"): bytes.append(contentsOf: [UInt8(ascii: "1"), UInt8(ascii: "'")])
            case UInt8(ascii: "9"): bytes.append(contentsOf: [UInt8(ascii: "2"), UInt8(ascii: "'")])
            default: bytes.append(byte)
            }
        }
        if bytes == [UInt8(ascii: ".")] { bytes = [UInt8(ascii: "-")] }
        guard Self.looksLikeNote(bytes) else { throw .unrecognised }
        expanded = bytes
        figures = []
        dots = 0
        octaveGroups = []
        accidentals = []
        var beamLetters: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7"), UInt8(ascii: "x"), UInt8(ascii: "-"): figures.append(byte)
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "#"), UInt8(ascii: "b"): accidentals.append(byte)
            case UInt8(ascii: "'"), UInt8(ascii: ","):
                var count = 0
                while index < bytes.count, bytes[index] == byte { count += 1; index += 1 }
                octaveGroups.append(byte == UInt8(ascii: "'") ? count : -count)
                continue
            case UInt8(ascii: "c"), UInt8(ascii: "q"), UInt8(ascii: "s"), UInt8(ascii: "d"), UInt8(ascii: "h"), UInt8(ascii: "\\"):
                beamLetters.append(byte)
            default: break
            }
            index += 1
        }
        if beamLetters.isEmpty {
            beams = nil
        } else if beamLetters.allSatisfy({ $0 == UInt8(ascii: "\\") }) {
            beams = beamLetters.count
        } else if beamLetters.count == 1, let letter = Array("cqsdh".utf8).firstIndex(of: beamLetters[0]) {
            beams = letter
        } else {
            throw .beams(String(decoding: beamLetters, as: UTF8.self))
        }
    }

    var isChord: Bool { figures.count > 1 }
    var isDash: Bool { figures == [UInt8(ascii: "-")] }
    var isRest: Bool { figures == [UInt8(ascii: "0")] }

    /// The written length: a crotchet halved per beam, lengthened by each dot.
    static func length(beams: Int, dots: Int) -> WholeNotes {
        let base = WholeNotes(1, Int64(4) << Int64(min(beams, 20)))
        var total = base, add = base
        for _ in 0..<min(dots, 20) {
            add = add / 2
            total += add
        }
        return total
    }

    /// Semitones above degree 1 for the figures 1…7 (and `x`, which sounds as 1).
    static func semitones(of figure: UInt8) -> Int {
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

    /// A chord's notes, each with the `#`/`b` and octave marks written before it.
    ///
    /// Marks after the last figure belong to it. Marks between two figures belong to the
    /// figure after them (`OctavesBefore`) or before them (`OctavesAfter`); with neither
    /// set they are ambiguous once a figure without marks has been written.
    func chordNotes(octavesAfter: Bool?) -> (notes: [(figure: UInt8, octave: Int, accidental: Int)], ambiguous: Bool) {
        var figures: [(figure: UInt8, marksBefore: Int, accidental: Int)] = []
        var marks = 0, accidental = 0
        for byte in expanded {
            switch byte {
            case UInt8(ascii: "#"): accidental += 1
            case UInt8(ascii: "b"): accidental -= 1
            case UInt8(ascii: "'"): marks += 1
            case UInt8(ascii: ","): marks -= 1
            case UInt8(ascii: "0")...UInt8(ascii: "7"), UInt8(ascii: "x"):
                figures.append((byte, marks, accidental))
                marks = 0
                accidental = 0
            default: break
            }
        }
        guard !figures.isEmpty else { return ([], false) }
        figures[figures.count - 1].marksBefore += marks
        figures[figures.count - 1].accidental += accidental
        var ambiguous = false, sawBareFigure = false
        for (index, figure) in figures.enumerated() {
            if index > 0, figure.marksBefore != 0, sawBareFigure, !(index == figures.count - 1 && marks != 0 && figure.marksBefore == marks) {
                ambiguous = true
            }
            if figure.marksBefore == 0 { sawBareFigure = true }
        }
        if octavesAfter == true {
            // Marks between figures belong to the figure before them.
            var shifted = figures
            for index in figures.indices.dropFirst() where index < figures.count - 1 || marks == 0 {
                shifted[index - 1].marksBefore = (index - 1 == 0 ? figures[0].marksBefore : 0) + figures[index].marksBefore
                shifted[index].marksBefore = 0
            }
            figures = shifted
            ambiguous = false
        } else if octavesAfter == false {
            ambiguous = false
        }
        return (figures.map { ($0.figure, $0.marksBefore, $0.accidental) }, ambiguous)
    }
}
