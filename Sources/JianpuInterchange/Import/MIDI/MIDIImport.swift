import JianpuCore

/// Reads Standard MIDI Files (type 0 and 1) as notation: quantized to the simplest grid, barred by
/// the time signatures, one part per track (or per channel of a type 0 file) and per voice.
public enum MIDIImport {
    /// The most bars a score may reach (a note at the end of a huge delta time must not fill memory).
    public static let maximumMeasures = 20_000

    /// The score of a Standard MIDI File.
    /// - Parameters:
    ///   - file: the name to put in errors and warnings (`-` for standard input).
    ///   - melodyTrack: keeps only this track, counted from 0 as the file holds its track chunks; in a type 0
    ///     file, whose one track holds every channel, it is the channel (0–15).
    /// - Throws: `ImportError` at the byte offset where the file is broken or beyond what is read.
    public static func score(from bytes: [UInt8], file: String, melodyTrack: Int? = nil) throws(ImportError) -> ImportedScore {
        let contents = try MIDIFileContents(bytes: bytes, file: file)
        var warnings: [ImportWarning] = []
        if contents.isSMPTE { warnings.append(ImportWarning(place: "\(file):byte 12", message: "SMPTE time: read as 120 quarter notes a minute")) }
        var streams = MIDIStreams.collect(contents, file: file, warnings: &warnings)
        if let melodyTrack {
            let available = contents.format == 0 ? "channels" : "tracks"
            streams.streams = streams.streams.filter { (contents.format == 0 ? $0.channel : $0.track) == melodyTrack }
            guard !streams.streams.isEmpty else {
                // Counted from 1, as --melody counts them.
                let kind = contents.format == 0 ? "channel" : "track"
                let numbers = streams.withNotes.map { String($0 + 1) }
                let others =
                    numbers.isEmpty
                    ? "no \(available) have notes"
                    : numbers.count == 1
                        ? "the one \(kind) with notes is \(numbers[0])"
                        : "the \(available) with notes are \(numbers.dropLast().joined(separator: ", ")) and \(numbers[numbers.count - 1])"
                throw ImportError(file: file, place: "", message: "no notes in \(kind) \(melodyTrack + 1) (--melody \(melodyTrack + 1) counts \(available) from 1): \(others)")
            }
        }
        guard !streams.streams.isEmpty else { throw ImportError(file: file, place: "", message: "no notes to import (drums on channel 10 are skipped)") }

        // Bar lines, keys and tempos snap to a grid of their own; each track's notes to theirs.
        let conductor = MIDIQuantizer(
            ticksPerQuarter: contents.ticksPerQuarter,
            points: streams.meters.map(\.tick) + streams.keys.map(\.tick) + streams.tempos.map(\.tick))
        var voices: [(voice: MIDIVoice, quantizer: MIDIQuantizer)] = []
        for stream in streams.streams {
            let quantizer = MIDIQuantizer(ticksPerQuarter: contents.ticksPerQuarter, points: stream.notes.flatMap { [$0.start, $0.end] })
            voices += MIDIVoice.split(stream, quantizer: quantizer, warnings: &warnings, file: file).map { ($0, quantizer) }
        }
        let furthest = voices.flatMap(\.voice.chords).max { $0.end < $1.end }
        let meterChanges = streams.meters.map { (position: conductor.position($0.tick), meter: $0.meter) }
        let pickup = Self.pickup(meterChanges, voices: voices.map(\.voice), file: file, warnings: &warnings)
        let bars = MIDIBars(meters: meterChanges, end: furthest?.end ?? .whole, pickup: pickup)
        guard bars.starts.count <= maximumMeasures else {
            throw ImportError(
                file: file, place: "byte \(furthest?.offset ?? 0)",
                message: "a note reaching bar \(bars.starts.count): more than the \(maximumMeasures) bars read")
        }
        var keys = streams.keys
        if keys.first.map({ $0.tick > 0 }) ?? true { keys.insert((0, KeyFinder.key(durations: streams.pitchClassDurations)), at: 0) }
        var parts: [ImportedPart] = []
        for (index, (voice, quantizer)) in voices.enumerated() {
            var measures = voice.measures(bars: bars, quantizer: quantizer)
            for (tick, key) in keys {
                let bar = bars.index(at: conductor.position(tick))
                measures[bar].key = key
            }
            for (tick, tempo) in streams.tempos {
                let position = conductor.position(tick)
                let bar = bars.index(at: position)
                if bars.starts[bar] == position || bar == 0 {
                    measures[bar].tempo = tempo
                } else if index == 0 {
                    var at = bars.starts[bar]
                    for event in measures[bar].events.indices {
                        if at >= position { measures[bar].events[event].tempo = tempo; break }
                        at += measures[bar].events[event].length
                    }
                }
            }
            parts.append(ImportedPart(name: voice.name, printedName: voice.name, midiProgram: voice.program, measures: measures))
        }
        return ImportedScore(title: streams.title, parts: parts, warnings: warnings)
    }

