/// Splitting a verse of lyrics (`L:`/`H:`) into the syllables sung one to a note: what the
/// typeset page prints under the notes and what MusicXML export writes as `<lyric>`.
public enum LyricSyllables {
    /// The syllables of `verse`: words split at spaces, a trailing `-` joining a syllable to the
    /// next (printed as a hyphen), each CJK character a syllable of its own (punctuation after it
    /// stays with it), `_` a note left unsung (nil).
    public static func syllables(_ verse: String) -> [String?] {
        var result: [String?] = []
        for word in verse.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if word == "_" { result.append(nil); continue }
            var latin = ""
            var afterCJK = false
            for character in word {
                if character.isPunctuation, afterCJK, latin.isEmpty, let last = result.last, let text = last {
                    result[result.count - 1] = text + String(character)
                } else if character.unicodeScalars.allSatisfy(isCJK) {
                    if !latin.isEmpty { result.append(latin); latin = "" }
                    result.append(String(character))
                    afterCJK = true
                } else {
                    latin.append(character)
                    afterCJK = false
                }
            }
            if !latin.isEmpty { result.append(latin) }
        }
        return result
    }

    /// Whether a character is CJK (ideographs, kana, hangul, full-width forms): a syllable of its own.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x2FFFF: true
        default: false
        }
    }
}
