import JianpuCore

/// Reads one MusicXML `<part>`: its measures, and in them the notes of every voice on every staff.
///
/// Time is counted in `divisions` per quarter note and moved back and forth by `<backup>` and
/// `<forward>`; each note is kept with its onset under its voice, so that a staff with two voices,
/// or the two staves of a piano, become imported parts of their own (`parts()`), each filled with
/// rests where its voice is silent.
struct MusicXMLPartReader {
    let name: String
    let midiProgram: Int?
    private(set) var warnings: [ImportWarning] = []

    /// What every voice of the part shares, bar by bar (key, meter, repeats...), with empty events.
    var frames: [ImportedMeasure] = []
    /// For each bar, each voice's events with their onsets in the bar.
    var voiceBars: [[String: [(onset: WholeNotes, event: ImportedEvent)]]] = []
    /// Each voice's staff (the first it is written on), by voice, and the order voices appear in.
    var staffOfVoice: [String: Int] = [:]
    var voiceOrder: [String] = []

    // The state `<attributes>` set, carried from bar to bar.
    var divisions: Int64 = 1
    var key = ImportedKey(fifths: 0)
    var meter = ImportedMeter(beats: 4, beatType: 4)
    var transposeSemitones = 0
    /// The lyric `number` attributes met so far, in order: verse n is the n-th met.
    var verseNumbers: [String] = []
    /// The ending (volta) begun in an earlier bar and not yet stopped: the bars between belong to it.
    var openEnding: ImportedEnding?
    /// Set by a bar line's `<ending type="stop">` or `discontinue` in the bar being read.
    var endingStops = false
    /// Slurs begun and not yet ended, by voice: a slur often ends in a later bar than it starts in.
    var openSlurs: [String: Int] = [:]
    /// Pitched notes with `print-object="no"` met, left out.
    var notesNotPrinted = 0
    /// A forward repeat sign read and no backward one since: the passage it opens is still open.
    var repeatOpen = false
    /// A forward repeat sign on a bar's right-hand bar line: the repeat starts with the next bar.
    var repeatStartsNextBar = false

    /// Voices of one part made into parts at most, and verses of lyrics kept at most.
    static let maximumVoices = 32
    static let maximumVerses = 50
    var droppedVoices = false
    var droppedVerses = false

    init(name: String, midiProgram: Int?) {
        self.name = name
        self.midiProgram = midiProgram
    }

    mutating func warn(_ place: String, _ message: String) {
        warnings.append(ImportWarning(place: place, message: message))
    }

    mutating func read(_ part: MusicXMLElement) {
        for (index, measure) in part.children("measure").enumerated() {
            readMeasure(measure, index: index)
        }
        if notesNotPrinted > 0 {
            warn(
                "part \(name)",
                "\(notesNotPrinted) note\(notesNotPrinted == 1 ? "" : "s") the source does not print (print-object=\"no\", a trill or tremolo written out for playback) left out: the text prints every note it has"
            )
        }
    }

