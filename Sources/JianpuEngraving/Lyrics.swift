import JianpuCore

/// A syllable sung on a note, and the verse (0-based) it belongs to.
struct SungSyllable {
    var verse: Int
    var text: String
}

/// Splitting a verse into the syllables sung one to a note (the rule lives in JianpuCore, shared with MusicXML export).
enum Lyrics {
    static func syllables(_ verse: String) -> [String?] { LyricSyllables.syllables(verse) }
}
