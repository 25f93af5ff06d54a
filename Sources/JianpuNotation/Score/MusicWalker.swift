import JianpuCore

/// A visitor over a part's `MusicItem` tree in written order: repeats once, endings in turn.
///
/// As swift-markdown's `MarkupWalker`, a walker implements the `visit…` methods for the items
/// it cares about; the others do nothing, except that tuplets, repeats and their endings are
/// descended into, carrying the product of the tuplet ratios around an item (`ratio`: the
/// factor from written to sounding length). A walker that overrides `visitTuplet` or
/// `visitRepeat` calls `descend(into:ratio:)` itself where it wants the default descent.
public protocol MusicWalker {
    /// Whether the walk is over: no further item is visited once it turns true.
    var isDone: Bool { get }
    mutating func visitNote(_ note: Note, ratio: WholeNotes)
    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes)
    mutating func visitTie(at location: SourceLocation)
    mutating func visitTuplet(_ tuplet: Tuplet, ratio: WholeNotes)
    mutating func visitGrace(_ grace: GraceNotes)
    mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes)
    mutating func visitJump(_ jump: Jump)
    mutating func visitMultibarRest(_ rest: MultibarRest)
    mutating func visitTempo(_ tempo: TempoMark)
    mutating func visitKey(_ key: KeySignature)
    mutating func visitTimeSignature(_ meter: TimeSignature)
    mutating func visitDynamic(_ dynamic: Dynamic)
    mutating func visitBarLine(at location: SourceLocation)
}

extension MusicWalker {
    public var isDone: Bool { false }
    public mutating func visitNote(_ note: Note, ratio: WholeNotes) {}
    public mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {}
    public mutating func visitTie(at location: SourceLocation) {}
    public mutating func visitTuplet(_ tuplet: Tuplet, ratio: WholeNotes) { descend(into: tuplet, ratio: ratio) }
    public mutating func visitGrace(_ grace: GraceNotes) {}
    public mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) { descend(into: repeated, ratio: ratio) }
    public mutating func visitJump(_ jump: Jump) {}
    public mutating func visitMultibarRest(_ rest: MultibarRest) {}
    public mutating func visitTempo(_ tempo: TempoMark) {}
    public mutating func visitKey(_ key: KeySignature) {}
    public mutating func visitTimeSignature(_ meter: TimeSignature) {}
    public mutating func visitDynamic(_ dynamic: Dynamic) {}
    public mutating func visitBarLine(at location: SourceLocation) {}

    /// Visits `items` in order, each at `ratio`, until the walker is done.
    @inlinable
    public mutating func walk(_ items: [MusicItem], ratio: WholeNotes = .whole) {
        for item in items {
            if isDone { return }
            visit(item, ratio: ratio)
        }
    }

    /// Calls the `visit…` method for `item`'s case.
    @inlinable
    public mutating func visit(_ item: MusicItem, ratio: WholeNotes) {
        switch item {
        case .note(let note): visitNote(note, ratio: ratio)
        case .continuation(let dash): visitContinuation(dash, ratio: ratio)
        case .tie(let location): visitTie(at: location)
        case .tuplet(let tuplet): visitTuplet(tuplet, ratio: ratio)
        case .grace(let grace): visitGrace(grace)
        case .repeat(let repeated): visitRepeat(repeated, ratio: ratio)
        case .jump(let jump): visitJump(jump)
        case .multibarRest(let rest): visitMultibarRest(rest)
        case .tempo(let tempo): visitTempo(tempo)
        case .key(let key): visitKey(key)
        case .timeSignature(let meter): visitTimeSignature(meter)
        case .dynamic(let dynamic): visitDynamic(dynamic)
        case .barLine(let location): visitBarLine(at: location)
        }
    }

    /// Walks a tuplet's items at its ratio times `ratio`.
    @inlinable
    public mutating func descend(into tuplet: Tuplet, ratio: WholeNotes) {
        walk(tuplet.items, ratio: ratio * tuplet.ratio)
    }

    /// Walks a repeat's body, then each ending, once each, as they are written.
    @inlinable
    public mutating func descend(into repeated: Repeat, ratio: WholeNotes) {
        walk(repeated.body, ratio: ratio)
        for ending in repeated.endings { walk(ending, ratio: ratio) }
    }
}
