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
        guard let key = Self.key(of: bytes) else { return shared() }
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54)
        if keys[slot] == key { return numbers[slot] }
        let number = shared()
        keys[slot] = key
        numbers[slot] = number
        return number
    }

    /// The key of a word of at most eight bytes, none of them zero: its bytes packed big-end first.
    @inline(__always)
    static func key<Bytes: Collection>(of bytes: Bytes) -> UInt64? where Bytes.Element == UInt8 {
        guard bytes.count <= 8 else { return nil }
        var key: UInt64 = 0
        for byte in bytes {
            guard byte != 0 else { return nil }
            key = key << 8 | UInt64(byte)
        }
        return key
    }

    // The note words themselves, read once: a part writes each of its few words many times, and a word
    // found here is neither classified nor read again (what it says does not depend on the part's state).
    private static let wordSlots = 256
    private var wordKeys = [UInt64](repeating: 0, count: wordSlots)
    private var words = [NoteWord?](repeating: nil, count: wordSlots)
    private var wordSpellings = [UInt32](repeating: 0, count: wordSlots)

    @inline(__always)
    private static func wordSlot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56) }

    /// The note word with key `key` (`key(of:)`) read before in the part, and its spelling with no arpeggio.
    @inline(__always)
    func word(forKey key: UInt64) -> (word: NoteWord, spelling: UInt32)? {
        let slot = Self.wordSlot(key)
        guard wordKeys[slot] == key, let word = words[slot] else { return nil }
        return (word, wordSpellings[slot])
    }

    /// Keeps `word`, read from `bytes` (a word `MusicWord` classifies as a note), for the next time it is written.
    mutating func remember<Bytes: Collection>(_ word: NoteWord, of bytes: Bytes) where Bytes.Element == UInt8 {
        guard let key = Self.key(of: bytes) else { return }
        let slot = Self.wordSlot(key)
        wordSpellings[slot] = spelling(of: bytes)
        words[slot] = word
        wordKeys[slot] = key
    }
}
