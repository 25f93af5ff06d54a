import JianpuCore

/// The performance the page plays, as data its synthesizer reads: every sounding note, the parts
/// and the bars, in seconds at the score's own tempo. It is the timeline `play` plays (and the
/// engraving's highlight follows), so the page's sound, highlight and the terminal agree.
public struct PagePerformance: Sendable {
    /// `[[onset, length, MIDI key, velocity, part], …]`, `{"name": …}` per part, bars, length: a JavaScript object literal.
    public let json: String

    /// The performance of `timeline`.
    public init(timeline: Timeline) {
        func n(_ value: Double) -> String { SVGWriter.n(value, places: 3) }
        let tempo = timeline.tempoMap
        var notes = "["
        var first = true
        for note in timeline.notes where note.pitch.isValidMIDI && timeline.parts.indices.contains(note.part) {
            let start = tempo.seconds(at: note.onset)
            notes += (first ? "" : ",") + "[\(n(start)),\(n(tempo.seconds(at: note.end) - start)),\(note.pitch.midiNumber),\(note.velocity),\(note.part)]"
            first = false
        }
        notes += "]"
        let parts = timeline.parts.enumerated().map { index, part in
            let role = index == 0 ? "melody" : part.name == ChordAccompaniment.partName ? "chords" : "accompaniment"
            let name = part.name.map { role == "chords" ? $0 : "\(role) (\($0))" } ?? role
            return Self.javaScriptString(name)
        }.joined(separator: ",")
        var bars: [String] = []
        for (index, bar) in timeline.bars.enumerated() {
            let end = index + 1 < timeline.bars.count ? timeline.bars[index + 1].start : timeline.length
            let meter = timeline.meters.last { $0.position <= bar.start } ?? MeterChange(position: .zero, beats: 4, beatUnit: 4)
            let beat = WholeNotes(1, Int64(max(meter.beatUnit, 1)))
            let beatSeconds = tempo.seconds(at: bar.start + beat) - tempo.seconds(at: bar.start)
            // A short bar (a pickup) has the beats that end a full one.
            let full = beat * Int64(max(meter.beats, 1))
            let beats = end - bar.start < full ? Int(((end - bar.start) / beat).doubleValue.rounded(.up)) : max(meter.beats, 1)
            bars.append("[\(n(tempo.seconds(at: bar.start))),\(n(tempo.seconds(at: end))),\(bar.number),\(bar.pass),\(max(beats, 1)),\(n(beatSeconds))]")
        }
        json = "{notes:\(notes),parts:[\(parts)],bars:[\(bars.joined(separator: ","))],duration:\(n(timeline.durationSeconds))}"
    }

    /// `text` as a JavaScript string literal that cannot end the page's script (`<` is written `\u003c`).
    static func javaScriptString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "<": result += "\\u003c"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 { result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
