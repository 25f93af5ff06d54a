import JianpuCore

/// Builds one part from its words, holding the reading state the reference keeps per part:
/// key, base octave, sticky length, and open tuplets and repeats. Bar lengths are checked once the part is
/// built, on the written part (`WrittenBarCheck`).
struct PartBuilder {
    let location: SourceLocation
    var instrument: String?
    var sound: String?
    var lyrics: [String] = []
    /// Where each verse's `L:`/`H:` line is written, for what `check` says of it.
    var lyricLocations: [SourceLocation] = []
    /// Slurs and words for the printed score: they attach to the note written before them.
    var slurs: [Slur] = []
    var annotations: [Annotation] = []
    private var openSlurs: [SourceLocation] = []
    /// Fermatas, articulations, hairpins and rehearsal marks (`PerformerMarkReader`).
    var performer = PerformerMarkReader()
    private var lastNote: SourceLocation?
    /// Grace notes written since the last note: a slur opened after them starts on them (`g[5] ( 1 2 )`,
    /// `5 [67]g ( 1 2 )`), as in LilyPond, so the note after them still takes a syllable.
    var graceSinceLastNote: SourceLocation?

    var stack: [Frame] = [Frame(kind: .root, location: SourceLocation(file: "", line: 0, column: 0))]
    var tonic = 60
    var baseOctave = 0
    var keepLength = false
    /// A `\bar` was read: the quoted style after it is its own.
    var awaitsBarStyle = false
    var lastBeams = 0
    var octavesAfter: Bool? = nil
    var pendingArpeggio: Note.Arpeggio? = nil
    /// The part measured for `PerformanceLimits` by the bar check, once `finish` has run (nil when a group
    /// was left open: the check then walked the groups closed, not the part as built).
    var measure: PerformanceLimits.PartMeasure?
    /// Notes reported and left out after their time was read: the bar check still counts it.
    var droppedNotes: [WrittenBarCheck.DroppedNote] = []
    private var spellings = NoteSpellingCache()
    /// Groups opened past `PerformanceLimits.maximumNesting` (not kept, only counted to match
    /// their closing brackets), and where the first was opened.
    var excessNesting = 0
    var firstTooDeep: SourceLocation?

    /// A builder for a part of about `expectedItems` items (room is made for them at once).
    init(location: SourceLocation, expectedItems: Int = 0) {
        self.location = location
        stack[0].items.reserveCapacity(expectedItems)
    }

    struct Frame {
        enum Kind {
            case root
            case tuplet(count: Int, ratio: WholeNotes)
            case repeatBody(times: Int, counted: Bool)
            /// `A{ … | … }`: the endings read so far; `tie` when `~` joins the repeat to each ending.
            case endings(Repeat, done: [[MusicItem]], tie: SourceLocation?)
        }
        var kind: Kind
        var items: [MusicItem] = []
        var location: SourceLocation
        /// The product of the tuplet ratios of this frame and those around it.
        var tupletRatio = WholeNotes.whole
    }

    /// Opens a group; its notes are scaled by every tuplet around them. Past the nesting limit
    /// the group is only counted: every later walk of the tree may then recurse safely.
    mutating func push(_ frame: Frame) {
        guard stack.count <= PerformanceLimits.maximumNesting else {
            excessNesting += 1
            if firstTooDeep == nil { firstTooDeep = frame.location }
            return
        }
        var frame = frame
        frame.tupletRatio = tupletRatio
        if case .tuplet(_, let ratio) = frame.kind { frame.tupletRatio = tupletRatio * ratio }
        stack.append(frame)
    }

    mutating func append(_ item: consuming MusicItem) {
        stack[stack.count - 1].items.append(item)
    }

    /// Closes a group opened past the nesting limit, if one is open; true when it did.
    mutating func closeExcessGroup() -> Bool {
        guard excessNesting > 0 else { return false }
        excessNesting -= 1
        return true
    }

