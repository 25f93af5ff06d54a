import JianpuCore
import JianpuNotation

extension Timeline {
    /// Movements played in turn: each starts where the one before it ends; part N of each shares a track.
    public static func concatenating(_ timelines: [Timeline]) -> Timeline {
        guard var result = timelines.first else {
            return Timeline(parts: [], notes: [], tempoMap: TempoMap([]), length: .zero)
        }
        var tempos = result.tempoMap.changes
        for next in timelines.dropFirst() {
            let offset = result.length
            for (index, part) in next.parts.enumerated() where index >= result.parts.count {
                result.parts.append(part)
            }
            result.notes += next.notes.delayed(by: offset)
            result.rests += next.rests.map { rest in
                var moved = rest
                moved.onset += offset
                return moved
            }
            result.programChanges += next.programChanges.map { ProgramChange(position: $0.position + offset, part: $0.part, program: $0.program) }
            tempos += next.tempoMap.changes.map { TempoMap.Change(position: $0.position + offset, beat: $0.beat, beatsPerMinute: $0.beatsPerMinute) }
            result.meters += next.meters.map { MeterChange(position: $0.position + offset, beats: $0.beats, beatUnit: $0.beatUnit) }
            result.keys += next.keys.map { KeyChange(position: $0.position + offset, sharps: $0.sharps, isMinor: $0.isMinor, name: $0.name) }
            // Each movement prints its own bar numbers.
            result.bars += next.bars.map { PlayedBar(start: $0.start + offset, number: $0.number, pass: $0.pass) }
            result.length = offset + next.length
        }
        result.tempoMap = TempoMap(tempos)
        return result
    }
}

extension [TimedNote] {
    /// The notes played `offset` later (a movement after the ones before it).
    func delayed(by offset: WholeNotes) -> [TimedNote] {
        map { note in
            var moved = note
            moved.onset += offset
            return moved
        }
    }
}
