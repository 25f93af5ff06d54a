import JianpuCore

/// A rewrite of a part's `MusicItem` tree, as swift-markdown's `MarkupRewriter` rewrites markup:
/// a rewriter implements the `rewrite…` methods of the items it changes; the others keep their
/// items as they are, and tuplets and repeats keep their shape with their items rewritten in turn.
public protocol MusicRewriter {
    mutating func rewriteNote(_ note: Note) -> MusicItem
    mutating func rewriteContinuation(_ dash: Continuation) -> MusicItem
    mutating func rewriteTie(at location: SourceLocation) -> MusicItem
    mutating func rewriteGrace(_ grace: GraceNotes) -> MusicItem
    mutating func rewriteJump(_ jump: Jump) -> MusicItem
    mutating func rewriteMultibarRest(_ rest: MultibarRest) -> MusicItem
    mutating func rewriteTempo(_ tempo: TempoMark) -> MusicItem
    mutating func rewriteKey(_ key: KeySignature) -> MusicItem
    mutating func rewriteTimeSignature(_ meter: TimeSignature) -> MusicItem
    mutating func rewriteDynamic(_ dynamic: Dynamic) -> MusicItem
    mutating func rewriteBarLine(at location: SourceLocation) -> MusicItem
}

extension MusicRewriter {
    public mutating func rewriteNote(_ note: Note) -> MusicItem { .note(note) }
    public mutating func rewriteContinuation(_ dash: Continuation) -> MusicItem { .continuation(dash) }
    public mutating func rewriteTie(at location: SourceLocation) -> MusicItem { .tie(location) }
    public mutating func rewriteGrace(_ grace: GraceNotes) -> MusicItem { .grace(grace) }
    public mutating func rewriteJump(_ jump: Jump) -> MusicItem { .jump(jump) }
    public mutating func rewriteMultibarRest(_ rest: MultibarRest) -> MusicItem { .multibarRest(rest) }
    public mutating func rewriteTempo(_ tempo: TempoMark) -> MusicItem { .tempo(tempo) }
    public mutating func rewriteKey(_ key: KeySignature) -> MusicItem { .key(key) }
    public mutating func rewriteTimeSignature(_ meter: TimeSignature) -> MusicItem { .timeSignature(meter) }
    public mutating func rewriteDynamic(_ dynamic: Dynamic) -> MusicItem { .dynamic(dynamic) }
    public mutating func rewriteBarLine(at location: SourceLocation) -> MusicItem { .barLine(location) }

    /// `items` rewritten, in written order.
    public mutating func rewrite(_ items: [MusicItem]) -> [MusicItem] {
        var result: [MusicItem] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(rewrite(item)) }
        return result
    }

    /// `item` rewritten: a tuplet or repeat with its items rewritten, anything else by its `rewrite…` method.
    public mutating func rewrite(_ item: MusicItem) -> MusicItem {
        switch item {
        case .note(let note): return rewriteNote(note)
        case .continuation(let dash): return rewriteContinuation(dash)
        case .tie(let location): return rewriteTie(at: location)
        case .tuplet(var tuplet):
            tuplet.items = rewrite(tuplet.items)
            return .tuplet(tuplet)
        case .grace(let grace): return rewriteGrace(grace)
        case .repeat(var repeated):
            repeated.body = rewrite(repeated.body)
            for index in repeated.endings.indices { repeated.endings[index] = rewrite(repeated.endings[index]) }
            return .repeat(repeated)
        case .jump(let jump): return rewriteJump(jump)
        case .multibarRest(let rest): return rewriteMultibarRest(rest)
        case .tempo(let tempo): return rewriteTempo(tempo)
        case .key(let key): return rewriteKey(key)
        case .timeSignature(let meter): return rewriteTimeSignature(meter)
        case .dynamic(let dynamic): return rewriteDynamic(dynamic)
        case .barLine(let location): return rewriteBarLine(at: location)
        }
    }
}