    mutating func finish(parser: inout ParseLog) -> Part {
        if let firstTooDeep {
            parser.error(firstTooDeep, "groups nested more than \(PerformanceLimits.maximumNesting) deep (tuplets, repeats, endings): expected fewer; close some with ] or }")
        }
        // Groups left open keep their items in written order, moved once (not once per level).
        for frame in stack.dropFirst().reversed() {
            switch frame.kind {
            case .tuplet: parser.error(frame.location, "unterminated tuplet: expected `]` to close it")
            case .repeatBody, .endings: parser.error(frame.location, "unterminated repeat: expected `}` to close it")
            case .root: break
            }
        }
        // LilyPond draws no slur that is never closed: said at the note it starts on.
        for start in openSlurs { parser.warning(start, "unclosed slur: the slur starting at this note has no `)` to end it") }
        checkBars(parser: &parser)
        if stack.count > 1 {
            let open = stack.dropFirst().flatMap(\.items)
            stack.removeLast(stack.count - 1)
            stack[0].items.append(contentsOf: open)
        }
        performer.finish()
        checkSyllables(stack[0].items, parser: &parser)
        var part = Part(instrument: instrument, sound: sound, items: stack[0].items, lyrics: lyrics, slurs: slurs, annotations: annotations, location: location)
        (part.marks, part.hairpins, part.rehearsalMarks) = (performer.marks, performer.hairpins, performer.rehearsalMarks)
        return part
    }

    /// Warns of a verse with more syllables than the part has notes to sing them on: the rest are never sung.
    private func checkSyllables(_ items: [MusicItem], parser: inout ParseLog) {
        guard !lyrics.isEmpty else { return }
        let sung = SungNoteCount(items, slurs: slurs).count
        for (verse, text) in lyrics.enumerated() {
            let syllables = LyricSyllables.syllables(text)
            guard syllables.count > sung, verse < lyricLocations.count else { continue }
            let unsung = syllables[sung...].compactMap { $0 }.prefix(3).map { "'\($0)'" }.joined(separator: " ")
            parser.warning(
                lyricLocations[verse],
                "verse \(verse + 1) has \(syllables.count) syllables for the \(sung) notes that sing: the last \(syllables.count - sung) are never sung"
                    + (unsung.isEmpty ? "" : " (from \(unsung))") + "; expected at most one syllable a struck note (a tie or a slur holds one over several)")
        }
    }

    /// Checks the bar lengths of the part as written, groups left open read as if closed where the part ends.
    /// The check's warnings about a note come before the parser's own about it, its others after them.
    private mutating func checkBars(parser: inout ParseLog) {
        var items = stack[0].items
        if stack.count > 1 {
            var inner: MusicItem? = nil
            for frame in stack.dropFirst().reversed() {
                let frameItems = frame.items + (inner.map { [$0] } ?? [])
                switch frame.kind {
                case .tuplet(let count, let ratio):
                    inner = .tuplet(Tuplet(count: count, ratio: ratio, items: frameItems, location: frame.location))
                case .repeatBody(let times, _):
                    // Never closed: no pass after the first is counted.
                    inner = .repeat(Repeat(times: times, body: frameItems, location: frame.location))
                case .endings(var repeated, let done, _):
                    repeated.endings = done + [frameItems]
                    inner = .repeat(repeated)
                case .root:
                    break
                }
            }
            if let inner { items.append(inner) }
        }
        let check = WrittenBarCheck(items, dropped: droppedNotes, partLocation: location)
        parser.diagnostics = check.leading + parser.diagnostics + check.trailing
        // With no group left open the check walked the part's own items: its measure is the part's.
        if stack.count == 1 { measure = check.measure }
    }

    // MARK: - Words

