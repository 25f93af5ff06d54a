import JianpuCore

/// A syllable sung on a note, the verse (0-based) it belongs to, and the verse's number when this is its first syllable.
struct SungSyllable {
    var verse: Int
    var text: String
    /// `1.`: printed before the verse's first syllable, as LilyPond prints a stanza number.
    var stanza: String? = nil
}