    /// One imported part per staff, and one more for each voice that cannot join its staff's first voice.
    ///
    /// A staff's other voices become chords of its first voice in every bar where they share its rhythm
    /// (a chorale's soprano and alto on one staff); a voice is a row of its own only for the bars where it
    /// moves apart, and no row at all when that is nowhere. The staves of one instrument share its name,
    /// so that the page labels them once and braces them.
    func parts() -> [ImportedPart] {
        let voices =
            voiceOrder.isEmpty
            ? ["1"]
            : voiceOrder.sorted { a, b in
                let (sa, sb) = (staffOfVoice[a] ?? 1, staffOfVoice[b] ?? 1)
                if sa != sb { return sa < sb }
                return (Int(a) ?? 0, a) < (Int(b) ?? 0, b)
            }
        func measures(of voice: String, label: String) -> [ImportedMeasure] {
            var measures: [ImportedMeasure] = []
            measures.reserveCapacity(frames.count)
            for (index, frame) in frames.enumerated() {
                var measure = frame
                measure.events = Self.filled(voiceBars[index][voice] ?? [], length: frame.length, place: "measure \(frame.label), part \(label)")
                measures.append(measure)
            }
            return measures
        }
        var result: [ImportedPart] = []
        for staff in Set(voices.map { staffOfVoice[$0] ?? 1 }).sorted() {
            let onStaff = voices.filter { (staffOfVoice[$0] ?? 1) == staff }
            var base = measures(of: onStaff[0], label: name)
            var apart: [ImportedPart] = []
            for (number, voice) in onStaff.enumerated().dropFirst() {
                let label = "\(name), voice \(number + 1)"
                var own = measures(of: voice, label: label)
                var movesApart = false
                let merged = VoiceMerging.mergedBars(base.map(\.events), own.map(\.events))
                for bar in own.indices {
                    if let events = merged[bar] {
                        base[bar].events = events
                        own[bar].events = [ImportedEvent(length: own[bar].length, place: "measure \(own[bar].label), part \(label)")]
                    } else if own[bar].events.contains(where: { !$0.isRest }) {
                        movesApart = true
                    }
                }
                if movesApart { apart.append(ImportedPart(name: label, printedName: label, midiProgram: midiProgram, measures: Self.endingTies(own))) }
            }
            result.append(ImportedPart(name: name, printedName: name, midiProgram: midiProgram, measures: Self.endingTies(base)))
            result.append(contentsOf: apart)
        }
        return result
    }

    /// The bars with each tie kept only where the next note of the voice ends it (`<tie type="stop"/>`
    /// on the same pitch): a tie that starts and never stops is not played, as notation programs read it.
    static func endingTies(_ measures: [ImportedMeasure]) -> [ImportedMeasure] {
        var measures = measures
        var previous: (bar: Int, event: Int)?
        for bar in measures.indices {
            for index in measures[bar].events.indices where !measures[bar].events[index].isGrace {
                if let (pb, pe) = previous {
                    let next = measures[bar].events[index].pitches
                    for p in measures[pb].events[pe].pitches.indices where measures[pb].events[pe].pitches[p].tiedToNext {
                        let pitch = measures[pb].events[pe].pitches[p].pitch
                        if !next.contains(where: { $0.pitch == pitch && $0.tiedFromPrevious }) {
                            measures[pb].events[pe].pitches[p].tiedToNext = false
                        }
                    }
                }
                previous = (bar, index)
            }
        }
        return measures
    }

    /// A voice's events in time order with rests in its gaps, filling the bar.
    static func filled(_ entries: [(onset: WholeNotes, event: ImportedEvent)], length: WholeNotes, place: String) -> [ImportedEvent] {
        var events: [ImportedEvent] = []
        var position = WholeNotes.zero
        let sorted = entries.enumerated().sorted { ($0.element.onset, $0.offset) < ($1.element.onset, $1.offset) }.map(\.element)
        for (onset, var event) in sorted {
            // A rest beyond the bar's end (a 1024th left over by a program's rounding) is no music.
            if event.isRest, !event.isGrace, onset + event.length > length {
                guard onset < length else { continue }
                event.length = length - onset
            }
            if position < onset {
                events.append(ImportedEvent(length: onset - position, place: place))
                position = onset
            }
            if onset < position {
                // A note written over the previous one in the same voice: sounded with it as a chord
                // when both start together, else dropped (the writer warns nothing; the reader did).
                if !event.isGrace, let last = events.lastIndex(where: { !$0.isGrace }), onset + event.length == position || events[last].length == event.length {
                    events[last].pitches.append(contentsOf: event.pitches.filter { !events[last].pitches.contains($0) })
                }
                continue
            }
            events.append(event)
            position += event.length
        }
        if position < length { events.append(ImportedEvent(length: length - position, place: place)) }
        return events
    }

    // MARK: - A measure

