import JianpuCore

extension Score {
    /// The score in another key: every sounding pitch and every printed `1=` moved by `semitones`,
    /// the `chords=` symbols with them, the digits as written. A part with no key of its own gets
    /// the moved `1=C` at its start, so the page prints the key it sounds in.
    public func transposed(by semitones: Int) -> Score {
        guard semitones != 0 else { return self }
        var result = self
        for movement in result.movements.indices {
            for part in result.movements[movement].parts.indices {
                var items = Self.transposed(result.movements[movement].parts[part].items, by: semitones)
                if !Self.hasKey(items), let moved = KeyTransposition.transposed("1=C", by: semitones) {
                    let location = result.movements[movement].parts[part].location
                    items.insert(.key(KeySignature(text: moved.word, tonicMIDINumber: 60 + semitones, sharps: moved.sharps, isMinor: false, location: location)), at: 0)
                }
                result.movements[movement].parts[part].items = items
            }
            if let chords = result.movements[movement].headers["chords"] {
                let key = result.movements[movement].parts.lazy.compactMap { Self.firstKeySignature($0.items) }.first
                result.movements[movement].headers["chords"] = ChordTransposition.transposed(chords, by: semitones, flats: (key?.sharps ?? 0) < 0)
            }
        }
        return result
    }

    /// The first key the score prints (`1=C` when it prints none): what `--key` is counted from.
    public var writtenKey: String {
        for movement in movements {
            for part in movement.parts {
                if let key = Self.firstKey(part.items) { return key }
            }
        }
        return "1=C"
    }

    private static func firstKeySignature(_ items: [MusicItem]) -> KeySignature? {
        struct Finder: MusicWalker {
            var key: KeySignature?
            var isDone: Bool { key != nil }
            mutating func visitKey(_ key: KeySignature) { self.key = key }
        }
        var finder = Finder()
        finder.walk(items)
        return finder.key
    }

    private static func firstKey(_ items: [MusicItem]) -> String? { firstKeySignature(items)?.text }

    private static func hasKey(_ items: [MusicItem]) -> Bool { firstKeySignature(items) != nil }

    private static func transposed(_ items: [MusicItem], by semitones: Int) -> [MusicItem] {
        var transposer = Transposer(semitones: semitones)
        return transposer.rewrite(items)
    }
}

/// Moves every sounding pitch and every printed `1=` of a part by `semitones`.
private struct Transposer: MusicRewriter {
    let semitones: Int

    func rewriteNote(_ note: Note) -> MusicItem {
        var note = note
        note.pitches = note.pitches.map { $0 + semitones }
        return .note(note)
    }

    func rewriteGrace(_ grace: GraceNotes) -> MusicItem {
        var grace = grace
        for index in grace.notes.indices { grace.notes[index].pitches = grace.notes[index].pitches.map { $0 + semitones } }
        return .grace(grace)
    }

    func rewriteKey(_ key: KeySignature) -> MusicItem {
        guard let moved = KeyTransposition.transposed(key.text, by: semitones) else { return .key(key) }
        var key = key
        key.text = moved.word
        key.sharps = moved.sharps
        key.tonicMIDINumber += semitones
        return .key(key)
    }
}

/// `chords=` lines (LilyPond chord mode) moved to another key: each chord's root and bass, spelled
/// with sharps going up into a sharp key and flats into a flat one; durations and modifiers kept.
public enum ChordTransposition {
    private static let sharpNames = ["c", "cis", "d", "dis", "e", "f", "fis", "g", "gis", "a", "ais", "b"]
    private static let flatNames = ["c", "des", "d", "es", "e", "f", "ges", "g", "as", "a", "bes", "b"]

    /// The line with every chord word moved by `semitones`; rests, bar checks and unreadable words as written.
    /// `flats`: spell black keys as flats (the key moved to has flats), else as sharps.
    public static func transposed(_ line: String, by semitones: Int, flats: Bool) -> String {
        var result = ""
        var word = ""
        func flush() {
            result += Chord.parse(lilyPondChordMode: word) == nil ? word : moved(word, by: semitones, flats: flats)
            word = ""
        }
        for character in line {
            if character == " " || character == "\t" || character == "\n" {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }

    private static func moved(_ word: String, by semitones: Int, flats: Bool) -> String {
        guard let (root, rest) = Chord.dutchNoteName(Substring(word)) else { return word }
        var tail = String(rest)
        if let slash = tail.firstIndex(of: "/") {
            let bassText = tail[tail.index(after: slash)...]
            let plus = bassText.hasPrefix("+") ? "+" : ""
            if let (bass, after) = Chord.dutchNoteName(bassText.dropFirst(plus.count)) {
                tail = String(tail[..<slash]) + "/" + plus + name(bass.pitchClass + semitones, flats: flats) + after
            }
        }
        return name(root.pitchClass + semitones, flats: flats) + tail
    }

    private static func name(_ pitchClass: Int, flats: Bool) -> String {
        (flats ? flatNames : sharpNames)[(pitchClass % 12 + 12) % 12]
    }
}
