import JianpuCore
import JianpuNotation

/// A syllable sung on a note, the verse (0-based) it belongs to, and the verse's number when this is its first syllable.
public struct SungSyllable: Sendable, Hashable {
    /// The verse (0-based) the syllable is sung in.
    public var verse: Int
    /// The syllable as written (`__` and `_` already read as the reference reads them).
    public var text: String
    /// `1.`: printed before the verse's first syllable, as LilyPond prints a stanza number.
    public var stanza: String? = nil

    public init(verse: Int, text: String, stanza: String? = nil) {
        self.verse = verse
        self.text = text
        self.stanza = stanza
    }
}
