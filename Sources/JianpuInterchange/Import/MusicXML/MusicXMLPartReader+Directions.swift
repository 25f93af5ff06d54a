import JianpuCore

/// Directions, sounds, bar lines and harmony: what a measure says besides its notes.
extension MusicXMLPartReader {
    typealias PendingMark = (onset: WholeNotes, voice: String?, apply: (inout ImportedEvent) -> Void)

    /// The dynamics jianpu text writes as `\p` and its kin.
    static let dynamicNames: Set<String> = [
        "ppppp", "pppp", "ppp", "pp", "p", "mp", "mf", "f", "ff", "fff", "ffff", "fffff",
        "fp", "sf", "sfz", "sff", "sffz", "sfp", "sfpp", "rfz", "rf", "fz", "pf", "sfzp",
    ]

    mutating func readDirection(
        _ element: MusicXMLElement, at position: WholeNotes, frame: inout ImportedMeasure,
        pending: inout [PendingMark], place: String
    ) {
        let voice = element.value("voice")
        let onset = position
        for type in element.children("direction-type") {
            for mark in type.children {
                switch mark.name {
                case "dynamics":
                    if let first = mark.children.first {
                        let name = first.name == "other-dynamics" ? first.text.trimmingCharacters(in: .whitespaces) : first.name
                        pending.append((onset, voice, { $0.dynamic = $0.dynamic ?? name }))
                    }
                case "metronome":
                    if let tempo = Self.metronome(mark) { setTempo(tempo, at: onset, frame: &frame, pending: &pending) }
                case "segno":
                    if onset == .zero { appendJump(.segno, atStart: true, frame: &frame) } else { appendJump(.segno, atStart: false, frame: &frame) }
                case "coda":
                    appendJump(.coda, atStart: onset == .zero, frame: &frame)
                case "words":
                    if let jump = Self.jump(inWords: mark.text) {
                        appendJump(jump, atStart: false, frame: &frame)
                    } else if let words = ImportedEvent.words(mark.text) {
                        let below = element.attributes["placement"] == "below"
                        pending.append((onset, voice, { below ? $0.wordsBelow.append(words) : $0.wordsAbove.append(words) }))
                    }
                case "wedge":
                    switch mark.attributes["type"] {
                    case "crescendo": pending.append((onset, voice, { $0.marks.append("\\<") }))
                    case "diminuendo": pending.append((onset, voice, { $0.marks.append("\\>") }))
                    case "stop": pending.append((onset, voice, { if !$0.marks.contains("\\!") { $0.marks.append("\\!") } }))
                    default: break
                    }
                case "rehearsal":
                    if let words = ImportedEvent.words(mark.text) { pending.append((onset, nil, { $0.rehearsal = $0.rehearsal ?? words })) }
                default:
                    break
                }
            }
        }
        if let sound = element.child("sound") {
            readSound(sound, at: onset, frame: &frame, pending: &pending, atEnd: false)
        }
    }

    /// A `<sound>`'s tempo and road-map attributes.
    mutating func readSound(
        _ sound: MusicXMLElement, at onset: WholeNotes, frame: inout ImportedMeasure,
        pending: inout [PendingMark], atEnd: Bool
    ) {
        if let text = sound.attributes["tempo"], let bpm = Double(text), bpm.isFinite, bpm > 0, bpm <= 1000 {
            setTempo(ImportedTempo(beat: .quarter, beatsPerMinute: bpm), at: onset, frame: &frame, pending: &pending)
        }
        if sound.attributes["dacapo"] == "yes" { appendJump(.daCapo, atStart: false, frame: &frame) }
        if sound.attributes["dalsegno"] != nil { appendJump(.dalSegno, atStart: false, frame: &frame) }
        if sound.attributes["tocoda"] != nil { appendJump(.toCoda, atStart: false, frame: &frame) }
        if sound.attributes["fine"] != nil { appendJump(.fine, atStart: false, frame: &frame) }
        if sound.attributes["segno"] != nil { appendJump(.segno, atStart: !atEnd && onset == .zero, frame: &frame) }
        if sound.attributes["coda"] != nil { appendJump(.coda, atStart: true, frame: &frame) }
    }

    private func appendJump(_ jump: ImportedJump, atStart: Bool, frame: inout ImportedMeasure) {
        switch jump {
        case .segno, .coda:
            if !frame.jumpsAtStart.contains(jump) { frame.jumpsAtStart.append(jump) }
        default:
            if !frame.jumpsAtEnd.contains(jump) { frame.jumpsAtEnd.append(jump) }
        }
    }

    /// A tempo at the bar's start is the bar's; one inside it goes on the note it starts on.
    private func setTempo(_ tempo: ImportedTempo, at onset: WholeNotes, frame: inout ImportedMeasure, pending: inout [PendingMark]) {
        if onset == .zero {
            // A metronome mark and a sound tempo often say the same thing: the marked beat wins.
            if frame.tempo == nil || tempo.beat != .quarter { frame.tempo = tempo }
        } else {
            pending.append((onset, nil, { $0.tempo = $0.tempo ?? tempo }))
        }
    }