    /// Reads one word of music from its bytes.
    mutating func consume(_ word: UnsafeBufferPointer<UInt8>, at location: SourceLocation, parser: inout ParseLog) {
        // A note word the part has written before (most words) is taken as it was read, not classified and read again.
        if let key = NoteSpellingCache.key(of: word), let known = spellings.word(forKey: key) {
            awaitsBarStyle = false
            note(word, original: nil, known: known, at: location, parser: &parser)
            return
        }
        let kind = MusicWord.classify(word, at: location)
        // `\bar "||"`: jianpu-ly's bar-line style; the bar lines are the meter's, so its quoted style is no text.
        if awaitsBarStyle {
            awaitsBarStyle = false
            if case .printedMark(let text) = kind, text.hasPrefix("\"") { return }
        }
        if case .dynamic("bar") = kind {
            awaitsBarStyle = true
            return
        }
        switch kind {
        case .note: note(word, original: nil, at: location, parser: &parser)
        case .shiftedNote(let text): note(text, at: location, parser: &parser)
        case .barLine: barLine(at: location, parser: &parser)
        case .tie:
            append(.tie(location))
            pendingTie = location
        case .closeTuplet: closeTuplet(at: location, parser: &parser)
        case .closeBrace: closeBrace(at: location, parser: &parser)
        case .openTuplet(let count): openTuplet(of: count, at: location, parser: &parser)
        case .openRepeat(let times, let counted): openRepeat(times: times, counted: counted, at: location, parser: &parser)
        case .badRepeatCount(let times): parser.error(location, "repeat count \(times) out of range: expected 1 to 100")
        case .openEndings: openEndings(at: location, parser: &parser)
        case .jump(let kind): append(.jump(Jump(kind: kind, location: location)))
        case .flag(.keepLength): keepLength = true
        case .flag(.octavesBefore): octavesAfter = false
        case .flag(.octavesAfter): octavesAfter = true
        case .flag(.partMIDI): parser.separateMIDIPerPart = true
        case .flag(.ignored), .layout: break
        case .arpeggio(let kind): pendingArpeggio = kind
        case .dynamic(let name):
            if Dynamic.velocity(for: name) != nil {
                append(.dynamic(Dynamic(marking: name, location: location)))
                performer.dynamic()
            } else {
                _ = performer.command(name)
            }
        case .articulation(let articulation): performer.articulation(articulation)
        case .rehearsal(let label): performer.rehearsal(label)
        case .printedMark(let text): printedMark(text)
        case .tempo(let tempo): append(.tempo(tempo))
        case .badTempo(let text):
            parser.error(location, "'\(Self.shortened(text))' is not a tempo: expected a beat (1, 2, 4, 8 or 16, dotted or not) = beats per minute from 1 to 10000, such as 4=105")
        case .key(let text):
            if let key = KeyName.parse(text, at: location) {
                tonic = key.tonicMIDINumber
                append(.key(key))
            } else {
                parser.error(location, "unknown key '\(text)': expected 1= or 6= and a note name such as 1=Bb or 6=F#")
            }
        case .multibarRest(let text): multibarRest(text, at: location, parser: &parser)
        case .graceNotes(let body, let placement): graceNotes(body, placement: placement, at: location, parser: &parser)
        case .timeSignature(let text): timeSignature(text, at: location, parser: &parser)
        }
    }

    /// `(`, `)` and quoted words: nothing to play, but printed on the note written before them.
    private mutating func printedMark(_ text: String) {
        guard let note = lastNote ?? (text == "(" ? graceSinceLastNote : nil) else { return }
        switch text {
        case "(": openSlurs.append(graceSinceLastNote ?? note)
        case ")": if let start = openSlurs.popLast(), start != note { slurs.append(Slur(start: start, end: note)) }
        default:
            let words = text.drop { $0 == "^" || $0 == "_" }.trimmingCharacters(in: ["\""])
            if !words.isEmpty { annotations.append(Annotation(text: words, isAbove: !text.hasPrefix("_"), note: note)) }
        }
    }