    /// The pickup the music starts with, when the file keeps one meter from its start (meter changes later
    /// fix the bars themselves) and the notes' weight clearly falls a little after the file's bar lines.
    static func pickup(
        _ meters: [(position: WholeNotes, meter: ImportedMeter)], voices: [MIDIVoice], file: String,
        warnings: inout [ImportWarning]
    ) -> WholeNotes? {
        guard meters.allSatisfy({ $0.position == .zero }) else { return nil }
        let meter = meters.last?.meter ?? ImportedMeter(beats: 4, beatType: 4)
        let chords = voices.flatMap { $0.chords.map { (start: $0.start, end: $0.end, notes: $0.keys.count) } }
        guard let pickup = MIDIPickup.pickup(chords: chords, meter: meter) else { return nil }
        warnings.append(ImportWarning(place: file, message: "the music starts with a pickup of \(MIDIPickup.beatsText(pickup, meter: meter)): bars counted from there, where its strong notes fall"))
        return pickup
    }
}

/// The bars of an imported MIDI file: where each starts, its meter and its length.
struct MIDIBars {
    var starts: [WholeNotes] = []
    var lengths: [WholeNotes] = []
    var meters: [ImportedMeter] = []

    /// Bars of the meters in force (4/4 before any), from the start to `end`; a meter change inside a bar
    /// cuts it short there. A first meter lasting one short bar before the next meter is a pickup.
    /// A `pickup` is a short first bar of the first meter, the bars after it counted from its end.
    init(meters changes: [(position: WholeNotes, meter: ImportedMeter)], end: WholeNotes, pickup: WholeNotes? = nil) {
        var changes = changes.sorted { $0.position < $1.position }
        var meter = ImportedMeter(beats: 4, beatType: 4)
        while let first = changes.first, first.position == .zero { meter = first.meter; changes.removeFirst() }
        var position = WholeNotes.zero
        if let pickup, pickup > .zero, pickup < meter.barLength {
            starts.append(.zero)
            lengths.append(pickup)
            meters.append(meter)
            position = pickup
        }
        while position < end || starts.isEmpty {
            while let next = changes.first, next.position <= position { meter = next.meter; changes.removeFirst() }
            var length = meter.barLength
            if let next = changes.first, next.position < position + length { length = next.position - position }
            starts.append(position)
            lengths.append(length)
            meters.append(meter)
            position += length
            guard starts.count <= MIDIImport.maximumMeasures else { break }
        }
        // A pickup: one short bar, then the meter it belongs to.
        if meters.count > 1, lengths[0] == meters[0].barLength, lengths[0] < meters[1].barLength {
            meters[0] = meters[1]
        }
    }

    /// The bar holding `position`.
    func index(at position: WholeNotes) -> Int {
        max(starts.partitioningIndex { $0 > position } - 1, 0)
    }
}
