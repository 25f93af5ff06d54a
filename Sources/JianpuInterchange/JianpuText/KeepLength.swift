/// `KeepLength`: a note without a length letter keeps the last one written, so runs of quavers or
/// semiquavers lose their letters (`q1 2 3 4` instead of `q1 q2 q3 q4`).
///
/// Applied to a part's bar words after they are written, and kept only when it makes the text
/// shorter. A crotchet after shorter notes is written `c1`; a note and its dashes are always a
/// crotchet first, so a dash is a crotchet however a reader takes it.
enum KeepLength {
    /// The words with the letters KeepLength makes redundant removed, and `c` added where a crotchet follows shorter notes.
    static func shortened(_ bars: [[String]]) -> [[String]] {
        var last = 0
        return bars.map { words in
            words.map { word in
                guard let (beams, rest) = noteWord(word) else { return word }
                defer { last = beams }
                if beams == last { return rest }
                return (beams == 0 ? "c" : JianpuLengths.letter(beams)) + rest
            }
        }
    }

    /// The beams of a note or rest word (`q#4'.` is 1) and the word without its letter; nil for other words.
    static func noteWord(_ word: String) -> (Int, String)? {
        guard let first = word.first else { return nil }
        let letters: [Character: Int] = ["q": 1, "s": 2, "d": 3, "h": 4]
        let beams = letters[first] ?? 0
        let rest = beams > 0 ? String(word.dropFirst()) : word
        guard rest.contains(where: { ("0"..."7").contains($0) }),
            rest.allSatisfy({ ("0"..."7").contains($0) || "#b',.".contains($0) })
        else { return nil }
        return (beams, rest)
    }

    /// The number of characters the words take.
    static func size(_ bars: [[String]]) -> Int { bars.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count + 1 } } }
}
