import JianpuCore
import JianpuNotation

/// Why a practice plan does not fit a score: a bar or part it does not have, or a loop too long.
public enum PracticeError: DescribedError, Hashable {
    /// Parts named that the score does not have (`there is no part flute`), and the parts it has.
    case unknownParts(problems: [String], partList: String)
    /// A loop's first bar is not a bar of the score, whose bars are `lowest` to `highest`.
    case noBarToLoopFrom(PrintedBarNumber, lowest: PrintedBarNumber, highest: PrintedBarNumber)
    /// A loop's last bar is not a bar of the score after its first.
    case noBarToLoopTo(PrintedBarNumber, after: PrintedBarNumber, lowest: PrintedBarNumber, highest: PrintedBarNumber)
    /// A passage played fewer than once or more often than a plan allows.
    case passesOutOfRange(Int)
    /// The passes would play more notes than a performance may hold.
    case tooManyNotes(passes: Int, first: PrintedBarNumber, last: PrintedBarNumber, notes: Int, maximum: Int)

    public var description: String {
        switch self {
        case let .unknownParts(problems, partList):
            "\(problems.joined(separator: "; ")): the parts are \(partList)"
        case let .noBarToLoopFrom(bar, lowest, highest):
            "there is no bar \(bar) to loop from: the score has bars \(lowest) to \(highest)"
        case let .noBarToLoopTo(bar, first, lowest, highest):
            "there is no bar \(bar) to loop to after bar \(first): the score has bars \(lowest) to \(highest)"
        case .passesOutOfRange(let passes):
            "a passage is played 1 to \(PracticePlan.maximumPasses) times, not \(passes)"
        case let .tooManyNotes(passes, first, last, notes, maximum):
            "\(passes) passes of bars \(first) to \(last) play \(notes) notes, more than \(maximum): loop fewer times"
        }
    }
}

extension Timeline {
    /// The performance a practice plan asks for: parts set, pitches and keys moved, the passage cut
    /// out and played `passes` times (each pass at its step of the tempo trainer), a count-in before
    /// it and a click through it. Bars keep their printed numbers; the time through counts the passes.
    ///
    /// - Throws: `PracticeError` for a bar or part the score does not have, or more notes than a performance may hold.
    public func practised(_ plan: PracticePlan) throws(PracticeError) -> Timeline {
        guard !plan.isEmpty else { return self }
        var result = self
        try result.applyPartSettings(plan.parts)
        result.transpose(by: plan.transposition)
        let passes = plan.tempoSteps?.tempos.count ?? plan.passes
        if plan.bars != nil || passes != 1 || plan.countInBars > 0 {
            result = try result.passage(plan.bars, passes: passes, tempos: plan.tempoSteps?.tempos, countInBars: plan.countInBars)
        }
        if plan.click || plan.countInBars > 0 {
            result.addClicks(throughMusic: plan.click, volume: plan.clickVolume)
        }
        return result
    }

    /// The part names a message lists: `1 melody (Flute), 2 Erhu, 3 Chords`.
    public var partList: String {
        parts.enumerated().map { index, part in
            let role = index == 0 ? "melody" : nil
            let label = [role, part.name].compactMap { $0 }.joined(separator: " ")
            return "\(index + 1) \(label.isEmpty ? "accompaniment" : label)"
        }.joined(separator: ", ")
    }

    // MARK: Parts

    private mutating func applyPartSettings(_ settings: [PartSetting]) throws(PracticeError) {
        guard !settings.isEmpty else { return }
        var volume = Array(repeating: 100, count: parts.count)
        var muted = Array(repeating: false, count: parts.count)
        var soloed = Array(repeating: false, count: parts.count)
        var problems: [String] = []
        for setting in settings {
            guard let indexes = setting.part.indexes(in: parts) else {
                problems.append("there is no part \(setting.part)")
                continue
            }
            for index in indexes {
                switch setting.change {
                case .mute: muted[index] = true
                case .solo: soloed[index] = true
                case .volume(let percent): volume[index] = percent
                case .program(let program):
                    parts[index].program = program
                    programChanges.removeAll { $0.part == index }
                }
            }
        }
        if !problems.isEmpty {
            throw .unknownParts(problems: problems, partList: partList)
        }
        let anySolo = soloed.contains(true)
        let silent = parts.indices.map { muted[$0] || (anySolo && !soloed[$0]) || volume[$0] == 0 }
        notes.removeAll { silent.indices.contains($0.part) && silent[$0.part] }
        if volume.contains(where: { $0 != 100 }) {
            for index in notes.indices where volume.indices.contains(notes[index].part) {
                let scaled = Int(notes[index].velocity) * volume[notes[index].part] / 100
                notes[index].velocity = UInt8(min(max(scaled, 1), 127))
            }
        }
    }

