import JianpuCore

/// A part's chord symbols as a `chords=` line in LilyPond chord mode (`s4 g2:7 c4`), each held to the next.
enum JianpuChordLine {
    /// Chord-mode modifiers for the standard formulas, by their numbers (1 the root, in semitones + 1).
    static let modifiers: [[Int]: String] = [
        [1, 5, 8]: "", [1, 4, 8]: "m", [1, 4, 7]: "dim", [1, 5, 9]: "aug", [1, 5, 8, 11]: "7", [1, 5, 8, 12]: "maj7",
        [1, 4, 8, 11]: "m7", [1, 4, 7, 11]: "m7.5-", [1, 4, 7, 10]: "dim7", [1, 3, 8]: "sus2", [1, 6, 8]: "sus4",
        [1, 4, 8, 12]: "m7+", [1, 5, 9, 11]: "aug7", [1, 5, 8, 10]: "6", [1, 4, 8, 10]: "m6", [1, 6, 8, 11]: "7sus4",
        [1, 5, 8, 15]: "5.9", [1, 4, 8, 15]: "m5.9", [1, 5, 8, 11, 15]: "9", [1, 5, 8, 12, 15]: "maj9",
        [1, 4, 8, 11, 15]: "m9", [1, 8]: "1.5", [1, 5, 9, 12]: "maj7.5+",
    ]

    /// The line's text, and the symbols that could not be written; with `breaks` (the onsets where the music's
    /// lines start) it is broken there too, a line of chords for each line of music, a chord held across a
    /// break written again after it.
    static func text(_ symbols: [(onset: WholeNotes, symbol: String)], end: WholeNotes, breaks: [WholeNotes] = []) -> (text: String, unread: [String]) {
        var words: [String] = []
        var unread: [String] = []
        var position = WholeNotes.zero
        var readable: [(onset: WholeNotes, word: String)] = []
        for (onset, symbol) in symbols {
            guard let word = chordModeWord(symbol) else { unread.append(symbol); continue }
            if let last = readable.last, last.onset == onset { readable[readable.count - 1] = (onset, word) } else { readable.append((onset, word)) }
        }
        var pendingBreaks = breaks.filter { $0 > .zero }.sorted()[...]
        /// Words for `word` (`s@` a skip) from `position` to `target`, with a line break at each break between.
        func span(_ word: String, to target: WholeNotes) {
            while position < target {
                while let next = pendingBreaks.first, next <= position {
                    if next == position, !words.isEmpty, words.last != "\n" { words.append("\n") }
                    pendingBreaks.removeFirst()
                }
                let stop = pendingBreaks.first.map { min($0, target) } ?? target
                for duration in durations(stop - position) { words.append(word.replacingOccurrences(of: "@", with: duration)) }
                position = stop
            }
        }
        for (index, chord) in readable.enumerated() {
            if position < chord.onset { span("s@", to: chord.onset) }
            let next = index + 1 < readable.count ? readable[index + 1].onset : max(end, chord.onset)
            span(chord.word, to: next)
        }
        return (words.joined(separator: " ").replacingOccurrences(of: " \n ", with: "\n"), unread)
    }

    /// `g@:7` (`@` where the duration goes) for a chord symbol, nil when it has no chord-mode name.
    static func chordModeWord(_ symbol: String) -> String? {
        guard let chord = Chord(symbol: symbol), let modifier = modifiers[chord.formula.numbers] else { return nil }
        var word = dutch(chord.root) + "@" + (modifier.isEmpty ? "" : ":" + modifier)
        if let bass = chord.bass { word += "/" + dutch(bass) }
        return word
    }

    static func dutch(_ name: NoteName) -> String {
        let letter = name.letter.description.lowercased()
        switch name.accidental {
        case .sharp: return letter + "is"
        case .doubleSharp: return letter + "isis"
        case .flat: return letter == "e" || letter == "a" ? letter + "s" : letter + "es"
        case .doubleFlat: return letter == "e" || letter == "a" ? letter + "ses" : letter + "eses"
        case .natural: return letter
        }
    }

    /// LilyPond durations (`1`, `2.`, `8`) adding up to `length`, longest first.
    static func durations(_ length: WholeNotes) -> [String] {
        var result: [String] = []
        var left = length
        let values: [(String, WholeNotes)] = [1, 2, 4, 8, 16, 32, 64].flatMap { d -> [(String, WholeNotes)] in
            let plain = WholeNotes(1, Int64(d))
            return [("\(d).", plain * WholeNotes(3, 2)), ("\(d)", plain)]
        }
        while left > .zero && result.count < 256 {
            guard let value = values.first(where: { $0.1 <= left }) else { break }
            result.append(value.0)
            left -= value.1
        }
        return result
    }
}
