import JianpuCore
import JianpuNotation

/// A sign written between events, in the order it was written: a change of key, meter or tempo, a
/// jump, or a repeat's or ending's edge. The page prints them as words and bar lines; MusicXML
/// export writes each where it stands.
public enum WrittenSign: Sendable, Hashable {
    case key(KeySignature)
    case meter(TimeSignature)
    case tempo(TempoMark)
    case jump(Jump)
    case repeatStart
    /// The end of a repeated passage, played `times` in all.
    case repeatEnd(times: Int)
    /// An ending (volta) starts: `numbers` the passes it serves as MusicXML lists them (`1, 2`), `index` 0 for the first.
    case endingStart(numbers: String, index: Int)
    /// An ending stops; the repeat's last ending has no repeat after it.
    case endingStop(numbers: String, isLast: Bool)
}

/// The tuplets an event is written in, the outermost first, and what they make of its length.
public struct WrittenTupletNest: Sendable, Hashable {
    /// The tuplets by their number in the part (as `WrittenEvent.tuplet` counts them), the outermost first.
    public var ids: [Int]
    /// The whole scale as actual:normal notes, the nested tuplets' pairs multiplied (saturated at `Int64.max`).
    public var actual: Int64
    public var normal: Int64
    /// What the tuplets multiply a written length by.
    public var ratio: WholeNotes

    /// The nest of tuplet `group`, numbered `id`, inside `outer` (nil: inside none), written at `ratio` outside it.
    init(_ group: Tuplet, id: Int, in outer: WrittenTupletNest?, ratio: WholeNotes) {
        let inner = Self.pair(of: group)
        // Saturated past 64 bits (tuplets nested dozens deep): such lengths are refused as too fine to count.
        func times(_ a: Int64, _ b: Int64) -> Int64 {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? .max : product
        }
        ids = (outer?.ids ?? []) + [id]
        actual = outer.map { times($0.actual, inner.actual) } ?? inner.actual
        normal = outer.map { times($0.normal, inner.normal) } ?? inner.normal
        self.ratio = ratio * group.ratio
    }

    /// The written (actual, normal) pair of `N[`: N notes in the time of N × ratio when that is whole.
    static func pair(of tuplet: Tuplet) -> (actual: Int64, normal: Int64) {
        let count = Int64(max(tuplet.count, 1))
        let normal = tuplet.ratio * count
        if normal.denominator == 1, normal.numerator > 0 { return (count, normal.numerator) }
        return (tuplet.ratio.denominator, tuplet.ratio.numerator)
    }
}
