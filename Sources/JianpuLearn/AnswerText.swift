import JianpuCore

/// Answers typed as text (`--plain`, and the named questions on the screen): note names, jianpu numbers
/// with octave marks, chord symbols and Roman numerals.
public enum AnswerText {
    /// A note: a note name with or without its octave (`F#`, `F♯4`, `Bb3`), or a jianpu number relative to
    /// the scale's `1` with an accidental before it and octave marks after it (`3`, `#5`, `1'`, `6,`).
    /// Without an octave a note is the one in the drawn octave from the tonic up.
    public static func note(_ token: some StringProtocol, in scale: Scale) -> Int? {
        let text = Substring(token)
        // `b5` is jianpu's flat 5; the note B5 is written with a capital.
        if text.first == "b", text.dropFirst().first?.isNumber == true { return jianpu(text, in: scale) }
        if let (name, rest) = NoteName.parsePrefix(of: text) {
            if rest.isEmpty { return scale.tonicMIDI + (name.pitchClass - scale.tonic.pitchClass + 12) % 12 }
            guard let octave = Int(rest), (-1...9).contains(octave) else { return nil }
            let midi = Pitch(name, octave: octave).midiNumber
            return (0...127).contains(midi) ? midi : nil
        }
        return jianpu(text, in: scale)
    }

    /// A jianpu number (`#5`, `1'`, `6,,`) as a MIDI number: an unmarked `1` is the do where the notation puts it
    /// (`notatedDoMIDI`: octave 4 for 1=C to 1=F, octave 3 for 1=G to 1=B).
    public static func jianpu(_ text: Substring, in scale: Scale) -> Int? {
        var rest = text[...]
        var accidental = 0
        while let first = rest.first, let value = ["#": 1, "♯": 1, "b": -1, "♭": -1][first] {
            accidental += value
            rest = rest.dropFirst()
        }
        guard let digit = rest.first, let number = digit.wholeNumberValue, (1...7).contains(number), abs(accidental) <= 2 else { return nil }
        var octave = 0
        for mark in rest.dropFirst() {
            switch mark {
            case "'", "’": octave += 1
            case ",": octave -= 1
            default: return nil
            }
        }
        guard abs(octave) <= 4 else { return nil }
        return scale.notatedDoMIDI + [0, 2, 4, 5, 7, 9, 11][number - 1] + accidental + 12 * octave
    }

    /// The notes of a line: every word a note, or a single chord symbol (`Em`, `F#m7`, `G/B`) voiced in close
    /// position. A single word that is both (`E`) is the note unless `preferringChord`.
    public static func notes(_ line: String, in scale: Scale, preferringChord: Bool = false) -> [Int]? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !words.isEmpty else { return nil }
        if words.count == 1, preferringChord || note(words[0], in: scale) == nil,
            let chord = Chord(symbol: words[0]) ?? Chord(name: words[0])
        {
            return Scale.voicing(of: chord)
        }
        var notes: [Int] = []
        for word in words {
            guard let midi = note(word, in: scale) else { return nil }
            notes.append(midi)
        }
        return notes
    }

    /// Whether `text` names the degree: its jianpu number (octave marks ignored) or its note name.
    public static func names(degree note: NoteName, _ text: String, in scale: Scale) -> Bool {
        let trimmed = text.filter { !$0.isWhitespace }
        if let name = NoteName(trimmed) { return name.pitchClass == note.pitchClass }
        let bare = Substring(trimmed.filter { $0 != "'" && $0 != "," && $0 != "’" })
        guard let midi = jianpu(bare, in: scale) else { return false }
        return (midi - note.pitchClass) % 12 == 0
    }

    /// Whether `text` names the chord: its symbol (any spelling of the same notes on the same root) or its
    /// Roman numeral (`vii°`, `viio`, `vii dim`).
    public static func names(chord diatonic: DiatonicChord, _ text: String) -> Bool {
        let trimmed = text.filter { !$0.isWhitespace }
        if let chord = Chord(symbol: trimmed) ?? Chord(name: trimmed) {
            return chord.root.pitchClass == diatonic.chord.root.pitchClass && chord.pitchClasses == diatonic.chord.pitchClasses
        }
        let normal = { (numeral: String) in
            numeral.replacingOccurrences(of: "dim", with: "°").replacingOccurrences(of: "o", with: "°")
                .replacingOccurrences(of: "+", with: "aug").replacingOccurrences(of: "ø", with: "m7b5")
        }
        return normal(trimmed) == normal(diatonic.romanNumeral)
    }

    /// Text as a terminal may be given it: control characters (the start of an escape sequence, a bell) as `?`.
    public static func printable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(scalar.properties.generalCategory == .control ? "?" : scalar) }
        return String(out)
    }
}
