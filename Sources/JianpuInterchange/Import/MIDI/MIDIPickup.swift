import JianpuCore

/// Where the bars of a MIDI file start when its music begins on an upbeat.
///
/// A file's bar lines are counted from time 0, but a melody that opens with a pickup has its strong notes a
/// beat or so later in every bar. The phase chosen is the one that puts the weight of the music (long notes,
/// notes struck together) on downbeats and strong beats; it is kept only when it clearly beats phase 0.
enum MIDIPickup {
    /// The most a phase must gain over phase 0 before bars are moved: a quarter more metric weight.
    static let minimumGain = 1.25
    /// Fewer onsets than this cannot show a meter's phase.
    static let minimumOnsets = 8

    /// The length of the pickup (0 < length < a bar of `meter`), or nil to keep the bars from time 0.
    /// - Parameter chords: each voice's notes and chords: where they start and end, and how many notes they strike.
    static func pickup(chords: [(start: WholeNotes, end: WholeNotes, notes: Int)], meter: ImportedMeter) -> WholeNotes? {
        let bar = meter.barLength
        guard bar > .zero, meter.beats > 1 else { return nil }
        // Onsets with their salience: how long they last (up to a bar) times how many notes they strike.
        var salience: [WholeNotes: Double] = [:]
        for chord in chords {
            salience[chord.start, default: 0] += min(chord.end - chord.start, bar).doubleValue * Double(max(1, chord.notes))
        }
        guard salience.count >= minimumOnsets else { return nil }
        // Candidates every eighth (or the meter's beat, if smaller) within the bar.
        let unit = WholeNotes(1, Int64(max(meter.beatType, 8)))
        var scores: [(phase: WholeNotes, score: Double)] = []
        var phase = WholeNotes.zero
        while phase < bar {
            let score = salience.reduce(0.0) { total, onset in total + onset.value * weight(of: modulo(onset.key - phase, bar), in: meter) }
            scores.append((phase, score))
            phase += unit
        }
        guard let zero = scores.first, let best = scores.max(by: { $0.score < $1.score }), best.phase > .zero else { return nil }
        return best.score >= zero.score * minimumGain && best.score > 0 ? best.phase : nil
    }

    /// The metric weight of a position in the bar: the downbeat most, then the middle of an even bar, the beats,
    /// the eighths between them.
    static func weight(of position: WholeNotes, in meter: ImportedMeter) -> Double {
        if position == .zero { return 4 }
        let bar = meter.barLength
        // Compound meters (6/8, 9/8, 12/8) beat in dotted quarters.
        let compound = meter.beatType >= 8 && meter.beats % 3 == 0 && meter.beats > 3
        let beat = compound ? WholeNotes(3, Int64(meter.beatType)) : WholeNotes(1, Int64(meter.beatType))
        let beats = compound ? meter.beats / 3 : meter.beats
        if beats >= 4, beats % 2 == 0, position == bar * WholeNotes(1, 2) { return 2 }
        if isMultiple(position, of: beat) { return 1 }
        if isMultiple(position, of: WholeNotes(1, 8)) { return 0.25 }
        return 0
    }

    /// Words for the note the import gives: `1 beat`, `half a beat`, `2 beats`, `1 1/2 beats`.
    static func beatsText(_ length: WholeNotes, meter: ImportedMeter) -> String {
        let beats = length * WholeNotes(Int64(meter.beatType), 1)
        if beats == WholeNotes(1, 2) { return "half a beat" }
        if beats.denominator == 1 { return beats.numerator == 1 ? "1 beat" : "\(beats.numerator) beats" }
        let whole = beats.numerator / beats.denominator
        let rest = beats - WholeNotes(whole, 1)
        return whole == 0 ? "\(rest.numerator)/\(rest.denominator) of a beat" : "\(whole) \(rest.numerator)/\(rest.denominator) beats"
    }

    private static func modulo(_ value: WholeNotes, _ bar: WholeNotes) -> WholeNotes {
        var result = value
        while result < .zero { result += bar }
        let bars = (result / bar)
        let whole = bars.numerator / max(1, bars.denominator)
        return result - bar * WholeNotes(whole, 1)
    }

    private static func isMultiple(_ value: WholeNotes, of step: WholeNotes) -> Bool {
        (value / step).denominator == 1
    }
}
