import JianpuCore

/// An ABC `K:` field read: the key signature as fifths and mode, and the accidental each letter carries.
struct ABCKey: Sendable, Hashable {
    /// The signature written on the staff (`K:D dor` is no sharps), as the model counts it.
    var imported: ImportedKey
    /// Semitones each letter is raised (positive) or lowered by the signature, by `Letter.rawValue`.
    var accidentals: [Int] = Array(repeating: 0, count: 7)
    /// Whether the field named explicit accidentals that no plain signature has.
    var hasExplicitAccidentals = false

    static let cMajor = ABCKey(imported: ImportedKey(fifths: 0))

    /// Fifths of each mode's tonic above the major key of the same signature (D dorian is C major: -2).
    private static let modeOffsets: [String: (offset: Int, isMinor: Bool)] = [
        "maj": (0, false), "ion": (0, false), "": (0, false), "mix": (-1, false), "dor": (-2, false),
        "min": (-3, true), "aeo": (-3, true), "m": (-3, true), "phr": (-4, false), "loc": (-5, false), "lyd": (1, false),
    ]

    /// Reads a `K:` value (`G`, `Am`, `D dor`, `Bb mix`, `none`, `D exp ^f ^c`, `Am clef=bass`); nil when
    /// it names no key, only clef or voice settings, so the key in force stays.
    /// - Throws: the text that names no key, as a message.
    static func parse(_ value: Substring) throws(ABCFieldError) -> ABCKey? {
        var words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        // Clef and other settings (`clef=bass`, `transpose=-2`) say nothing about the key.
        words = words.filter { !$0.contains("=") || $0.first == "=" }[...]
        guard let first = words.first else { return nil }
        let lower = first.lowercased()
        // Highland pipes: `HP` is written without a signature, `Hp` with F and C sharp (A mixolydian).
        if lower == "none" || first == "HP" { return cMajor }
        if first == "Hp" { return ABCKey(imported: ImportedKey(fifths: 2), accidentals: signature(fifths: 2)) }
        if ["treble", "bass", "alto", "tenor", "perc"].contains(lower) { return nil }
        var key = ABCKey.cMajor
        var explicit = words
        if let initial = first.first, "ABCDEFG".contains(initial), let letter = NoteName.Letter(initial) {
            var rest = first.dropFirst()
            var fifths = [0, 2, 4, -1, 1, 3, 5][letter.rawValue]
            if rest.first == "#" { fifths += 7; rest = rest.dropFirst() } else if rest.first == "b" { fifths -= 7; rest = rest.dropFirst() }
            explicit = words.dropFirst()
            // The mode may be glued to the tonic (`Am`, `Ddor`) or the next word (`D dorian`).
            var modeWord = String(rest).lowercased()
            if modeWord.isEmpty, let next = explicit.first, next.first?.isLetter == true {
                modeWord = next.lowercased()
                explicit = explicit.dropFirst()
            }
            let mode = modeWord == "m" ? "m" : String(modeWord.prefix(3))
            if mode == "exp" {
                key.imported = ImportedKey(fifths: 0)
                key.hasExplicitAccidentals = true
            } else {
                guard let (offset, isMinor) = modeOffsets[mode] else { throw ABCFieldError("'\(modeWord)' is not a mode (maj, min, m, dor, phr, lyd, mix, aeo, loc, ion)") }
                key.imported = ImportedKey(fifths: fifths + offset, isMinor: isMinor)
            }
            guard (-7...7).contains(key.imported.fifths) else { throw ABCFieldError("the key '\(first)' needs more than seven sharps or flats") }
            key.accidentals = signature(fifths: key.imported.fifths)
        } else if first.first.map({ "^_=".contains($0) }) == false {
            throw ABCFieldError("'\(first)' is not a key: expected a tonic (G, Am, D dor, Bb mix), none, or accidentals (^f _b)")
        }
        for word in explicit {
            guard let (semitones, letter) = explicitAccidental(word) else {
                throw ABCFieldError("'\(word)' is not an accidental of the key: expected ^f, _b or =c")
            }
            key.accidentals[letter.rawValue] = semitones
            key.hasExplicitAccidentals = true
        }
        return key
    }

    /// The accidental of each letter in the signature of `fifths` sharps (positive) or flats.
    static func signature(fifths: Int) -> [Int] {
        var accidentals = Array(repeating: 0, count: 7)
        let sharpOrder: [NoteName.Letter] = [.f, .c, .g, .d, .a, .e, .b]
        for index in 0..<min(abs(fifths), 7) {
            if fifths > 0 { accidentals[sharpOrder[index].rawValue] = 1 } else { accidentals[sharpOrder[6 - index].rawValue] = -1 }
        }
        return accidentals
    }

    private static func explicitAccidental(_ word: Substring) -> (Int, NoteName.Letter)? {
        var semitones = 0
        var rest = word[...]
        while let sign = rest.first, "^_=".contains(sign) {
            semitones += sign == "^" ? 1 : sign == "_" ? -1 : 0
            rest = rest.dropFirst()
        }
        guard rest.count == 1, let character = rest.first, let letter = NoteName.Letter(Character(character.uppercased())),
            abs(semitones) <= 2, word.first.map({ "^_=".contains($0) }) == true
        else { return nil }
        return (semitones, letter)
    }
}

/// What is wrong with a field's value; the reader adds the place.
struct ABCFieldError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