    /// `<metronome>`: a beat unit (with dots) and a number per minute.
    static func metronome(_ element: MusicXMLElement) -> ImportedTempo? {
        guard let unit = element.value("beat-unit"), let perMinute = element.value("per-minute"),
            let bpm = Double(perMinute.filter { $0.isNumber || $0 == "." }), bpm.isFinite, bpm > 0, bpm <= 1000,
            var beat = noteTypeLength(unit)
        else { return nil }
        var add = beat
        for _ in element.children("beat-unit-dot") {
            add = add / 2
            beat += add
        }
        return ImportedTempo(beat: beat, beatsPerMinute: bpm)
    }

    /// The length of a MusicXML note type (`quarter`, `eighth`, `16th`...).
    static func noteTypeLength(_ type: String) -> WholeNotes? {
        switch type {
        case "maxima": WholeNotes(8)
        case "long": WholeNotes(4)
        case "breve": WholeNotes(2)
        case "whole": .whole
        case "half": WholeNotes(1, 2)
        case "quarter": .quarter
        case "eighth": WholeNotes(1, 8)
        case "16th": WholeNotes(1, 16)
        case "32nd": WholeNotes(1, 32)
        case "64th": WholeNotes(1, 64)
        case "128th": WholeNotes(1, 128)
        case "256th": WholeNotes(1, 256)
        default: nil
        }
    }

    /// The road-map instruction written in words (`D.C. al Fine`, `D.S.`, `Fine`, `To Coda`), if any.
    static func jump(inWords text: String) -> ImportedJump? {
        let words = text.lowercased().replacingOccurrences(of: " ", with: "")
        if words.hasPrefix("d.c.") || words.hasPrefix("dacapo") || words == "dc" { return .daCapo }
        if words.hasPrefix("d.s.") || words.hasPrefix("dalsegno") || words == "ds" { return .dalSegno }
        if words == "fine" { return .fine }
        if words.hasPrefix("tocoda") || words == "coda" && false { return .toCoda }
        return nil
    }

    mutating func readBarline(_ element: MusicXMLElement, frame: inout ImportedMeasure, place: String) {
        if let repeatSign = element.child("repeat") {
            if repeatSign.attributes["direction"] == "forward" {
                if element.attributes["location"] == "right" {
                    // A forward sign where a bar ends (as some exporters write `:|:`): the repeat starts with the
                    // next bar, and a repeat still open ends here, or its opening sign would mean nothing.
                    if repeatOpen || frame.startsRepeat { frame.endsRepeatPlayingTimes = frame.endsRepeatPlayingTimes ?? 2 }
                    repeatStartsNextBar = true
                } else {
                    frame.startsRepeat = true
                }
            } else if repeatSign.attributes["direction"] == "backward" {
                let times = repeatSign.attributes["times"].flatMap { Int($0) } ?? 2
                frame.endsRepeatPlayingTimes = max(2, min(times, 100))
            }
        }
        if let ending = element.child("ending") {
            let type = ending.attributes["type"] ?? "start"
            if type == "start" {
                let numbers = (ending.attributes["number"] ?? "")
                    .split(whereSeparator: { $0 == "," || $0 == " " })
                    .compactMap { Int($0) }
                    .filter { (1...100).contains($0) }
                if !numbers.isEmpty { frame.ending = ImportedEnding(numbers: numbers) }
            } else {
                endingStops = true
            }
        }
        if element.has("segno") { appendJump(.segno, atStart: true, frame: &frame) }
        if element.has("coda") { appendJump(.coda, atStart: true, frame: &frame) }
    }

    /// A `<harmony>` as a chord symbol (`F#m7`, `G/B`), nil for none (N.C.) or what cannot be read.
    static func chordSymbol(_ element: MusicXMLElement) -> String? {
        guard let root = element.child("root"), let step = root.value("root-step"), !step.isEmpty else { return nil }
        let kindElement = element.child("kind")
        let kind = kindElement?.text.trimmingCharacters(in: .whitespaces) ?? "major"
        guard kind != "none" else { return nil }
        func alter(_ value: String?) -> String {
            // A finite, small alteration only: Int(_:) of 1e308 or nan traps.
            switch value.flatMap({ Double($0) }).flatMap({ abs($0) <= 4 ? Int($0.rounded()) : nil }) ?? 0 {
            case 1: "#"
            case -1: "b"
            case 2: "##"
            case -2: "bb"
            default: ""
            }
        }
        let suffixes: [String: String] = [
            "major": "", "minor": "m", "augmented": "aug", "diminished": "dim", "dominant": "7",
            "major-seventh": "maj7", "minor-seventh": "m7", "diminished-seventh": "dim7", "augmented-seventh": "aug7",
            "half-diminished": "m7b5", "major-minor": "m(maj7)", "major-sixth": "6", "minor-sixth": "m6",
            "dominant-ninth": "9", "major-ninth": "maj9", "minor-ninth": "m9", "dominant-11th": "11", "major-11th": "maj11",
            "minor-11th": "m11", "dominant-13th": "13", "major-13th": "maj13", "minor-13th": "m13",
            "suspended-second": "sus2", "suspended-fourth": "sus4", "power": "5",
        ]
        var symbol = step.uppercased() + alter(root.value("root-alter")) + (suffixes[kind] ?? "")
        if let bass = element.child("bass"), let bassStep = bass.value("bass-step"), !bassStep.isEmpty {
            symbol += "/" + bassStep.uppercased() + alter(bass.value("bass-alter"))
        }
        return symbol
    }
}