    // MARK: Transposition

    private mutating func transpose(by semitones: Int) {
        guard semitones != 0 else { return }
        for index in notes.indices where parts.indices.contains(notes[index].part) && parts[notes[index].part].channel != PartRole.percussionChannel {
            notes[index].pitch = notes[index].pitch + semitones
        }
        keys = keys.map { key in
            guard let moved = KeyTransposition.transposed(key.name, by: semitones) else { return key }
            return KeyChange(position: key.position, sharps: moved.sharps, isMinor: key.isMinor, name: moved.word)
        }
    }

    // MARK: The passage

    /// The bars of `range` (the first time through each end; all bars for nil) played `passes` times after `countInBars` bars of silence.
    private func passage(_ range: BarRange?, passes: Int, tempos: [Double]?, countInBars: Int) throws(PracticeError) -> Timeline {
        let lowest = bars.map(\.number).min() ?? 1, highest = PrintedBarNumber(max(printedBarCount, 1))
        var firstIndex = PlayedBarIndex(0), lastIndex = PlayedBarIndex(max(bars.count - 1, 0))
        if let range {
            guard let first = barIndex(printed: range.first) else {
                throw .noBarToLoopFrom(range.first, lowest: lowest, highest: highest)
            }
            // A last bar past the end is refused as a first bar past the end is (it was cut to the end in silence).
            guard range.last <= highest, let last = barIndex(printed: range.last), last >= first else {
                throw .noBarToLoopTo(range.last, after: range.first, lowest: lowest, highest: highest)
            }
            firstIndex = first
            lastIndex = last
        }
        guard passes >= 1, passes <= PracticePlan.maximumPasses else {
            throw .passesOutOfRange(passes)
        }
        let start = start(ofBarAt: firstIndex)
        let end = self.start(ofBarAt: lastIndex.advanced(by: 1))
        let span = end - start
        let inside = notes.filter { $0.onset >= start && $0.onset < end }
        let restsInside = rests.filter { $0.onset >= start && $0.onset < end }
        // A performance may hold as many notes as repeats may add to a score.
        guard inside.count * passes <= notes.count + PerformanceLimits.maximumAddedItems else {
            throw .tooManyNotes(
                passes: passes, first: bars[firstIndex].number, last: bars[lastIndex].number,
                notes: inside.count * passes, maximum: notes.count + PerformanceLimits.maximumAddedItems)
        }
        let meter = meters.last { $0.position <= start } ?? MeterChange(position: .zero, beats: 4, beatUnit: 4)
        let countIn = WholeNotes(Int64(meter.beats), Int64(max(meter.beatUnit, 1))) * Int64(countInBars)
        let tempoAtStart = tempoMap.changes.last { $0.position <= start } ?? TempoMap.Change(position: .zero, quarterNotesPerMinute: TempoMap.defaultQuarterNotesPerMinute)

        var result = self
        result.notes = []
        result.rests = []
        result.programChanges = []
        result.bars = []
        result.notes.reserveCapacity(inside.count * passes)
        var tempoChanges: [TempoMap.Change] = []
        let factor = { (pass: Int) in tempos.map { $0[min(pass, $0.count - 1)] / tempoAtStart.beatsPerMinute } ?? 1 }
        if countInBars > 0 {
            tempoChanges.append(TempoMap.Change(position: .zero, beat: tempoAtStart.beat, beatsPerMinute: tempoAtStart.beatsPerMinute * factor(0)))
            result.bars += (0..<countInBars).map { PlayedBar(start: WholeNotes(Int64(meter.beats), Int64(max(meter.beatUnit, 1))) * Int64($0), number: bars[firstIndex].number, pass: 0) }
        }
        let programsAtStart = parts.indices.compactMap { part in programChanges.last { $0.part == part && $0.position <= start } }
        result.meters = [MeterChange(position: .zero, beats: meter.beats, beatUnit: meter.beatUnit)]
        result.keys = (keys.last { $0.position <= start }).map { [KeyChange(position: .zero, sharps: $0.sharps, isMinor: $0.isMinor, name: $0.name)] } ?? []
        for pass in 0..<passes {
            let offset = countIn + span * Int64(pass)
            func moved(_ position: WholeNotes) -> WholeNotes { position - start + offset }
            for var note in inside {
                note.onset = moved(note.onset)
                note.duration = min(note.duration, end - (note.onset - offset + start))
                result.notes.append(note)
            }
            for var rest in restsInside {
                rest.onset = moved(rest.onset)
                rest.duration = min(rest.duration, end - (rest.onset - offset + start))
                result.rests.append(rest)
            }
            result.programChanges += programsAtStart.map { ProgramChange(position: offset, part: $0.part, program: $0.program) }
            result.programChanges += programChanges.filter { $0.position > start && $0.position < end }.map { ProgramChange(position: moved($0.position), part: $0.part, program: $0.program) }
            let scale = factor(pass)
            tempoChanges.append(TempoMap.Change(position: offset, beat: tempoAtStart.beat, beatsPerMinute: tempoAtStart.beatsPerMinute * scale))
            tempoChanges += tempoMap.changes.filter { $0.position > start && $0.position < end }
                .map { TempoMap.Change(position: moved($0.position), beat: $0.beat, beatsPerMinute: $0.beatsPerMinute * scale) }
            if pass > 0 || countInBars > 0 {
                result.meters.append(MeterChange(position: offset, beats: meter.beats, beatUnit: meter.beatUnit))
            }
            result.meters += meters.filter { $0.position > start && $0.position < end }.map { MeterChange(position: moved($0.position), beats: $0.beats, beatUnit: $0.beatUnit) }
            result.keys += keys.filter { $0.position > start && $0.position < end }.map { KeyChange(position: moved($0.position), sharps: $0.sharps, isMinor: $0.isMinor, name: $0.name) }
            result.bars += bars[firstIndex.value...lastIndex.value].map { PlayedBar(start: moved($0.start), number: $0.number) }
        }
        result.tempoMap = TempoMap(tempoChanges)
        result.length = countIn + span * Int64(passes)
        // The time through counts every pass: bar 5 the third time round the loop is `bar 5, 3rd time`.
        var seen: [PrintedBarNumber: Int] = [:]
        for index in result.bars.indices where result.bars[index].pass != 0 {
            seen[result.bars[index].number, default: 0] += 1
            result.bars[index].pass = seen[result.bars[index].number] ?? 1
        }
        result.notes.sort { ($0.onset, $0.part, $0.pitch) < ($1.onset, $1.part, $1.pitch) }
        return result
    }

