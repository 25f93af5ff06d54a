/// Reading LilyPond chord-mode words, the form of jianpu-ly's guitar chords
/// (`chords=c2. g:7 a:m/c bes:m7.5-`).
extension Chord {
    /// Reads a chord-mode word: a Dutch note name (`c`, `cis`, `bes`, `as`, `eses`), an optional
    /// duration (`2.`, `4`, `8..`), optional `:` modifiers and an optional `/bass`. The duration is
    /// returned as written (empty when absent); rests (`r`, `s`, `R`) are not chords and give nil.
    ///
    /// Modifiers follow LilyPond: `m`, `dim`, `aug`, `maj`, `sus`, `sus2`, `sus4`, a chord
    /// extent (`5` triad, `6`, `7`, `9`, `11`, `13`) and `.`-separated steps with `+`/`-`
    /// alterations (`m7.5-`, `7.9-`, `m7+`), `^` removals (`9^7`), `1.5` a power chord. A result
    /// that is not one of `formulas` gets its own formula named `Custom` plus its numbers.
    public static func parse(
        lilyPondChordMode text: some StringProtocol,
        formulas: [ChordFormula] = ChordFormula.standard
    ) -> (chord: Chord, duration: Substring)? {
        let word = Substring(text).strippingWhitespace()
        guard let (root, afterRoot) = dutchNoteName(word) else { return nil }
        let duration = afterRoot.prefix { $0.isNumber || $0 == "." }
        var rest = afterRoot.dropFirst(duration.count)
        var bass: NoteName?
        if let slash = rest.firstIndex(of: "/") {
            var bassText = rest[rest.index(after: slash)...]
            if bassText.first == "+" { bassText = bassText.dropFirst() }
            guard let (name, after) = dutchNoteName(bassText), after.isEmpty else { return nil }
            bass = name
            rest = rest[..<slash]
        }
        var modifiers = Substring("")
        if rest.first == ":" {
            modifiers = rest.dropFirst()
        } else if !rest.isEmpty {
            return nil
        }
        guard let semitones = chordModeSemitones(modifiers) else { return nil }
        let numbers = semitones.map { $0 + 1 }
        let formula =
            formulas.first { $0.numbers == numbers }
            ?? ChordFormula(
                name: "Custom" + numbers.map(String.init).joined(separator: "-"), numbers: numbers,
                symbolSuffix: String(modifiers))
        return (Chord(root: root, formula: formula, bass: bass), duration)
    }

    /// Reads a chord-mode word without a duration, e.g. `g:7`, `fis:m/a`.
    public init?(lilyPondChordMode text: some StringProtocol, formulas: [ChordFormula] = ChordFormula.standard) {
        guard let (chord, duration) = Chord.parse(lilyPondChordMode: text, formulas: formulas), duration.isEmpty
        else { return nil }
        self = chord
    }

    /// A Dutch note name at the start of `text` (`c`, `cis`, `ces`, `es`, `as`, `bes`, `fisis`)
    /// and what follows it.
    package static func dutchNoteName(_ text: Substring) -> (NoteName, rest: Substring)? {
        guard let first = text.first, first.isLowercase, let letter = NoteName.Letter(first) else { return nil }
        var rest = text.dropFirst()
        var accidental = 0
        // `es` and `as` are written without the letter's vowel doubled: es = Eb, as = Ab.
        if (letter == .e || letter == .a), rest.hasPrefix("s"), !rest.hasPrefix("is") {
            accidental = -1
            rest = rest.dropFirst()
        }
        while accidental > -2, accidental < 2 {
            if accidental <= 0, rest.hasPrefix("es") {
                accidental -= 1
                rest = rest.dropFirst(2)
            } else if accidental >= 0, rest.hasPrefix("is") {
                accidental += 1
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        guard let sign = Accidental(semitones: accidental) else { return nil }
        return (NoteName(letter, sign), rest)
    }

    /// Semitones above the root of each chord step without alteration (7 is the minor seventh,
    /// as in LilyPond).
    static let stepSemitones = [1: 0, 2: 2, 3: 4, 4: 5, 5: 7, 6: 9, 7: 10, 8: 12, 9: 14, 10: 16, 11: 17, 12: 19, 13: 21]

    /// Semitones above the root for chord-mode modifiers, rising, or nil if not understood.
    static func chordModeSemitones(_ modifiers: Substring) -> [Int]? {
        let parts = modifiers.split(separator: "^", maxSplits: 1, omittingEmptySubsequences: false)
        var steps: [Int: Int] = [1: 0, 3: 0, 5: 0]  // chord step → alteration in semitones
        let items = (parts.first ?? "").split(separator: ".", omittingEmptySubsequences: false)
        for (index, item) in items.enumerated() {
            if index == 0, item.isEmpty { continue }
            let word = item.prefix { $0.isLetter }
            let digits = item.dropFirst(word.count).prefix { $0.isNumber }
            let sign = item.dropFirst(word.count + digits.count)
            let alteration: Int
            switch sign {
            case "": alteration = 0
            case "+": alteration = 1
            case "-": alteration = -1
            default: return nil
            }
            let number = digits.isEmpty ? nil : Int(digits)
            if let number, stepSemitones[number] == nil { return nil }

            if index == 0, word.isEmpty, number == 1 {
                steps = [1: 0]  // `1.5`: only the steps listed
            } else if index == 0, !word.hasPrefix("sus") {
                // The first item's number is the chord's extent: 7, 9, 11, 13 stack thirds up to it.
                let extent = number ?? (word == "maj" ? 7 : 5)
                if extent >= 7 {
                    for step in stride(from: 7, through: extent, by: 2) where !(extent == 13 && step == 11) {
                        steps[step] = 0
                    }
                } else if extent != 5 {
                    steps[extent] = 0
                }
                if number != nil { steps[extent] = alteration }
            } else if let number, !word.hasPrefix("sus") {
                steps[number] = alteration  // `.9`, `.5-`, `.11+`
            }

            switch word {
            case "":
                break
            case "m", "min":
                steps[3] = -1
            case "dim":
                steps[3] = -1
                steps[5] = -1
                if steps[7] != nil { steps[7] = -1 }  // dim7: a diminished seventh
            case "aug":
                steps[5] = 1
            case "maj":
                steps[7] = 1
            case "sus", "sus4", "sus2":
                steps[3] = nil
                steps[word == "sus2" || number == 2 ? 2 : 4] = 0
            default:
                return nil
            }
        }
        if parts.count == 2 {
            for removal in parts[1].split(separator: ".") {
                guard let step = Int(removal) else { return nil }
                steps[step] = nil
            }
        }
        let semitones = steps.compactMap { step, alteration in stepSemitones[step].map { $0 + alteration } }
        return Array(Set(semitones)).sorted()
    }
}