    private mutating func readMeasure(_ element: MusicXMLElement, index: Int) {
        let label = element.attributes["number"] ?? "\(index + 1)"
        let place = "measure \(label), part \(name)"
        var frame = ImportedMeasure(label: label, length: .zero)
        frame.startsRepeat = repeatStartsNextBar
        repeatStartsNextBar = false
        var bar: [String: [(onset: WholeNotes, event: ImportedEvent)]] = [:]
        var position = WholeNotes.zero
        var furthest = WholeNotes.zero
        let previousKey: ImportedKey? = index == 0 ? nil : key
        let previousMeter: ImportedMeter? = index == 0 ? nil : meter
        /// Marks waiting for the next note that starts at or after their onset (dynamics, tempo, chord symbols).
        var pending: [PendingMark] = []
        var lastEventOfVoice: [String: Int] = [:]
        var lastVoice: String?
        /// Where each voice's last note ends, counted by `<duration>` and by the notation.
        var voiceEnds: [String: (performed: WholeNotes, notated: WholeNotes)] = [:]
        /// Durations rounded to whole divisions miss the notated time by less than one; two cover any file,
        /// but never more than a demisemiquaver, where coarse divisions would swallow a real beat.
        var slack: WholeNotes { min(WholeNotes(2, 4 * max(divisions, 1)), WholeNotes(1, 32)) }

        func length(_ duration: Int) -> WholeNotes {
            WholeNotes(Int64(max(duration, 0)), 4 * max(divisions, 1))
        }

        for child in element.children {
            switch child.name {
            case "attributes":
                readAttributes(child, place: place, atStart: position == .zero)
            case "backup":
                let back = length(Self.duration(child))
                position = back > position ? .zero : position - back
            case "forward":
                position += length(Self.duration(child))
                furthest = max(furthest, position)
            case "direction":
                readDirection(child, at: position, frame: &frame, pending: &pending, place: place)
            case "harmony":
                if let symbol = Self.chordSymbol(child) {
                    let offset = length(child.integer("offset") ?? 0)
                    pending.append((position + offset, nil, { $0.chordSymbol = $0.chordSymbol ?? symbol }))
                }
            case "sound":
                readSound(child, at: position, frame: &frame, pending: &pending, atEnd: false)
            case "barline":
                readBarline(child, frame: &frame, place: place)
            case "print":
                if child.attributes["new-system"] == "yes" || child.attributes["new-page"] == "yes" { frame.startsSystem = true }
            case "note":
                let unprinted = child.attributes["print-object"] == "no" && !child.has("rest")
                if unprinted { notesNotPrinted += 1 }
                if child.has("cue") || unprinted {
                    // A cue note is silent (MusicXML plays none), but it takes its time in its voice. A note the
                    // source does not print is a playback device (a trill or a tremolo written out for the player):
                    // jianpu text prints every note it has, so it is left out the same way, and said.
                    if !child.has("chord") && !child.has("grace") {
                        position += length(Self.duration(child))
                        furthest = max(furthest, position)
                    }
                    continue
                }
                // A chord note without a voice of its own is in the voice of the note it joins.
                let voice = child.value("voice").flatMap { $0.isEmpty ? nil : $0 } ?? (child.has("chord") ? lastVoice : nil) ?? "1"
                lastVoice = voice
                let staff = child.integer("staff") ?? 1
                if staffOfVoice[voice] == nil && voiceOrder.count >= Self.maximumVoices {
                    // Each voice becomes a part as long as the score: a bound on what one file can make us write.
                    if !droppedVoices { warn(place, "more than \(Self.maximumVoices) voices in one part: the others are left out") }
                    droppedVoices = true
                    continue
                }
                if staffOfVoice[voice] == nil {
                    staffOfVoice[voice] = staff
                    voiceOrder.append(voice)
                }
                var (event, chord) = readNote(child, place: "\(place), line \(child.line)")
                let chordLast = chord ? lastEventOfVoice[voice] : nil
                if let last = chordLast, var entries = bar[voice] {
                    // A chord note: one more pitch of the voice's last event (its own duration is the same).
                    entries[last].event.pitches.append(contentsOf: event.pitches)
                    if event.isArpeggiated { entries[last].event.isArpeggiated = true }
                    for (verse, syllable) in event.lyrics.enumerated() where syllable != nil {
                        while entries[last].event.lyrics.count <= verse { entries[last].event.lyrics.append(nil) }
                        if entries[last].event.lyrics[verse] == nil { entries[last].event.lyrics[verse] = syllable }
                    }
                    entries[last].event.startsSlur = entries[last].event.startsSlur || event.startsSlur
                    entries[last].event.endsSlur = entries[last].event.endsSlur || event.endsSlur
                    bar[voice] = entries
                    continue
                }
                // Placed by `<duration>`, timed by the notation: a triplet quaver stored as 85 of 256 divisions
                // starts where the voice's previous note ends, and lasts exactly a third of a crotchet.
                let performed = length(Self.duration(child))
                var onset = Self.nearestNotatedOnset(position)
                if !event.isGrace, let end = voiceEnds[voice], Self.distance(position, end.performed) <= slack {
                    onset = end.notated
                }
                if event.isGrace {
                    // A `<chord/>` grace note after it joins it, not the main note before.
                    bar[voice, default: []].append((onset, event))
                    lastEventOfVoice[voice] = (bar[voice]?.count ?? 1) - 1
                    continue
                }
                if event.startsSlur { openSlurs[voice, default: 0] += 1 }
                if event.endsSlur {
                    if openSlurs[voice, default: 0] > 0 { openSlurs[voice, default: 0] -= 1 } else { event.endsSlur = false }
                }
                bar[voice, default: []].append((onset, event))
                lastEventOfVoice[voice] = bar[voice]!.count - 1
                position += performed
                furthest = max(furthest, position)
                voiceEnds[voice] = (position, onset + event.length)
            default:
                break
            }
        }
        // The bar's length: as far as its voices reach; an empty bar is a full one.
        frame.length = barLength(reachedByDuration: furthest, reachedByNotation: voiceEnds.values.map(\.notated).max() ?? .zero, slack: slack)
        for voice in bar.keys {
            guard var entries = bar[voice] else { continue }
            removeOverfillingDot(&entries, barLength: frame.length, place: place)
            bar[voice] = entries
        }
        if previousKey != key || index == 0 { frame.key = key }
        if previousMeter != meter || index == 0 { frame.meter = meter }
        // Marks go on the first note (or rest) starting at or after their place, in their voice if it has one.
        let firstVoice = voiceOrder.first { bar[$0] != nil } ?? "1"
        for mark in pending {
            let voice = mark.voice.flatMap { bar[$0] != nil ? $0 : nil } ?? firstVoice
            if mark.onset == .zero && bar[voice] == nil {
                // A mark on an empty bar: a rest carries it.
                bar[voice] = [(.zero, ImportedEvent(length: frame.length, place: place))]
            }
            guard var entries = bar[voice] else { continue }
            if let target = entries.firstIndex(where: { !$0.event.isGrace && $0.onset >= mark.onset })
                ?? entries.lastIndex(where: { !$0.event.isGrace })
            {
                mark.apply(&entries[target].event)
            }
            bar[voice] = entries
        }
        if let ending = frame.ending {
            openEnding = endingStops ? nil : ending
        } else if let openEnding {
            frame.ending = openEnding
            if endingStops { self.openEnding = nil }
        }
        endingStops = false
        if frame.startsRepeat { repeatOpen = true }
        if frame.endsRepeatPlayingTimes != nil { repeatOpen = false }
        if repeatStartsNextBar { repeatOpen = true }
        frames.append(frame)
        voiceBars.append(bar)
    }

