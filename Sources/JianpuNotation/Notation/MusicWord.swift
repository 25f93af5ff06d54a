import JianpuCore

/// What a word of music is, decided once from its bytes: the part builder handles each kind in one place.
///
/// Notes, bar lines, ties and tuplet brackets (most words) are told from their bytes without
/// making a string; the rarer commands are read from the word's text.
enum MusicWord {
    /// A note, rest, dash or chord whose bytes `NoteWord` reads as they are.
    case note
    /// A note word with base-octave shifts (`<`, `>`) or tremolo strokes (`///`) to take out first.
    case shiftedNote(String)
    case barLine, tie, closeTuplet, closeBrace
    /// `3[`: a tuplet of that many notes opens.
    case openTuplet(count: Int)
    /// `R{` (`counted: false`, played twice) or `R3{`.
    case openRepeat(times: Int, counted: Bool)
    /// `R101{`: a repeat count out of range.
    case badRepeatCount(Int)
    case openEndings
    case jump(Jump.Kind)
    case flag(Flag)
    case arpeggio(Note.Arpeggio)
    /// `\p`, `^\f`: a dynamic by name (ignored when it is not a loudness).
    case dynamic(String)
    /// `staccato`, `-.`, `->`: an articulation on the note before it (the `\` forms come as `dynamic`).
    case articulation(Articulation)
    /// `letterA`, `letter3`: a rehearsal mark with its label.
    case rehearsal(String)
    /// Text, slurs, fingering and the like: read and ignored.
    case layout
    /// `(`, `)` and quoted words: silent, but printed on the note before them.
    case printedMark(String)
    case tempo(TempoMark)
    /// `12=60` and other words that look like a tempo but are not one.
    case badTempo(String)
    /// `1=Bb`, `6=F#` (read by `KeyName`).
    case key(String)
    case multibarRest(String)
    case graceNotes(String, GraceNotes.Placement)
    case timeSignature(String)

    /// The flags a word can set, and the words that only change layout.
    enum Flag { case keepLength, octavesBefore, octavesAfter, partMIDI, ignored }

    /// Classifies the bytes of a word written at `location`.
    static func classify(_ word: UnsafeBufferPointer<UInt8>, at location: SourceLocation) -> MusicWord {
        if let first = word.first, first != UInt8(ascii: "-") || word.count == 1, NoteWord.looksLikeNote(word) { return .note }
        if word.count == 2, word[1] == UInt8(ascii: "["), (49...57).contains(word[0]) { return .openTuplet(count: Int(word[0] - 48)) }
        if let grace = graceNotes(word) { return grace }
        if word.count == 1 {
            switch word[0] {
            case UInt8(ascii: "|"): return .barLine
            case UInt8(ascii: "~"): return .tie
            case UInt8(ascii: "]"): return .closeTuplet
            case UInt8(ascii: "}"): return .closeBrace
            default: break
            }
        }
        return classify(String(decoding: word, as: UTF8.self), at: location)
    }

    /// `g[…]` and `[…]g` told from their bytes when ASCII: no command has their shape, so the text classifier
    /// (whose many string comparisons cost more than reading the grace notes) would come to the same.
    private static func graceNotes(_ word: UnsafeBufferPointer<UInt8>) -> MusicWord? {
        guard word.count > 3, word.allSatisfy({ $0 < 0x80 }) else { return nil }
        let (first, last) = (word[0], word[word.count - 1])
        if first == UInt8(ascii: "g"), word[1] == UInt8(ascii: "["), last == UInt8(ascii: "]") {
            return .graceNotes(String(decoding: UnsafeBufferPointer(rebasing: word[2..<(word.count - 1)]), as: UTF8.self), .before)
        }
        if first == UInt8(ascii: "["), word[word.count - 2] == UInt8(ascii: "]"), last == UInt8(ascii: "g") {
            return .graceNotes(String(decoding: UnsafeBufferPointer(rebasing: word[1..<(word.count - 2)]), as: UTF8.self), .after)
        }
        return nil
    }

    private static func classify(_ text: String, at location: SourceLocation) -> MusicWord {
        if let flag = flags[text] { return .flag(flag) }
        switch text {
        case "arp", "arpUp", "arpDown": return Note.Arpeggio(rawValue: text).map(MusicWord.arpeggio) ?? .layout
        case "R{": return .openRepeat(times: 2, counted: false)
        case "A{": return .openEndings
        default: break
        }
        if let kind = Jump.Kind(rawValue: text) { return .jump(kind) }
        let first = text.utf8.first ?? 0
        if first == UInt8(ascii: "\\") || text.hasPrefix("^\\") || text.hasPrefix("_\\") {
            return .dynamic(String(text.drop { $0 == "\\" || $0 == "^" || $0 == "_" }))
        }
        if first == UInt8(ascii: "\"") || text.hasPrefix("^\"") || text.hasPrefix("_\"") || text == "(" || text == ")" {
            return .printedMark(text)
        }
        if text == "->" { return .articulation(.accent) }
        if text == "staccato" || text == "-." { return .articulation(.staccato) }
        if let label = RehearsalMark.label(of: text) { return .rehearsal(label) }
        if text == "[(" || text == ")]" || text.hasPrefix("Fr=") || text.hasPrefix("slide=") || text.hasPrefix("letter") && text.count > 6 {
            return .layout
        }
        if let tempo = PartBuilder.tempo(text, at: location) { return .tempo(tempo) }
        if text.hasPrefix("1=") || text.hasPrefix("6=") { return .key(text) }
        if (48...57).contains(first), text.utf8.contains(UInt8(ascii: "=")) { return .badTempo(text) }
        if text.hasPrefix("R*") { return .multibarRest(text) }
        if text.hasPrefix("R"), text.hasSuffix("{"), let times = Int(text.dropFirst().dropLast()) {
            return (1...100).contains(times) ? .openRepeat(times: times, counted: true) : .badRepeatCount(times)
        }
        if text.hasSuffix("["), let count = Int(text.dropLast()) { return .openTuplet(count: count) }
        if text.hasPrefix("g[") && text.hasSuffix("]") && text.count > 3 { return .graceNotes(String(text.dropFirst(2).dropLast()), .before) }
        if text.hasPrefix("[") && text.hasSuffix("]g") && text.count > 3 { return .graceNotes(String(text.dropFirst().dropLast(2)), .after) }
        if text.utf8.contains(UInt8(ascii: "/")), !text.hasSuffix("///") { return .timeSignature(text) }
        return .shiftedNote(text)
    }

    /// Words that only change layout (or nothing at all when playing) and the few flags that matter.
    private static let flags: [String: Flag] = {
        var words: [String: Flag] = ["KeepLength": .keepLength, "OctavesBefore": .octavesBefore, "OctavesAfter": .octavesAfter, "PartMidi": .partMIDI]
        for word in [
            "Harm:", ":Harm", "OnePage", "RepeatAccidentals", "NormalAccidentals", "KeepOctave", "ChordsRoman", "NoBarNums",
            "NoIndent", "RaggedLast", "SeparateTimesig", "angka", "Indonesian", "WithStaff", "slideUp", "slideDown", "glis", "gliss",
            "souyin", "harmonic", "up", "down", "bend", "tilde",
        ] { words[word] = .ignored }
        return words
    }()
}
