import JianpuCore
import JianpuNotation

/// A note as jianpu prints it: its figures with accidentals and octave dots, its underlines and dots.
///
/// Worked out from the note's sounding pitches and the key's degree 1, so that whatever way
/// the octave was written (`'`, `8`, `<`, `OctavesAfter`), the dots printed are the octave heard.
public struct WrittenNote: Sendable, Hashable {
    /// One printed figure of a note or chord.
    public struct Figure: Sendable, Hashable {
        // Twelve bytes, not forty: a wide bar holds a figure for each of its hundreds of thousands of notes.
        private var storedPitch: Int32
        private var storedOctave: Int32
        private var storedAccidental: Int16
        private var storedDigit: UInt8
        private var sounds: Bool

        /// A figure printed `digit` with `accidental` semitones of sharps or flats and `octave` dots, sounding `pitch`.
        public init(digit: Character, accidental: Int, octave: Int, pitch: Pitch?) {
            storedDigit = digit.asciiValue ?? UInt8(ascii: "?")
            storedAccidental = Int16(clamping: accidental)
            storedOctave = Int32(clamping: octave)
            storedPitch = Int32(clamping: pitch?.midiNumber ?? 0)
            sounds = pitch != nil
        }

        /// A figure printed as the ASCII `digit` (as a note word holds it): no `Character` made and read back.
        init(digitByte digit: UInt8, accidental: Int, octave: Int, pitch: Pitch) {
            storedDigit = digit < 0x80 ? digit : UInt8(ascii: "?")
            storedAccidental = Int16(clamping: accidental)
            storedOctave = Int32(clamping: octave)
            storedPitch = Int32(clamping: pitch.midiNumber)
            sounds = true
        }

        /// `1`…`7`, `0` for a rest, `x` for a beat.
        public var digit: Character { Character(UnicodeScalar(storedDigit)) }
        /// Semitones of the written sharps (positive) or flats (negative).
        public var accidental: Int { Int(storedAccidental) }
        /// Octave dots: positive above, negative below.
        public var octave: Int { Int(storedOctave) }
        /// The pitch it sounds, nil for a rest.
        public var pitch: Pitch? { sounds ? Pitch(midiNumber: Int(storedPitch)) : nil }
    }

    /// A note's figures, from the lowest up: never empty (a rest has its `0`). The lowest is held in
    /// place and only a chord's others in an array, so a single note takes no room of its own.
    public struct Figures: RandomAccessCollection, Sendable, Hashable {
        private var others: [Figure]
        private var lowest: Figure

        init(_ figures: [Figure]) {
            lowest = figures.first ?? Figure(digit: "0", accidental: 0, octave: 0, pitch: nil)
            others = figures.count > 1 ? Array(figures.dropFirst()) : []
        }

        init(single: Figure) {
            lowest = single
            others = []
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { others.count + 1 }
        public subscript(position: Int) -> Figure { position == 0 ? lowest : others[position - 1] }
    }

    /// The figures from the lowest pitch up (one for a note or rest).
    public private(set) var figures: Figures
    private var storedUnderlines: UInt8
    private var storedDots: UInt8

    /// Underlines: 1 for a quaver, 2 for a semiquaver…
    public var underlines: Int { Int(storedUnderlines) }
    /// Augmentation dots.
    public var dots: Int { Int(storedDots) }

    /// How `note` is written when degree 1 sounds at MIDI `tonic` and `<`/`>` have moved the
    /// unmarked octave by `baseOctave` (dots are printed as the marks were written).
    public init(_ note: Note, tonic: Int, baseOctave: Int = 0) {
        self.init(note, tonic: tonic, baseOctave: baseOctave, word: note.pitchCount == 1 ? Self.word(note.text) : nil)
    }