    /// A `<duration>` in divisions: a whole number as MusicXML writes it, a decimal one rounded, never negative.
    static func duration(_ element: MusicXMLElement) -> Int {
        if let whole = element.integer("duration") { return max(0, min(whole, 1 << 40)) }
        guard let value = element.number("duration") else { return 0 }
        return Int(max(0, min(value.rounded(), Double(1 << 40))))
    }

    // MARK: - Attributes

    private mutating func readAttributes(_ element: MusicXMLElement, place: String, atStart: Bool) {
        if let value = element.integer("divisions") {
            if value > 0 && value <= 1_000_000 { divisions = Int64(value) } else { warn(place, "divisions \(value) is not a positive count: kept \(divisions)") }
        }
        if let keyElement = element.child("key") {
            if let fifths = keyElement.integer("fifths"), (-7...7).contains(fifths) {
                key = ImportedKey(
                    fifths: Self.concertFifths(fifths, transposedBy: transposeSemitones),
                    isMinor: keyElement.value("mode")?.lowercased() == "minor")
                if !atStart { warn(place, "a key change inside the bar: written at the start of the bar") }
            } else if keyElement.has("key-step") {
                warn(place, "a non-traditional key signature: written as C major, with the notes' own accidentals")
                key = ImportedKey(fifths: 0)
            }
        }
        if let time = element.child("time") {
            if time.has("senza-misura") {
                warn(place, "an unmeasured passage (senza misura): written in bars of the notes' own length")
            } else if let beatsText = time.value("beats"), let beatType = time.integer("beat-type"), beatType > 0, beatType <= 128 {
                // `3+2` beats: the sum, as the bar holds them all.
                // Each part held to 0...257 first: a sum of two huge counts would overflow.
                let beats = beatsText.split(separator: "+").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                    .map { min(max($0, 0), 257) }.reduce(0, +)
                if beats > 0 && beats <= 256 { meter = ImportedMeter(beats: beats, beatType: beatType) }
                if time.children("beats").count > 1 { warn(place, "a composite meter: written as its first part") }
            }
        }
        if let transpose = element.child("transpose") {
            // Held to four octaves each way before they are added: `12 * octaves` of a huge count would overflow.
            let chromatic = max(-48, min(48, transpose.integer("chromatic") ?? 0))
            let octaves = max(-4, min(4, transpose.integer("octave-change") ?? 0))
            let semitones = max(-48, min(48, chromatic + 12 * octaves))
            if semitones != transposeSemitones {
                // The written key was read before this: turn it to concert pitch too.
                let written = Self.writtenFifths(key.fifths, transposedBy: transposeSemitones)
                transposeSemitones = semitones
                key.fifths = Self.concertFifths(written, transposedBy: semitones)
            }
        }
        if let style = element.child("measure-style"), style.has("multiple-rest") {
            // The bars themselves are in the file; the writer gathers rests of whole bars as `R*n`.
        }
    }

