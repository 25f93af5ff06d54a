/// The texts of the note words read in a part, so that a note's `text` is found, not made.
///
/// A score spells its notes a few dozen ways (`q1`, `5.`, `s3'`), so a small direct-mapped
/// table of the short spellings, keyed by their bytes packed in an integer, almost always holds
/// the string already; making it again from the bytes would cost more than the rest of the note.
struct NoteTexts {
    private static let slots = 1024
    /// A spelling's bytes packed big-end first: no byte is zero, so spellings of different
    /// lengths never share a key, and 0 marks an empty slot.
    private var keys = [UInt64](repeating: 0, count: slots)
    private var texts = [String](repeating: "", count: slots)

    mutating func text<Bytes: Collection>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        guard bytes.count <= 8 else { return String(decoding: bytes, as: UTF8.self) }
        var key: UInt64 = 0
        for byte in bytes {
            guard byte != 0 else { return String(decoding: bytes, as: UTF8.self) }
            key = key << 8 | UInt64(byte)
        }
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
        if keys[slot] == key { return texts[slot] }
        let text = String(decoding: bytes, as: UTF8.self)
        keys[slot] = key
        texts[slot] = text
        return text
    }
}