    // MARK: The click

    /// The accented click (the first beat of a bar) and the others: General MIDI's high and low wood blocks.
    public static let clickKeys = (accent: Pitch(midiNumber: 76), beat: Pitch(midiNumber: 77))

    /// Adds the click part: every beat of the count-in bars, and of the music when `throughMusic`.
    private mutating func addClicks(throughMusic: Bool, volume: Int) {
        let part = parts.count
        parts.append(TimelinePart(name: PartRole.clickName, channel: PartRole.percussionChannel, program: 0))
        let loud = UInt8(min(max(127 * volume / 100, 1), 127))
        let soft = UInt8(min(max(Int(loud) * 3 / 4, 1), 127))
        var clicks: [TimedNote] = []
        for (index, bar) in bars.enumerated() where throughMusic || bar.isCountIn {
            let barEnd = index + 1 < bars.count ? bars[index + 1].start : length
            let meter = meters.last { $0.position <= bar.start } ?? MeterChange(position: .zero, beats: 4, beatUnit: 4)
            let beat = WholeNotes(1, Int64(max(meter.beatUnit, 1)))
            let full = beat * Int64(max(meter.beats, 1))
            // A short bar (a pickup) is the end of a full one: its clicks fall on the beats that end it.
            let downbeat = barEnd - full
            var beats = max(meter.beats, 1) - 1
            while beats >= 0 {
                let position = downbeat + beat * Int64(beats)
                beats -= 1
                guard position >= bar.start else { break }
                let accent = position == downbeat
                clicks.append(
                    TimedNote(
                        onset: position, duration: min(beat, WholeNotes(1, 16)), pitch: accent ? Self.clickKeys.accent : Self.clickKeys.beat,
                        velocity: accent ? loud : soft, part: part))
            }
        }
        notes += clicks
        notes.sort { ($0.onset, $0.part, $0.pitch) < ($1.onset, $1.part, $1.pitch) }
    }
}

extension PlayedBar {
    /// Whether the bar is a count-in before the music (`pass` 0), not a bar of the score.
    public var isCountIn: Bool { pass == 0 }
}
