import JianpuCore
import JianpuPerformance

/// The performance the page plays, as data its synthesizer reads: every sounding note, the parts
/// and the bars, in seconds at the score's own tempo.
///
/// Made a movement at a time from the very timelines the engraving's highlight is lit from
/// (`Engraver.engrave(_:maximumPages:withSound:)`), each movement at the seconds its highlight
/// starts, so the page's sound and highlight cannot disagree; they are the timelines `play` plays.
public struct PagePerformance: Sendable {
    /// The notes, each `[onset, length, MIDI key, velocity, part]`, comma-separated.
    private var notes = ""
    /// The bars, each `[start, end, number, pass, beats, beat length]`, comma-separated.
    private var bars = ""
    /// The parts' names as JavaScript strings: the first movement's parts, then any part a later one adds.
    private var parts: [String] = []
    /// Seconds of the movements added so far: where the next one starts.
    public private(set) var duration = 0.0

    /// No movement yet: silence.
    public init() {}

    /// The performance of `timeline` alone.
    public init(timeline: Timeline) {
        append(timeline)
    }

    /// `{notes: [[onset, length, MIDI key, velocity, part], …], parts: [name, …], bars, duration}`: a JavaScript object literal.
    public var json: String {
        "{notes:[\(notes)],parts:[\(parts.joined(separator: ","))],bars:[\(bars)],duration:\(Self.n(duration))}"
    }

    /// Adds `timeline`, the next movement's, after the movements before it, as `Timeline.concatenating`
    /// joins them: its parts by their numbers, its bars with its own numbers, its tempos its own.
    public mutating func append(_ timeline: Timeline) {
        let n = Self.n
        let tempo = timeline.tempoMap
        let offset = duration
        for note in timeline.notes where note.pitch.isValidMIDI && timeline.parts.indices.contains(note.part) {
            let start = tempo.seconds(at: note.onset)
            let entry = "[\(n(start + offset)),\(n(tempo.seconds(at: note.end) - start)),\(note.pitch.midiNumber),\(note.velocity),\(note.part)]"
            notes += (notes.isEmpty ? "" : ",") + entry
        }
        for (index, part) in timeline.parts.enumerated() where index >= parts.count {
            let role = index == 0 ? "melody" : part.name == ChordAccompaniment.partName ? "chords" : "accompaniment"
            let name = part.name.map { role == "chords" ? $0 : "\(role) (\($0))" } ?? role
            parts.append(Self.javaScriptString(name))
        }
        for (index, bar) in timeline.bars.enumerated() {
            let end = index + 1 < timeline.bars.count ? timeline.bars[index + 1].start : timeline.length
            let meter = timeline.meters.last { $0.position <= bar.start } ?? MeterChange(position: .zero, beats: 4, beatUnit: 4)
            let beat = WholeNotes(1, Int64(max(meter.beatUnit, 1)))
            let beatSeconds = tempo.seconds(at: bar.start + beat) - tempo.seconds(at: bar.start)
            // A short bar (a pickup) has the beats that end a full one.
            let full = beat * Int64(max(meter.beats, 1))
            let beats = end - bar.start < full ? Int(saturating: ((end - bar.start) / beat).doubleValue.rounded(.up)) : max(meter.beats, 1)
            let entry = "[\(n(tempo.seconds(at: bar.start) + offset)),\(n(tempo.seconds(at: end) + offset)),\(bar.number),\(bar.pass),\(max(beats, 1)),\(n(beatSeconds))]"
            bars += (bars.isEmpty ? "" : ",") + entry
        }
        duration += timeline.durationSeconds
    }

    private static func n(_ value: Double) -> String { SVGWriter.n(value, places: 3) }

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
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