    /// A written key signature moved by a transposing instrument's interval, as sounded.
    static func concertFifths(_ fifths: Int, transposedBy semitones: Int) -> Int {
        var delta = ((semitones * 7) % 12 + 12) % 12
        if delta > 6 { delta -= 12 }
        var result = fifths + delta
        if result > 7 { result -= 12 }
        if result < -7 { result += 12 }
        return result
    }

    static func writtenFifths(_ fifths: Int, transposedBy semitones: Int) -> Int {
        concertFifths(fifths, transposedBy: -semitones)
    }

    // MARK: - Notes

    /// The note as an event, and whether it is a `<chord/>` note joining the previous one.
    mutating func readNote(_ element: MusicXMLElement, place: String) -> (ImportedEvent, Bool) {
        let isChord = element.has("chord")
        let isGrace = element.has("grace")
        let duration = isGrace ? 0 : Self.duration(element)
        let performed = WholeNotes(Int64(duration), 4 * max(divisions, 1))
        let length = isGrace ? performed : notatedLength(element, performed: performed, place: place)
        var event = ImportedEvent(length: length, isGrace: isGrace, place: place)
        if isGrace {
            // A grace note's written value (jianpu writes `g[q1]` for a quaver grace); one that steals time from
            // the note before it ends that note (`[1]g`), as our export writes a grace after a note.
            event.graceValue = element.value("type").flatMap(Self.noteTypeLength)
            event.isGraceAfter = element.child("grace")?.attributes["steal-time-previous"] != nil
        }
        if let pitch = element.child("pitch") {
            if let sounding = readPitch(pitch, place: place) {
                let tied =
                    element.children("tie").contains { $0.attributes["type"] == "start" }
                    || element.child("notations")?.children("tied").contains { $0.attributes["type"] == "start" || $0.attributes["type"] == "continue" } == true
                var imported = sounding
                imported.tiedToNext = tied
                imported.tiedFromPrevious =
                    element.children("tie").contains { $0.attributes["type"] == "stop" }
                    || element.child("notations")?.children("tied").contains { $0.attributes["type"] == "stop" || $0.attributes["type"] == "continue" } == true
                event.pitches = [imported]
            }
        } else if let unpitched = element.child("unpitched") {
            warn(place, "an unpitched (percussion) note: written at its staff position")
            if let step = unpitched.value("display-step").flatMap({ $0.first }).flatMap(NoteName.Letter.init),
                let octave = unpitched.integer("display-octave"), (0...9).contains(octave)
            {
                event.pitches = [ImportedPitch(pitch: Pitch(midiNumber: 12 * (octave + 1) + step.naturalPitchClass))]
            }
        }
        if let modification = element.child("time-modification"),
            let actual = modification.integer("actual-notes"), let normal = modification.integer("normal-notes"),
            actual > 0, normal > 0, actual != normal, actual <= 64, normal <= 64
        {
            let bracket = element.child("notations")?.children("tuplet") ?? []
            event.tuplet = ImportedTuplet(
                actual: actual, normal: normal,
                isFirst: bracket.contains { $0.attributes["type"] == "start" },
                isLast: bracket.contains { $0.attributes["type"] == "stop" })
        }
        if let notations = element.child("notations") {
            for slur in notations.children("slur") {
                switch slur.attributes["type"] {
                case "start": event.startsSlur = true
                case "stop": event.endsSlur = true
                default: break
                }
            }
            if notations.has("arpeggiate") { event.isArpeggiated = true }
            event.marks.append(contentsOf: Self.performerMarks(notations))
            if let dynamics = notations.child("dynamics"), let mark = dynamics.children.first?.name {
                event.dynamic = mark == "other-dynamics" ? dynamics.children.first?.text : mark
            }
        }
        for lyric in element.children("lyric") {
            let number = lyric.attributes["number"] ?? lyric.attributes["name"] ?? "1"
            let verse: Int
            if let found = verseNumbers.firstIndex(of: number) {
                verse = found
            } else if verseNumbers.count >= Self.maximumVerses {
                if !droppedVerses { warn(place, "more than \(Self.maximumVerses) verses of lyrics: the others are left out") }
                droppedVerses = true
                continue
            } else {
                verseNumbers.append(number)
                verse = verseNumbers.count - 1
            }
            let text = lyric.children("text").map(\.text).joined(separator: lyric.has("elision") ? "‿" : "")
            guard !text.isEmpty || lyric.has("extend") else { continue }
            let joining = ImportedSyllable.Joining(rawValue: lyric.value("syllabic") ?? "single") ?? .single
            while event.lyrics.count <= verse { event.lyrics.append(nil) }
            if text.isEmpty { continue }
            event.lyrics[verse] = ImportedSyllable(text: text, joining: joining, extends: lyric.has("extend"))
        }
        return (event, isChord)
    }

    /// The sounding pitch of a `<pitch>`, with its written spelling when it sounds as written.
    private mutating func readPitch(_ element: MusicXMLElement, place: String) -> ImportedPitch? {
        guard let stepText = element.value("step"), let letterCharacter = stepText.first,
            let letter = NoteName.Letter(letterCharacter), let octave = element.integer("octave"), (-1...10).contains(octave)
        else {
            warn(place, "a pitch without a readable step and octave: left out")
            return nil
        }
        var alter = 0
        if let alterText = element.value("alter"), let value = Double(alterText), value.isFinite {
            let rounded = value.rounded()
            if rounded != value { warn(place, "a microtonal alteration (\(alterText)): rounded to \(Int(rounded)) semitones") }
            alter = Int(max(-2, min(2, rounded)))
        }
        let written = 12 * (octave + 1) + letter.naturalPitchClass + alter
        let sounding = written + transposeSemitones
        guard (0...127).contains(sounding) else {
            warn(place, "a pitch outside MIDI 0-127: left out")
            return nil
        }
        let spelling = transposeSemitones == 0 ? Accidental(semitones: alter).map { NoteName(letter, $0) } : nil
        return ImportedPitch(pitch: Pitch(midiNumber: sounding), spelling: spelling)
    }
}
