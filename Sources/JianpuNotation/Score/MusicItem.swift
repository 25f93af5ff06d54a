import JianpuCore

/// One element of a part, in written order; groups (tuplets, repeats) hold their own items.
///
/// Notes and dashes, by far the most items, are kept inline (32 bytes); rarer marks are boxed
/// so that they do not make every item larger.
public enum MusicItem: Sendable, Hashable {
    /// A note, a chord or a rest with its own time.
    case note(Note)
    /// A dash: the previous note, chord or rest goes on for this long.
    case continuation(Continuation)
    /// `~`: the previous note is tied to the next one of the same pitch.
    case tie(SourceLocation)
    /// `3[ … ]`: items whose written lengths are scaled to fit a different time.
    indirect case tuplet(Tuplet)
    /// `g[…]` before or `[…]g` after a note.
    indirect case grace(GraceNotes)
    /// `R{ … } A{ … | … }`, `R4{ … }`.
    indirect case `repeat`(Repeat)
    /// `Segno`, `ToCoda`, `Fine`, `DC`, `DS`.
    case jump(Jump)
    /// `R*8`: whole bars of rest.
    case multibarRest(MultibarRest)
    /// `4=105`, `4.=60`.
    indirect case tempo(TempoMark)
    /// `1=Bb`, `6=F#`.
    indirect case key(KeySignature)
    /// `3/4`, `6/8,8`.
    indirect case timeSignature(TimeSignature)
    /// `\p`, `\ff`: the loudness from the previous note on.
    indirect case dynamic(Dynamic)
    /// `|`: a bar line as written (a check, not a cause of bars).
    case barLine(SourceLocation)

    /// Whether the item takes time: a note, rest, dash, or a group or repeat holding one.
    public var isMusic: Bool {
        switch self {
        case .note, .continuation, .multibarRest: return true
        case .tuplet, .repeat, .grace:
            var finder = MusicFinder()
            finder.visit(self, ratio: .whole)
            return finder.isDone
        default: return false
        }
    }

    /// Where the item was written.
    public var location: SourceLocation {
        switch self {
        case .note(let n): n.location
        case .continuation(let c): c.location
        case .tie(let l), .barLine(let l): l
        case .tuplet(let t): t.location
        case .grace(let g): g.location
        case .repeat(let r): r.location
        case .jump(let j): j.location
        case .multibarRest(let m): m.location
        case .tempo(let t): t.location
        case .key(let k): k.location
        case .timeSignature(let t): t.location
        case .dynamic(let d): d.location
        }
    }

    /// Where the item is written, from its first character to just after its last (a group to
    /// just after its closing bracket). Marks whose spelling is not kept end where they start.
    public var range: SourceRange {
        func word(_ location: SourceLocation, _ width: Int) -> SourceRange { SourceRange(start: location, end: location.advanced(by: width)) }
        switch self {
        case .note(let n): return n.range
        case .continuation(let c): return c.range
        case .tie(let l), .barLine(let l): return word(l, 1)
        case .tuplet(let t): return t.range
        case .grace(let g): return g.range
        case .repeat(let r): return r.range
        case .jump(let j): return word(j.location, j.kind.rawValue.count)
        case .multibarRest(let m): return m.range
        case .key(let k): return word(k.location, k.text.count)
        case .dynamic(let d): return word(d.location, d.marking.count + 1)
        case .tempo, .timeSignature: return word(location, 0)
        }
    }
}

/// Finds the first item that takes time: a note, rest, dash, whole-bar rest or grace note.
private struct MusicFinder: MusicWalker {
    var isDone = false
    mutating func visitNote(_ note: Note, ratio: WholeNotes) { isDone = true }
    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) { isDone = true }
    mutating func visitMultibarRest(_ rest: MultibarRest) { isDone = true }
    mutating func visitGrace(_ grace: GraceNotes) { isDone = !grace.notes.isEmpty }
}