    /// `3[`: the notes up to `]` share the time of two (and so on for other counts).
    private mutating func openTuplet(of count: Int, at location: SourceLocation, parser: inout ParseLog) {
        guard (1...64).contains(count) else { parser.error(location, "tuplet of \(count) notes out of range: expected 1 to 64"); return }
        push(Frame(kind: .tuplet(count: count, ratio: Tuplet.ratio(forCount: count)), location: location))
    }

    /// `|` ends a bar, or inside `A{ … }` one ending.
    private mutating func barLine(at location: SourceLocation, parser: inout ParseLog) {
        if case .endings(let repeated, var done, let tie) = stack[stack.count - 1].kind {
            // The frame lets go of its endings first, so that appending one does not copy them all.
            stack[stack.count - 1].kind = .root
            done.append(stack[stack.count - 1].items)
            stack[stack.count - 1].kind = .endings(repeated, done: done, tie: tie)
            stack[stack.count - 1].items = tie.map { [.tie($0)] } ?? []
        } else {
            append(.barLine(location))
        }
    }

    // MARK: - Notes

    /// Reads a note word that may hold base-octave shifts (`<`, `>`) and tremolo strokes (`///`).
    private mutating func note(_ original: String, at location: SourceLocation, parser: inout ParseLog) {
        var text = original
        if text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
            for character in text where character == "<" || character == ">" { baseOctave += character == ">" ? 1 : -1 }
            text.removeAll { $0 == "<" || $0 == ">" }
            if text.isEmpty { return }
        }
        if text.utf8.contains(UInt8(ascii: "/")) { text = text.replacing("///", with: "") }
        note(Array(text.utf8), original: original, at: location, parser: &parser)
    }

    /// The commands a mistyped word may have meant.
    static let commands = [
        "NextPart", "NextScore", "KeepLength", "OctavesBefore", "OctavesAfter", "PartMidi", "OnePage", "RepeatAccidentals",
        "NormalAccidentals", "KeepOctave", "ChordsRoman", "NoBarNums", "NoIndent", "RaggedLast", "SeparateTimesig",
        "WithStaff", "Fine", "Segno", "ToCoda", "Coda",
    ]

    /// Reads a note word's bytes; `original` is the word as written when it differs, nil when
    /// `looksLikeNote` has already accepted the bytes.
    private mutating func note<Bytes: Collection>(
        _ bytes: Bytes, original: String?, known: (word: NoteWord, spelling: UInt32)? = nil, at location: SourceLocation, parser: inout ParseLog
    )
    where Bytes.Element == UInt8 {
        let word: NoteWord
        do {
            if let known {
                word = known.word
            } else {
                word = try NoteWord(bytes, checked: original == nil)
                if original == nil { spellings.remember(word, of: bytes) }
            }
        } catch .beams(let letters) {
            parser.error(location, "'\(original ?? String(decoding: bytes, as: UTF8.self))' has length letters '\(letters)': expected one of c q s d h, or backslashes")
            return
        } catch {
            let word = original ?? String(decoding: bytes, as: UTF8.self)
            // A command with a letter or two wrong (`NextPArt`) is named; symbols alone never suggest one.
            let close = word.filter(\.isLetter).count >= 3 ? Wording.suggestions(for: word, among: Self.commands).filter { Wording.editDistance(word, $0) <= 2 } : []
            parser.error(location, "unrecognised word '\(Self.shortened(word))'\(Wording.didYouMean(close)): expected a note (0-7, x, -), a command or a header")
            return
        }
        // The word as written, for messages (made only when one is given).
        func written() -> String { original ?? String(decoding: bytes, as: UTF8.self) }
        let beams = word.beams ?? (keepLength ? lastBeams : 0)
        lastBeams = beams
        if beams > 8 || word.dots > 8 {
            parser.error(location, "'\(written())' is too short a note: expected at most 4 beams (h) and a few dots")
            return
        }
        let length = NoteWord.length(beams: beams, dots: word.dots)
        // Past here a note left out for an error still takes its time in the bar check.
        func drop() { droppedNotes.append(WrittenBarCheck.DroppedNote(location: location, length: length * tupletRatio)) }
        if word.isDash {
            append(.continuation(Continuation(length: length, location: location, width: original?.count ?? bytes.count)))
            performer.wrote(location)
            return
        }
        // The note's pitches: one by value (most notes, no list made), a chord's in a list.
        var single: Pitch?
        var chord: [Pitch] = []
        var chordNumber: UInt32?
        if word.isRest {
        } else if word.isChord {
            if word.restOrDashInChord {
                parser.error(location, "'\(written())' mixes a rest or dash into a chord: expected only figures 1-7")
                drop()
                return
            }
            if bytes.contains(UInt8(ascii: "x")) {
                parser.error(location, "'\(written())' puts a percussion beat (x) in a chord, which the reference refuses: write x and the figures as notes of their own")
                drop()
                return
            }
            let key = NoteSpellingCache.key(of: bytes)
            if let key, let known = knownChord(key) {
                // Read before in this key and reading, without a warning: the same pitches.
                (chord, chordNumber) = (known.pitches, known.number)
            } else {
                let (notes, ambiguous) = NoteWord.chordNotes(bytes, octavesAfter: octavesAfter)
                if ambiguous {
                    parser.warning(location, "ambiguous octave marks in chord '\(written())': read as belonging to the next figure; write OctavesBefore or OctavesAfter to say which")
                }
                var pitches = notes.map { Pitch(midiNumber: tonic + NoteWord.semitones(of: $0.figure) + $0.accidental + 12 * $0.octave) }
                pitches.sort()
                // A chord that names a pitch twice sounds it once, as in the reference's MIDI.
                for pitch in pitches where pitch != chord.last { chord.append(pitch) }
                var warned = ambiguous
                if let outside = chord.first(where: { !$0.isValidMIDI }) {
                    // A slip such as one comma too many: the note keeps its time, silent, and the rest plays.
                    parser.warning(location, "'\(Self.shortened(written()))' sounds at MIDI note \(outside.midiNumber), outside 0 to 127: it stays silent")
                    chord.removeAll { !$0.isValidMIDI }
                    warned = true
                }
                if let key, !warned, chord.count > 1 { chordNumber = remember(chord, key: key) }
            }
            if chord.count == 1 { (single, chord) = (chord[0], []) }
        } else {
            if word.octaveGroupCount > 1 {
                parser.error(location, "'\(written())' has more than one group of octave marks: expected one, such as 1'' or 1,,")
                drop()
                return
            }
            guard word.accidentalCount <= 1 else {
                parser.error(location, "'\(written())' has \(word.accidentalCount) accidentals: expected one # or b")
                drop()
                return
            }
            let accidental = word.accidental
            let octave = word.octave + baseOctave
            if abs(octave) > 3 {
                parser.warning(location, "'\(written())' is \(abs(octave)) octaves \(octave > 0 ? "up" : "down"): the reference accepts at most 3")
            }
            let midiNumber = tonic + NoteWord.semitones(of: word.figure) + accidental + 12 * octave
            if (0...127).contains(midiNumber) {
                single = Pitch(midiNumber: midiNumber)
            } else {
                parser.warning(location, "'\(Self.shortened(written()))' sounds at MIDI note \(Pitch(midiNumber: midiNumber).midiNumber), outside 0 to 127: it stays silent")
            }
        }
        let arpeggio = word.isChord ? pendingArpeggio : nil
        let spelling =
            arpeggio == nil && original == nil
            ? (known?.spelling ?? spellings.spelling(of: bytes))
            : Note.spelling(text: String(decoding: bytes, as: UTF8.self), arpeggio: arpeggio, width: original?.count ?? bytes.count)
        // A tie holds a pitch on: one to a note without any pitch of the note before is a slip (LilyPond draws none).
        if let tie = pendingTie {
            pendingTie = nil
            let sounds = single != nil || !chord.isEmpty
            let (lastPitch, lastChord) = (lastPitch, lastChord)
            let holds = { (pitch: Pitch) in lastPitch.map { $0 == pitch } ?? lastChord.contains(pitch) }
            if sounds, lastPitch != nil || !lastChord.isEmpty, !(single.map(holds) ?? chord.contains(where: holds)) {
                parser.warning(tie, "tie between different pitches: `~` holds a note on, so both notes sound; for different notes write a slur ( )")
            }
        }
        let sound: Note.Sound
        if let single {
            lastPitch = single
            if !lastChord.isEmpty { lastChord = [] }
            sound = .single(single)
        } else {
            lastPitch = nil
            lastChord = chord
            sound = chord.isEmpty ? .rest : .chord(chordNumber ?? self.chordNumber(of: chord))
        }
        append(.note(Note(sound: sound, length: length, spelling: spelling, location: location)))
        lastNote = location
        performer.wrote(location)
        graceSinceLastNote = nil
        pendingArpeggio = nil
    }

    /// The pitches of the last note written, and a `~` written since, for the tie check: a single pitch
    /// (`lastPitch`) is kept by value, so that a note costs no reference counting here; a chord's (or a
    /// rest's: none) in `lastChord`.
    private var lastPitch: Pitch?
    private var lastChord: [Pitch] = []
    private var pendingTie: SourceLocation?

    var tupletRatio: WholeNotes { stack[stack.count - 1].tupletRatio }

    /// The spellings of grace notes' figures `1`…`7`, numbered once per part rather than once per grace note.
    private var graceSpellings: [UInt32?] = Array(repeating: nil, count: 7)

    mutating func graceSpelling(of figure: UInt8) -> UInt32 {
        let index = Int(figure) - Int(UInt8(ascii: "1"))
        if let spelling = graceSpellings[index] { return spelling }
        let spelling = Note.spelling(text: String(UnicodeScalar(figure)), arpeggio: nil, width: 1)
        graceSpellings[index] = spelling
        return spelling
    }

    /// The chords met in the part and their numbers in `Note`'s shared table, so that a chord takes the
    /// table's lock only the first time the part writes it. Forgotten past a few thousand.
    private var chords: [[Pitch]: UInt32] = [:]

    private mutating func chordNumber(of pitches: [Pitch]) -> UInt32 {
        if let number = chords[pitches] { return number }
        if chords.count >= 4_096 { chords.removeAll(keepingCapacity: true) }
        let number = Note.chordNumber(of: pitches)
        chords[pitches] = number
        return number
    }

    /// Chord words read in the part with the key and octave reading they were read in, their pitches and
    /// their number: a chord written again (music repeats its chords) is not read again. Only chords read
    /// without a warning are kept, so a word found here says nothing.
    private struct ChordWord {
        var key: UInt64
        var tonic: Int
        var octavesAfter: Bool?
        var pitches: [Pitch]
        var number: UInt32
    }

    private var chordWords = [ChordWord?](repeating: nil, count: 64)

    private static func chordSlot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58) }

    /// The chord word with key `key` (`NoteSpellingCache.key(of:)`), read before in the present key and reading.
    private func knownChord(_ key: UInt64) -> ChordWord? {
        guard let known = chordWords[Self.chordSlot(key)], known.key == key, known.tonic == tonic, known.octavesAfter == octavesAfter else { return nil }
        return known
    }

    /// Keeps a chord word read in the present key and reading; its number.
    private mutating func remember(_ pitches: [Pitch], key: UInt64) -> UInt32 {
        let number = chordNumber(of: pitches)
        chordWords[Self.chordSlot(key)] = ChordWord(key: key, tonic: tonic, octavesAfter: octavesAfter, pitches: pitches, number: number)
        return number
    }

    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}
