import JianpuCore

/// Snaps MIDI ticks to notation: each quarter-note beat gets the simplest grid that keeps its notes
/// (whole beats, eighths, sixteenths, triplets, sixths, thirty-seconds).
struct MIDIQuantizer {
    /// Divisions of a beat, simplest first: straight values before triplets, coarse before fine.
    static let divisions = [1, 2, 4, 3, 8, 6, 12, 16, 24]

    let ticksPerQuarter: Int
    /// The division chosen for each beat that has a note starting or ending in it.
    private(set) var beatDivisions: [Int: Int] = [:]
    private var tripletBeats: [Int] = []

    /// Chooses each beat's grid from the ticks where notes start and end.
    init(ticksPerQuarter: Int, points: [Int]) {
        self.ticksPerQuarter = ticksPerQuarter
        var byBeat: [Int: [Int]] = [:]
        for point in points {
            let (beat, inside) = point.quotientAndRemainder(dividingBy: ticksPerQuarter)
            if inside != 0 { byBeat[beat, default: []].append(inside) }
        }
        // Off by less than half a thirty-second: a played note near the grid is on it.
        let tolerance = Double(ticksPerQuarter) / 16
        for (beat, insides) in byBeat {
            var best = (division: Self.divisions.last ?? 24, error: Double.infinity)
            for division in Self.divisions {
                let error =
                    insides.map { inside -> Double in
                        let step = Double(ticksPerQuarter) / Double(division)
                        let position = Double(inside) / step
                        return abs(position - position.rounded()) * step
                    }.max() ?? 0
                if error < tolerance { best = (division, error); break }
                if error < best.error - 0.5 { best = (division, error) }
            }
            beatDivisions[beat] = best.division
        }
        tripletBeats = beatDivisions.filter { $0.value % 3 == 0 }.map(\.key).sorted()
    }

    /// The first beat after `beat` whose grid is in thirds.
    func nextTripletBeat(after beat: Int) -> Int? {
        let low = tripletBeats.partitioningIndex { $0 > beat }
        return low < tripletBeats.count ? tripletBeats[low] : nil
    }

    /// Whether the beat's grid is in thirds (triplets): notes there are written as 3:2 tuplets.
    func isTriplet(beat: Int) -> Bool { (beatDivisions[beat] ?? 1) % 3 == 0 }

    /// The grid point nearest `tick`, as whole notes from the start.
    func position(_ tick: Int) -> WholeNotes {
        let (beat, inside) = tick.quotientAndRemainder(dividingBy: ticksPerQuarter)
        let division = beatDivisions[beat] ?? 1
        let step = Double(inside) * Double(division) / Double(ticksPerQuarter)
        let index = Int64(step.rounded())
        return WholeNotes(Int64(beat) * Int64(division) + index, Int64(4 * division))
    }

    /// The smallest step of the grid at `position` (the beat it starts).
    func step(at position: WholeNotes) -> WholeNotes {
        let beat = (position * 4).numerator / max(1, (position * 4).denominator)
        return WholeNotes(1, Int64(4 * (beatDivisions[Int(beat)] ?? 4)))
    }
}
