import JianpuCore
import JianpuNotation
import JianpuPerformance

/// A part's items in the order they are played, as the Timeline plays them: a `PlayedOrderWalker`
/// taken through the part by `PerformanceOrder.walk`, so repeats unfold (with fewer endings than
/// passes the first ending serves the early passes) and `DC`/`DS` are taken once (`Fine` then ends
/// the part, `ToCoda` skips forward to what follows the `DC`/`DS`). Tuplets stay groups, so that
/// the notes keep their notation; the repeats inside them unfold too.
struct PerformedItems: PlayedOrderWalker {
    private(set) var items: [MusicItem] = []
    /// The most items collected in one list: a bound beside `PerformanceLimits`.
    let limit: Int

    var isDone: Bool { items.count >= limit }

    static func unfolded(_ items: [MusicItem], limit: Int = 2_000_000) -> [MusicItem] {
        PerformanceOrder.walk(items, with: PerformedItems(limit: limit)).items
    }

    mutating func visitTuplet(_ tuplet: Tuplet, ratio: WholeNotes) {
        var inner = PerformedItems(limit: limit)
        inner.walk(tuplet.items, ratio: ratio * tuplet.ratio)
        var group = tuplet
        group.items = inner.items
        items.append(.tuplet(group))
    }

    mutating func visitNote(_ note: Note, ratio: WholeNotes) { items.append(.note(note)) }
    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) { items.append(.continuation(dash)) }
    mutating func visitTie(at location: SourceLocation) { items.append(.tie(location)) }
    mutating func visitGrace(_ grace: GraceNotes) { items.append(.grace(grace)) }
    /// A jump inside a tuplet (the only ones `PerformanceOrder.walk` leaves to its walker) stays where it is written.
    mutating func visitJump(_ jump: Jump) { items.append(.jump(jump)) }
    mutating func visitMultibarRest(_ rest: MultibarRest) { items.append(.multibarRest(rest)) }
    mutating func visitTempo(_ tempo: TempoMark) { items.append(.tempo(tempo)) }
    mutating func visitKey(_ key: KeySignature) { items.append(.key(key)) }
    mutating func visitTimeSignature(_ meter: TimeSignature) { items.append(.timeSignature(meter)) }
    mutating func visitDynamic(_ dynamic: Dynamic) { items.append(.dynamic(dynamic)) }
    mutating func visitBarLine(at location: SourceLocation) { items.append(.barLine(location)) }
}
