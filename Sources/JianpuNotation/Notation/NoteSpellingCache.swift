import JianpuCore

/// The spellings of the note words read in a part, so that a note's spelling is found, not made.
///
/// A score spells its notes a few dozen ways (`q1`, `5.`, `s3'`), so a small direct-mapped
/// table of the short spellings, keyed by their bytes packed in an integer, almost always holds
/// the spelling's number already; asking the shared table (a lock and a string) would cost
/// more than the rest of the note. Each part has its own, so parts read side by side do not
/// contend for the lock.
struct NoteSpellingCache {
    private static let slots = 1024
    /// A spelling's bytes packed big-end first: no byte is zero, so spellings of different
    /// lengths never share a key, and 0 marks an empty slot.
    private var keys = [UInt64](repeating: 0, count: slots)
    private var numbers = [UInt32](repeating: 0, count: slots)

    /// The number of the spelling `bytes` as written, as wide as it is, with no arpeggio.
    mutating func spelling<Bytes: Collection>(of bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        func shared() -> UInt32 { Note.spelling(text: String(decoding: bytes, as: UTF8.self), arpeggio: nil, width: bytes.count) }
        guard bytes.count <= 8 else { return shared() }
        var key: UInt64 = 0
        for byte in bytes {
            guard byte != 0 else { return shared() }
            key = key << 8 | UInt64(byte)
        }
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
        if keys[slot] == key { return numbers[slot] }
        let number = shared()
        keys[slot] = key
        numbers[slot] = number
        return number
    }
}
