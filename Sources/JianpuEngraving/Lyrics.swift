/// A syllable sung on a note, and the verse (0-based) it belongs to.
struct SungSyllable {
    var verse: Int
    var text: String
}

/// Splitting a verse into the syllables sung one to a note.
enum Lyrics {
    /// The syllables of `verse`: words split at spaces, a trailing `-` joining a syllable to the
    /// next (printed as a hyphen), each CJK character a syllable of its own (punctuation after it
    /// stays with it), `_` a note left unsung.
    static func syllables(_ verse: String) -> [String?] {
        var result: [String?] = []
        for word in verse.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if word == "_" { result.append(nil); continue }
            var latin = ""
            var afterCJK = false
            for character in word {
                if character.isPunctuation, afterCJK, latin.isEmpty, let last = result.last, let text = last {
                    result[result.count - 1] = text + String(character)
                } else if character.unicodeScalars.allSatisfy({ Font.isCJK($0) }) {
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
}
