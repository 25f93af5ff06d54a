import JianpuCore

/// A key as jianpu text writes it, and how a pitch is written in it: figure, accidental, octave marks.
///
/// A major key is `1=X`. A minor key is `6=X`, naming its own tonic (`6=E` for E minor): jianpu-ly
/// reads it as `\transpose a X`, which puts degree 1 on the same pitch as `1=` the relative major
/// (`6=E` and `1=G` both put 1 on G3), so the figures are those of the relative major either way
/// and the text names the key the music is in. Unmarked 1 sits at octave 4 for C to F and at
/// octave 3 for G to B, as the reference transposes.
struct JianpuKeySpelling: Hashable {
    let key: ImportedKey
    /// Degree 1: the major key's tonic, or the relative major's.
    let tonic: NoteName
    /// The MIDI number of an unmarked `1`.
    let tonicMIDI: Int

    static let majorNames = ["Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"]
    static let minorNames = ["Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#"]
    static let majorScale = [0, 2, 4, 5, 7, 9, 11]

    init(_ key: ImportedKey) {
        let fifths = max(-7, min(7, key.fifths))
        self.key = ImportedKey(fifths: fifths, isMinor: key.isMinor)
        let name = NoteName(Self.majorNames[fifths + 7]) ?? NoteName(.c)
        tonic = name
        let octaveBase = name.letter.rawValue <= 3 ? 60 : 48
        tonicMIDI = octaveBase + name.letter.naturalPitchClass + name.accidental.semitones
    }

    /// `1=Bb` or `6=G`.
    var word: String {
        let fifths = key.fifths + 7
        return key.isMinor ? "6=\(Self.minorNames[fifths])" : "1=\(Self.majorNames[fifths])"
    }

    /// The figure (1-7), accidental (-1, 0, 1) and octave (marks: positive `'`, negative `,`) of a pitch.
    func spell(_ pitch: ImportedPitch) -> (figure: Int, accidental: Int, octave: Int) {
        let relative = ((pitch.pitch.midiNumber - tonicMIDI) % 12 + 12) % 12
        var degree: Int
        var accidental: Int
        if let spelling = pitch.spelling {
            degree = ((spelling.letter.rawValue - tonic.letter.rawValue) % 7 + 7) % 7
            accidental = ((relative - Self.majorScale[degree]) % 12 + 12) % 12
            if accidental > 6 { accidental -= 12 }
            if abs(accidental) > 1 { (degree, accidental) = Self.common(relative) }
        } else {
            (degree, accidental) = Self.common(relative)
        }
        let octave = Self.floorDivide(pitch.pitch.midiNumber - tonicMIDI - Self.majorScale[degree] - accidental, 12)
        return (degree + 1, accidental, octave)
    }

    /// The usual jianpu name of a degree `relative` semitones above 1: `#1 b3 #4 #5 b7` for the notes between.
    static func common(_ relative: Int) -> (Int, Int) {
        [(0, 0), (0, 1), (1, 0), (2, -1), (2, 0), (3, 0), (3, 1), (4, 0), (4, 1), (5, 0), (6, -1), (6, 0)][relative]
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// A single note: accidental, figure, octave marks (`#4'`).
    func noteText(_ pitch: ImportedPitch) -> String {
        let (figure, accidental, octave) = spell(pitch)
        return Self.accidentalText(accidental) + "\(figure)" + Self.marks(octave)
    }

    /// A chord's or grace's note with its marks before the figure (`OctavesBefore`): `#'4`.
    func markedBeforeText(_ pitch: ImportedPitch) -> String {
        let (figure, accidental, octave) = spell(pitch)
        return Self.accidentalText(accidental) + Self.marks(octave) + "\(figure)"
    }

    static func accidentalText(_ accidental: Int) -> String { accidental > 0 ? "#" : accidental < 0 ? "b" : "" }

    static func marks(_ octave: Int) -> String {
        octave > 0 ? String(repeating: "'", count: min(octave, 6)) : String(repeating: ",", count: min(-octave, 6))
    }
}