    /// How `note` is written, its note word already read (`word(_:)`; nil for a chord or a rest): the reader of a part reads it once.
    init(_ note: Note, tonic: Int, baseOctave: Int, word: NoteWord?) {
        let (underlines, dots) = Self.underlinesAndDots(of: note.length)
        (storedUnderlines, storedDots) = (UInt8(clamping: underlines), UInt8(clamping: dots))
        guard !note.isRest else {
            figures = Figures([])
            return
        }
        // A single note (nearly every one) is its one figure: no lists to make and search.
        // Its pitch count and pitch asked for, not its list (a shared one handed out, retained and released, for each note).
        if note.pitchCount == 1 {
            let pitch = note.singlePitch ?? note.pitches[0]
            guard let word, (pitch.midiNumber - tonic - NoteWord.semitones(of: word.figure) - word.accidental) % 12 == 0 else {
                figures = Figures(single: Self.figure(for: pitch, tonic: tonic))
                return
            }
            let offset = pitch.midiNumber - tonic - NoteWord.semitones(of: word.figure) - word.accidental
            figures = Figures(
                single: Figure(digitByte: word.figure, accidental: word.accidental, octave: Self.floorDivide(offset, 12) - baseOctave, pitch: pitch))
            return
        }
        var written: [(figure: UInt8, accidental: Int)] = []
        if note.pitches.count > 1 {
            written = NoteWord.chordNotes(Array(note.text.utf8), octavesAfter: nil).notes.map { ($0.figure, $0.accidental) }
        }
        var unused = written
        figures = Figures(
            note.pitches.map { pitch in
                // The written figure whose degree and accidental this pitch is, in some octave.
                let index = unused.firstIndex { (pitch.midiNumber - tonic - NoteWord.semitones(of: $0.figure) - $0.accidental) % 12 == 0 }
                guard let index else { return Self.figure(for: pitch, tonic: tonic) }
                let (figure, accidental) = unused.remove(at: index)
                let offset = pitch.midiNumber - tonic - NoteWord.semitones(of: figure) - accidental
                return Figure(digit: Character(UnicodeScalar(figure)), accidental: accidental, octave: Self.floorDivide(offset, 12) - baseOctave, pitch: pitch)
            })
    }

    /// The octave `<` and `>` have moved a single note's unmarked figures to: its sounding octave less its marks.
    public static func baseOctave(of note: Note, tonic: Int) -> Int? {
        guard note.pitchCount == 1 else { return nil }
        return baseOctave(of: note, tonic: tonic, word: Self.word(note.text))
    }

    /// `baseOctave(of:tonic:)` with the single note's word already read (nil: none to read).
    static func baseOctave(of note: Note, tonic: Int, word: NoteWord?) -> Int? {
        guard note.pitchCount == 1, let word, word.figureCount == 1, word.octaveGroupCount <= 1 else { return nil }
        // The octave `WrittenNote(note, tonic:)` prints, worked out without making it: this runs for every note read.
        let pitch = note.singlePitch ?? note.pitches[0]
        let offset = pitch.midiNumber - tonic - NoteWord.semitones(of: word.figure) - word.accidental
        let octave = offset % 12 == 0 ? floorDivide(offset, 12) : figure(for: pitch, tonic: tonic).octave
        return octave - word.octave
    }

    /// The note word of `text`, read in place when the text is stored contiguously (a note's text nearly always is).
    static func word(_ text: String) -> NoteWord? {
        if let word = text.utf8.withContiguousStorageIfAvailable({ try? NoteWord($0) }) { return word }
        return try? NoteWord(Array(text.utf8))
    }

    /// The nearest spelling of a pitch in the key, sharpening when it falls between degrees.
    static func figure(for pitch: Pitch, tonic: Int) -> Figure {
        let offset = pitch.midiNumber - tonic
        let degree = ((offset % 12) + 12) % 12
        let scale = [0, 2, 4, 5, 7, 9, 11]
        let step = scale.lastIndex { $0 <= degree } ?? 0
        let octave = floorDivide(offset - degree, 12)
        return Figure(digit: Character(String(step + 1)), accidental: degree - scale[step], octave: octave, pitch: pitch)
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int { Int((Double(a) / Double(b)).rounded(.down)) }

    /// The beams and dots that make `length` (a crotchet halved per underline, lengthened per dot).
    public static func underlinesAndDots(of length: WholeNotes) -> (underlines: Int, dots: Int) {
        // A length of (2^(d+1) - 1) / (4 · 2^(u+d)) has u underlines and d dots.
        var dots = 0
        while dots < 8, (Int64(1) << (dots + 1)) - 1 < length.numerator { dots += 1 }
        var units = length.denominator / 4
        var underlines = -dots
        while units > 1 { units /= 2; underlines += 1 }
        return (max(0, underlines), dots)
    }
}
