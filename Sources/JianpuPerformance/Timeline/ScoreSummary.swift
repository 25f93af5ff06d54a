import JianpuCore
import JianpuNotation

/// What `jianpu info` prints: the facts of a score at a glance.
public struct ScoreSummary: CustomStringConvertible {
    public let score: Score

    public init(score: Score) { self.score = score }

    public var description: String {
        var lines: [String] = []
        if let title = score.title { lines.append("title:     \(title)") }
        if let composer = score.movements.lazy.compactMap({ $0.headers["composer"] }).first { lines.append("composer:  \(composer)") }
        for (index, movement) in score.movements.enumerated() {
            let timeline = Flattener.timeline(of: movement)
            if score.movements.count > 1 { lines.append("movement \(index + 1):") }
            let key = timeline.keys.first?.name ?? "1=C"
            let meter = timeline.meters.first.map { "\($0.beats)/\($0.beatUnit)" } ?? "4/4"
            let tempos = timeline.tempoMap.changes.map(\.written)
            lines.append("key:       \(key)\(timeline.keys.count > 1 ? " (\(Wording.counted(timeline.keys.count - 1, "change")))" : "")")
            lines.append("meter:     \(meter)\(timeline.meters.count > 1 ? " (\(Wording.counted(timeline.meters.count - 1, "change")))" : "")")
            lines.append("tempo:     \(tempos[0])\(tempos.count > 1 ? " (then \(tempos.dropFirst().joined(separator: ", ")))" : "")")
            // Counted in one pass: a filter per part was quadratic for scores of many parts.
            var counts = [Int](repeating: 0, count: timeline.parts.count)
            for note in timeline.notes where counts.indices.contains(note.part) { counts[note.part] += 1 }
            for (number, part) in timeline.parts.enumerated() {
                let count = counts[number]
                let role = number == 0 ? "melody" : "accompaniment"
                let instrument = part.name.map { " \($0)" } ?? ""
                let program = part.program.map { " (GM \($0 + 1) \(GeneralMIDI.programNames[Int($0)]))" } ?? ""
                lines.append("part \(number + 1):    \(role), channel \(part.channel + 1)\(instrument)\(program), \(Wording.counted(count, "note"))")
            }
            let played = timeline.bars.filter { $0.number > 0 }.count
            lines.append("bars:      \(timeline.printedBarCount)\(played != timeline.printedBarCount ? " (\(played) as played)" : "")")
            lines.append("notes:     \(timeline.notes.count)")
            // The chords= track sounds by default and may outlast the notes: its length is said too.
            let withChords = movement.headers["chords"] == nil ? timeline : Flattener.timeline(of: movement, withChords: true)
            let chordsLonger = withChords.durationSeconds > timeline.durationSeconds + 0.05
            lines.append(
                "duration:  \(Self.clock(timeline.durationSeconds))"
                    + (chordsLonger ? ", \(Self.clock(withChords.durationSeconds)) with the chords= track (--no-chords leaves it out)" : ""))
        }
        return lines.joined(separator: "\n")
    }

    /// Seconds as `m:ss.s`.
    public static func clock(_ seconds: Double) -> String {
        let tenths = Int(saturating: (seconds * 10).rounded())
        let minutes = tenths / 600, rest = tenths % 600
        return "\(minutes):\(rest / 100)\(rest / 10 % 10).\(rest % 10)"
    }
}
