import JianpuCore
import JianpuNotation

/// A played-order walk with its jumps taken, passing what is played on to `base`.
///
/// It counts the elements it meets in played order (each note, mark and jump, and each tuplet
/// as one element, which `base` then walks itself), so that the second pass after a `DC` or `DS`
/// can find the segno, `Fine`, `ToCoda` and the coda by their place.
@usableFromInline
struct JumpTaking<Base: PlayedOrderWalker>: PlayedOrderWalker {
    @usableFromInline var base: Base
    /// Elements met so far on this pass.
    @usableFromInline var index = 0
    /// Elements before this one are not played on this pass (the second starts at the start or the
    /// segno; a `ToCoda` moves it on to the coda).
    @usableFromInline var start = 0
    @usableFromInline var secondPass = false
    @usableFromInline var segno = 0
    /// The element after the `DC` or `DS`: where the coda starts.
    @usableFromInline var coda: Int?
    /// Where the second pass starts, once the first has come to a `DC` or `DS`.
    @usableFromInline var goingBack: Int?
    @usableFromInline var finished = false

    @inlinable
    init(base: consuming Base) { self.base = base }

    @inlinable
    var isDone: Bool { finished || (goingBack != nil && !secondPass) || base.isDone }

    /// Starts the second pass at element `element`.
    @inlinable
    mutating func goBack(to element: Int) {
        secondPass = true
        start = element
        index = 0
    }

    /// Counts an element and tells whether it is played.
    @inlinable @inline(__always)
    mutating func admit() -> Bool {
        let here = index
        index &+= 1
        return here >= start
    }

    @inlinable
    mutating func visitJump(_ jump: Jump) {
        let here = index
        guard admit() else { return }
        switch jump.kind {
        case .segno:
            if !secondPass { segno = here + 1 }
        case .daCapo, .dalSegno:
            if !secondPass {
                coda = here + 1
                goingBack = jump.kind == .daCapo ? 0 : segno
            }
        case .fine:
            if secondPass { finished = true }
        case .toCoda:
            // Only forward: a ToCoda written after the DC or DS is already in the coda (going back
            // to what follows the DC or DS would repeat for ever).
            if secondPass, let coda, coda > here { start = coda }
        }
    }

    @inlinable
    mutating func visitTuplet(_ tuplet: Tuplet, ratio: WholeNotes) { if admit() { base.visitTuplet(tuplet, ratio: ratio) } }
    @inlinable
    mutating func visitNote(_ note: Note, ratio: WholeNotes) { if admit() { base.visitNote(note, ratio: ratio) } }
    @inlinable
    mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) { if admit() { base.visitContinuation(dash, ratio: ratio) } }
    @inlinable
    mutating func visitTie(at location: SourceLocation) { if admit() { base.visitTie(at: location) } }
    @inlinable
    mutating func visitGrace(_ grace: GraceNotes) { if admit() { base.visitGrace(grace) } }
    @inlinable
    mutating func visitMultibarRest(_ rest: MultibarRest) { if admit() { base.visitMultibarRest(rest) } }
    @inlinable
    mutating func visitTempo(_ tempo: TempoMark) { if admit() { base.visitTempo(tempo) } }
    @inlinable
    mutating func visitKey(_ key: KeySignature) { if admit() { base.visitKey(key) } }
    @inlinable
    mutating func visitTimeSignature(_ meter: TimeSignature) { if admit() { base.visitTimeSignature(meter) } }
    @inlinable
    mutating func visitDynamic(_ dynamic: Dynamic) { if admit() { base.visitDynamic(dynamic) } }
    @inlinable
    mutating func visitBarLine(at location: SourceLocation) { if admit() { base.visitBarLine(at: location) } }
}
