import JianpuCore

/// Reads the seed app's score data (`bjehp.plist`) into the same Score tree as jianpu text.
///
/// Each beat holds a melody value (`modulator`) or a list splitting the beat evenly
/// (`modulators`), and the same for the accompaniment (`mmodulator`, `mmodulators`).
/// Values: `1`…`7` degrees, `11`…`77` an octave up, `-1`…`-7` an octave down, `0` nothing
/// new (what sounds goes on). `interval` is seconds per beat; `hitCount`/`allCount` the meter.
public enum SeedPlist {
    /// Whether the text is the seed app's plist: a property list with `modulators` in it.
    static func looksLikeSeedPlist(_ text: String) -> Bool {
        PropertyList.looksLikePropertyList(text) && text.firstRange(of: "modulators") != nil
    }

    public static func parse(_ text: String, file: String) -> (score: Score?, diagnostics: [Diagnostic]) {
        let root: PropertyList
        switch PropertyList.parse(text, file: file) {
        case .success(let value): root = value
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        var diagnostics: [Diagnostic] = []
        guard case .array(let beats, _)? = root["modulators"] else {
            return (nil, [.error(at: root.location, "expected a top-level `modulators` list of beats")])
        }
        let start = root.location
        var header: [MusicItem] = []
        if let beatCount = root["hitCount"]?.stringValue.flatMap(Int.init), (1...64).contains(beatCount) {
            header.append(.timeSignature(TimeSignature(beats: beatCount, beatUnit: 4, location: root["hitCount"]?.location ?? start)))
        }
        if let interval = root["interval"]?.stringValue.flatMap(Double.init), interval > 0 {
            let bpm = Int(min(60 / interval, 10_000).rounded())
            header.append(.tempo(TempoMark(beat: .quarter, beatsPerMinute: max(1, min(bpm, 10_000)), location: root["interval"]?.location ?? start)))
        }
        var melody = header, accompaniment = header
        for beat in beats {
            melody.append(contentsOf: items(beat, single: "modulator", split: "modulators", length: .quarter, diagnostics: &diagnostics))
            accompaniment.append(contentsOf: items(beat, single: "mmodulator", split: "mmodulators", length: .quarter, diagnostics: &diagnostics))
        }
        let movement = Movement(
            headers: ["title": "bjehp"], parts: [Part(items: melody, location: start), Part(items: accompaniment, location: start)],
            location: start)
        diagnostics += PerformanceLimits.checked(Score(file: file, movements: [movement])).diagnostics
        return (diagnostics.contains { $0.severity == .error } ? nil : Score(file: file, movements: [movement]), diagnostics)
    }

    /// One beat (or part of one) for one voice: a note, a dash for `0`, or a group splitting the time.
    private static func items(
        _ beat: PropertyList, single: String, split: String, length: WholeNotes, diagnostics: inout [Diagnostic]
    ) -> [MusicItem] {
        if case .array(let parts, let location)? = beat[split], !parts.isEmpty {
            let each = length / Int64(parts.count)
            let children = parts.flatMap { items($0, single: single, split: split, length: each, diagnostics: &diagnostics) }
            return [.tuplet(Tuplet(count: parts.count, ratio: .whole, items: children, location: location))]
        }
        guard let value = beat[single] else {
            return [.continuation(Continuation(length: length, location: beat.location))]
        }
        guard let text = value.stringValue, let number = Int(text) else {
            diagnostics.append(.error(at: value.location, "expected a number for `\(single)`, such as 5, 55 or -5"))
            return []
        }
        if number == 0 { return [.continuation(Continuation(length: length, location: value.location))] }
        let digits = String(number.magnitude)
        guard let degree = digits.first.flatMap({ Int(String($0)) }), (1...7).contains(degree), digits.allSatisfy({ $0 == digits.first }) else {
            diagnostics.append(.error(at: value.location, "`\(text)` is not a note: expected 1-7, 11-77 (an octave up) or -1 to -7 (down)"))
            return []
        }
        let octave = number > 0 ? digits.count - 1 : -digits.count
        let pitch = Pitch(midiNumber: 60 + [0, 2, 4, 5, 7, 9, 11][degree - 1] + 12 * octave)
        return [.note(Note(pitches: [pitch], length: length, text: text, location: value.location))]
    }
}
