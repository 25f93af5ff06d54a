import JianpuCore

/// Where a `w:` line's syllables go: the notes and bar lines of the music line above it.
struct ABCLyricState {
    enum Slot: Equatable {
        case note(measure: Int, event: Int)
        case bar
    }

    /// The notes (not rests or grace notes) and bar lines of the current music line, in order.
    var slots: [Slot] = []
    /// The verse the next `w:` line fills: 0 after music, one more after each `w:`.
    var verse = 0
    /// Whether a `w:` line has been read since the music line.
    var sawWords = false
    /// Where a `+:` continuation goes on.
    var cursor = 0
    var hyphenPending = false

    /// A new music line: the next `w:` starts over with verse 1 on its notes.
    mutating func startMusicLine() {
        slots = []
        verse = 0
        sawWords = false
        cursor = 0
        hyphenPending = false
    }
}

/// One piece of a `w:` line.
enum ABCLyricToken: Equatable {
    /// A syllable; `hyphenAfter` when a `-` joins it to the next one.
    case syllable(String, hyphenAfter: Bool)
    /// `_`: the previous syllable is held over one more note.
    case hold
    /// `*`, or a `-` standing alone: one note without a syllable.
    case skip
    /// `|`: on to the next bar.
    case bar

    /// Splits a `w:` line as ABC 2.1 says: spaces and `-` end syllables, `~` is a space inside one, `\-` a hyphen.
    static func tokens(of text: Substring) -> [ABCLyricToken] {
        var tokens: [ABCLyricToken] = []
        var current = ""
        var hasCurrent = false
        var escaped = false
        func flush(hyphen: Bool) {
            if hasCurrent { tokens.append(.syllable(current, hyphenAfter: hyphen)) }
            current = ""
            hasCurrent = false
        }
        for character in text {
            if escaped {
                current.append(character)
                hasCurrent = true
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case " ", "\t": flush(hyphen: false)
            case "-":
                // After a space or another hyphen, a hyphen stands for a note of its own.
                if hasCurrent { flush(hyphen: true) } else { tokens.append(.skip) }
            case "_":
                flush(hyphen: false)
                tokens.append(.hold)
            case "*":
                flush(hyphen: false)
                tokens.append(.skip)
            case "|":
                flush(hyphen: false)
                tokens.append(.bar)
            case "~":
                current.append(" ")
                hasCurrent = true
            default:
                current.append(character)
                hasCurrent = true
            }
        }
        flush(hyphen: false)
        return tokens
    }
}

extension ABCVoice {
    /// Lays a `w:` line's syllables on the notes of the music line above, as verse `lyrics.verse`.
    /// - Returns: how many syllables found no note.
    mutating func addLyrics(_ text: Substring, continuing: Bool) -> Int {
        if !continuing {
            if lyrics.sawWords { lyrics.verse += 1 }
            lyrics.sawWords = true
            lyrics.cursor = 0
            lyrics.hyphenPending = false
        }
        var left = 0
        var lastPlaced: ImportedLyricPlace?
        for token in ABCLyricToken.tokens(of: text) {
            switch token {
            case .bar:
                while lyrics.cursor < lyrics.slots.count, lyrics.slots[lyrics.cursor] != .bar { lyrics.cursor += 1 }
                if lyrics.cursor < lyrics.slots.count { lyrics.cursor += 1 }
            case .skip, .hold, .syllable:
                guard let place = nextNote() else {
                    if case .syllable = token { left += 1 }
                    continue
                }
                switch token {
                case .syllable(let text, let hyphenAfter):
                    let joining: ImportedSyllable.Joining =
                        switch (lyrics.hyphenPending, hyphenAfter) {
                        case (false, false): .single
                        case (false, true): .begin
                        case (true, true): .middle
                        case (true, false): .end
                        }
                    setSyllable(ImportedSyllable(text: text, joining: joining), at: place)
                    lyrics.hyphenPending = hyphenAfter
                    lastPlaced = place
                case .hold:
                    if let lastPlaced { markExtends(at: lastPlaced) }
                default:
                    break
                }
            }
        }
        return left
    }

    private mutating func nextNote() -> ImportedLyricPlace? {
        while lyrics.cursor < lyrics.slots.count {
            let slot = lyrics.slots[lyrics.cursor]
            lyrics.cursor += 1
            if case .note(let measure, let event) = slot { return ImportedLyricPlace(measure: measure, event: event) }
        }
        return nil
    }

    private mutating func setSyllable(_ syllable: ImportedSyllable, at place: ImportedLyricPlace) {
        let verse = lyrics.verse
        withEvent(at: place) { event in
            while event.lyrics.count <= verse { event.lyrics.append(nil) }
            event.lyrics[verse] = syllable
        }
    }

    private mutating func markExtends(at place: ImportedLyricPlace) {
        let verse = lyrics.verse
        withEvent(at: place) { event in
            if event.lyrics.indices.contains(verse) { event.lyrics[verse]?.extends = true }
        }
    }

    private mutating func withEvent(at place: ImportedLyricPlace, _ body: (inout ImportedEvent) -> Void) {
        if place.measure == measures.count {
            if measure.events.indices.contains(place.event) { body(&measure.events[place.event]) }
        } else if measures.indices.contains(place.measure), measures[place.measure].events.indices.contains(place.event) {
            body(&measures[place.measure].events[place.event])
        }
    }
}

/// A note of a voice: its bar and its place in the bar.
struct ImportedLyricPlace {
    var measure: Int
    var event: Int
}
