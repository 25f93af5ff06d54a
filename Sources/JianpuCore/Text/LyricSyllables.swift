/// One verse as sung: its number, if written (`L: 1. Here is verse one`), and a syllable (or nil: a note
/// left unsung) for each note that takes one.
public struct LyricVerse: Sendable, Hashable {
    public var stanza: String?
    public var syllables: [String?]

    public init(stanza: String?, syllables: [String?]) {
        self.stanza = stanza
        self.syllables = syllables
    }
}

/// Splitting a verse of lyrics (`L:`/`H:`) into the syllables sung one to a note, as jianpu-ly hands them to
/// LilyPond: what the typeset page prints under the notes and what MusicXML export writes as `<lyric>`.
public enum LyricSyllables {
    /// The verse `text` as LilyPond reads it (an `H:` line after `hanziSpaced`): a leading `1.` (or full-width
    /// `1．`) is its number; words split at spaces (a `"quoted string"` is one word), a trailing `-` (or
    /// LilyPond's ` -- `) joining a syllable to the next (printed as a hyphen), `_` alone a note left unsung,
    /// `_` inside a word two syllables on one note (`们_的`), `__` an extender that takes no note, and
    /// LilyPond's `\skip` and `\repeat unfold N { \skip 1 }` notes skipped. Chinese written without spaces in
    /// an `L:` line is one syllable, as the reference sings it.
    public static func verse(_ text: String) -> LyricVerse {
        var words = self.words(text)
        var stanza: String?
        if let first = words.first, let number = stanzaNumber(first) {
            stanza = number.text
            if number.rest.isEmpty { words.removeFirst() } else { words[0] = number.rest }
        }
        var result: [String?] = []
        var index = 0
        appendWords(&words, from: &index, until: nil, into: &result)
        return LyricVerse(stanza: stanza, syllables: result)
    }

    /// The syllables of a verse (its number, if any, left out).
    public static func syllables(_ text: String) -> [String?] { verse(text).syllables }

    /// An `H:` line as jianpu-ly spaces it for LilyPond: a space before each Han character (U+3400–U+A6FF) or
    /// opening quote (‘ “ 《) that follows a Han character, so each is sung on a note of its own; other
    /// characters (punctuation, kana, Latin) stay with the character before them, and `_` joins the characters
    /// on either side onto one note (it never leaves a note unsung here). A leading verse number stays first.
    public static func hanziSpaced(_ line: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        var text = Substring(line).drop(while: isSpace)
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        var prefix = ""
        if let firstWord = text.split(separator: " ", maxSplits: 1).first, let number = stanzaNumber(String(firstWord)) {
            prefix = number.text + " "
            text = text.dropFirst(2).drop(while: isSpace)
        }
        var spaced = ""
        var needsSpace = false
        for character in text {
            let scalar = character.unicodeScalars.first?.value ?? 0
            let isHan = (0x3400..<0xA700).contains(scalar)
            let isOpeningQuote = character == "\u{2018}" || character == "\u{201C}" || character == "\u{300A}"
            if needsSpace, isHan || isOpeningQuote {
                if spaced.last.map(isSpace) != true { spaced.append(" ") }
                needsSpace = false
            }
            if isHan { needsSpace = true }
            if character == "_" {
                needsSpace = false
            } else if !(isSpace(character) && (spaced.last.map(isSpace) ?? true)) {
                // One space between words is all LilyPond reads.
                spaced.append(character)
            }
        }
        return prefix + spaced
    }

