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
                let error = insides.map { inside -> Double in
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
        var low = 0
        var high = tripletBeats.count
        while low < high {
            let middle = (low + high) / 2
            if tripletBeats[middle] <= beat { low = middle + 1 } else { high = middle }
        }
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

/// The key of a passage from how long each pitch class sounds (Krumhansl–Schmuckler, with the
/// Krumhansl–Kessler profiles): the key whose profile correlates best.
enum KeyFinder {
    static let majorProfile = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88]
    static let minorProfile = [6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17]

    /// The key signature of the best key for `durations` (twelve weights, C first); C major when all are zero.
    static func key(durations: [Double]) -> ImportedKey {
        guard durations.count == 12, durations.contains(where: { $0 > 0 }) else { return ImportedKey(fifths: 0) }
        var best = (score: -Double.infinity, tonic: 0, isMinor: false)
        for tonic in 0..<12 {
            for isMinor in [false, true] {
                let profile = isMinor ? minorProfile : majorProfile
                let rotated = (0..<12).map { profile[($0 - tonic + 12) % 12] }
                let score = correlation(durations, rotated)
                if score > best.score + 1e-9 { best = (score, tonic, isMinor) }
            }
        }
        let majorTonic = best.isMinor ? (best.tonic + 3) % 12 : best.tonic
        var fifths = majorTonic * 7 % 12
        if fifths > 6 { fifths -= 12 }
        return ImportedKey(fifths: fifths, isMinor: best.isMinor)
    }

    private static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let meanA = a.reduce(0, +) / 12
        let meanB = b.reduce(0, +) / 12
        var (product, squareA, squareB) = (0.0, 0.0, 0.0)
        for index in 0..<12 {
            product += (a[index] - meanA) * (b[index] - meanB)
            squareA += (a[index] - meanA) * (a[index] - meanA)
            squareB += (b[index] - meanB) * (b[index] - meanB)
        }
        let denominator = (squareA * squareB).squareRoot()
        return denominator > 0 ? product / denominator : 0
    }
}
