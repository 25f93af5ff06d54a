/// A spelled, octave-less note name: a letter and an accidental, e.g. `C#`, `Db`, `F##`.
///
/// Two names can sound the same (`C#` and `Db` are enharmonic) and still differ:
/// keys and chords keep their own spelling.
public struct NoteName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The seven note letters, in order from C.
    public enum Letter: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        case c, d, e, f, g, a, b

        /// The pitch class of the letter without accidental (C = 0 … B = 11).
        public var naturalPitchClass: Int { [0, 2, 4, 5, 7, 9, 11][rawValue] }

        /// The letter `steps` letters higher (negative: lower), wrapping around B→C.
        public func advanced(by steps: Int) -> Letter {
            Letter(rawValue: ((rawValue + steps) % 7 + 7) % 7) ?? .c
        }

        /// The capital letter.
        public var description: String { ["C", "D", "E", "F", "G", "A", "B"][rawValue] }

        /// Reads a letter, upper or lower case.
        public init?(_ character: Character) {
            guard let index = ["C", "D", "E", "F", "G", "A", "B"].firstIndex(of: String(character).uppercased())
            else { return nil }
            self.init(rawValue: index)
        }
    }

    /// The letter, C to B.
    public var letter: Letter
    /// The sharp or flat on the letter.
    public var accidental: Accidental

    /// The name of a letter with an accidental (natural unless given).
    public init(_ letter: Letter, _ accidental: Accidental = .natural) {
        self.letter = letter
        self.accidental = accidental
    }

    /// The pitch class this name sounds, 0 for C up to 11 for B (`Cb` is 11, `B#` is 0).
    public var pitchClass: Int { ((letter.naturalPitchClass + accidental.semitones) % 12 + 12) % 12 }

    /// `C#`, `Db`, `F##`, `Ebb`: the letter then the accidental in ASCII.
    public var description: String { "\(letter)\(accidental)" }

    /// `C♯`, `D♭`: the letter then the typeset accidental.
    public var symbol: String { "\(letter)\(accidental.symbol)" }

    /// Whether the two names sound the same pitch class.
    public func isEnharmonic(with other: NoteName) -> Bool { pitchClass == other.pitchClass }

    /// Reads a whole note name: a letter and at most two accidental signs of one direction
    /// (`C`, `C#`, `C♯`, `Db`, `D♭`, `F##`, `Fx`, `Ebb`). Surrounding spaces are ignored.
    public init?(_ text: some StringProtocol) {
        let trimmed = Substring(text).strippingWhitespace()
        guard let (name, rest) = NoteName.parsePrefix(of: trimmed), rest.isEmpty else { return nil }
        self = name
    }

    /// Reads a note name at the start of `text`, returning it and what follows it.
    ///
    /// Accidentals are read greedily (`BbMajor` is `Bb` then `Major`), at most a double sign.
    public static func parsePrefix(of text: Substring) -> (NoteName, rest: Substring)? {
        guard let first = text.first, let letter = Letter(first) else { return nil }
        var rest = text.dropFirst()
        var total = 0
        if rest.first == "♮" { rest = rest.dropFirst() }
        while let next = rest.first, let value = Accidental.signValue(next), value != 0 {
            // At most a double sign, all in one direction.
            let candidate = total + value
            if abs(candidate) > 2 || (total != 0 && value.signum() != total.signum()) { break }
            total = candidate
            rest = rest.dropFirst()
        }
        guard let accidental = Accidental(semitones: total) else { return nil }
        return (NoteName(letter, accidental), rest)
    }

    /// The name of `pitchClass` on `letter`, or nil when that needs more than a double accidental.
    public static func spelling(pitchClass: Int, on letter: Letter) -> NoteName? {
        var difference = ((pitchClass - letter.naturalPitchClass) % 12 + 12) % 12
        if difference > 6 { difference -= 12 }
        return Accidental(semitones: difference).map { NoteName(letter, $0) }
    }

    /// The name of `pitchClass` on `letter`, or, when that needs more than a double accidental,
    /// its usual sharp or flat name.
    static func spelling(pitchClass: Int, on letter: Letter, elsePreferringFlats preferringFlats: Bool) -> NoteName {
        spelling(pitchClass: pitchClass, on: letter) ?? commonSpelling(pitchClass: pitchClass, preferringFlats: preferringFlats)
    }

    /// The usual name of a pitch class: naturals as they are, black keys as sharps or flats.
    public static func commonSpelling(pitchClass: Int, preferringFlats: Bool) -> NoteName {
        let pc = (pitchClass % 12 + 12) % 12
        let sharps: [NoteName] = [
            .init(.c), .init(.c, .sharp), .init(.d), .init(.d, .sharp), .init(.e), .init(.f),
            .init(.f, .sharp), .init(.g), .init(.g, .sharp), .init(.a), .init(.a, .sharp), .init(.b),
        ]
        let flats: [NoteName] = [
            .init(.c), .init(.d, .flat), .init(.d), .init(.e, .flat), .init(.e), .init(.f),
            .init(.g, .flat), .init(.g), .init(.a, .flat), .init(.a), .init(.b, .flat), .init(.b),
        ]
        return preferringFlats ? flats[pc] : sharps[pc]
    }

    /// The name used without a key: C, C#, D, Eb, E, F, F#, G, Ab, A, Bb, B.
    public static func defaultSpelling(pitchClass: Int) -> NoteName {
        let pc = (pitchClass % 12 + 12) % 12
        return commonSpelling(pitchClass: pc, preferringFlats: [3, 8, 10].contains(pc))
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func strippingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result = result.dropFirst() }
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return result
    }
}