    /// The words of a verse: split at spaces, tabs and line ends (as LilyPond reads a lyric), each brace a word,
    /// a `"quoted string"` one word (its quotes dropped).
    ///
    /// Read as UTF-8 bytes: every separator is ASCII, and a multi-byte character never contains an ASCII byte, so
    /// no `Character` is made per letter. A separator is a separator even before a combining mark (`" \u{301}"`
    /// is one `Character`), as LilyPond's lexer and jianpu-ly's `split()` read it.
    private static func words(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { utf8 in
            var words: [String] = []
            var word: [UInt8] = []
            var quoted = false
            var inWord = false
            for byte in utf8 {
                if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                    inWord = true
                } else if !quoted, isSeparator(byte) {
                    if inWord { words.append(String(decoding: word, as: UTF8.self)) }
                    // A brace is a word of its own, as LilyPond reads it (`{\skip 1}`), never part of a syllable.
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { words.append(String(UnicodeScalar(byte))) }
                    word.removeAll(keepingCapacity: true)
                    inWord = false
                } else {
                    word.append(byte)
                    inWord = true
                }
            }
            if inWord { words.append(String(decoding: word, as: UTF8.self)) }
            return words
        }
    }

    /// A space, tab, line end or brace: what ends a word of a verse.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "{"), UInt8(ascii: "}"): true
        default: false
        }
    }

    /// `1.` or `1．` at the start of a verse, as jianpu-ly reads a verse number: one digit 1–9 and a dot.
    private static func stanzaNumber(_ word: String) -> (text: String, rest: String)? {
        let characters = Array(word)
        guard characters.count >= 2, let digit = characters[0].wholeNumberValue, (1...9).contains(digit),
            characters[1] == "." || characters[1] == "．"
        else { return nil }
        return ("\(digit).", String(characters.dropFirst(2)))
    }

    /// At most this many notes skipped by one `\repeat unfold`: a verse cannot make the layout loop for ever.
    public static let maximumUnfolded = 10_000

    private static func appendWords(_ words: inout [String], from index: inout Int, until closing: String?, into result: inout [String?]) {
        while index < words.count {
            let word = words[index]
            index += 1
            // Nearly every word is a plain syllable: one that starts with none of `{ } _ - \\` is no command.
            if let first = word.utf8.first, first != UInt8(ascii: "{"), first != UInt8(ascii: "}"), first != UInt8(ascii: "_"), first != UInt8(ascii: "-"),
                first != UInt8(ascii: "\\")
            {
                appendWord(word, into: &result)
                continue
            }
            if word == closing { return }
            switch word {
            case "{", "}":
                // Braces that group nothing repeated are not sung.
                continue
            case "_": result.append(nil)
            case "__": break
            case "--":
                if let last = result.last, let text = last, !text.hasSuffix("-") { result[result.count - 1] = text + "-" }
            case "\\skip":
                // `\skip 1`: the duration after it does not matter to lyrics sung to a melody.
                if index < words.count, words[index].first?.isNumber == true { index += 1 }
                result.append(nil)
            case "\\repeat":
                // `\repeat unfold N { … }`: the group N times.
                guard index + 2 < words.count, words[index] == "unfold", let times = Int(words[index + 1]), words[index + 2] == "{" else { continue }
                index += 3
                var group: [String?] = []
                appendWords(&words, from: &index, until: "}", into: &group)
                for _ in 0..<min(max(times, 0), maximumUnfolded / max(group.count, 1)) { result += group }
            case _ where word.hasPrefix("\\"):
                // Other LilyPond commands (`\set`, `\override`…) are not sung.
                continue
            default:
                appendWord(word, into: &result)
            }
        }
    }

    /// One written word; `_` inside it joins what is on either side onto one note.
    private static func appendWord(_ word: String, into result: inout [String?]) {
        guard word.utf8.contains(UInt8(ascii: "_")) else {
            // No `_`: the word is its one syllable (an empty word, which `words(_:)` never makes, is none).
            if !word.isEmpty { result.append(word) }
            return
        }
        let pieces = word.split(separator: "_", omittingEmptySubsequences: true).map(String.init)
        guard var joined = pieces.first else { return }
        for piece in pieces.dropFirst() {
            let bothCJK = joined.unicodeScalars.last.map(isCJK) == true && piece.unicodeScalars.first.map(isCJK) == true
            joined += (bothCJK ? "" : " ") + piece
        }
        result.append(joined)
    }

    /// Whether a character is CJK (ideographs, kana, hangul, full-width forms): a syllable of its own.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FFFF: true
        default: false
        }
    }
}
