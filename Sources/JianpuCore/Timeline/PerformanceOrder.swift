/// A part's items in the order they are played: repeats unfolded, jumps taken, tuplets applied.
///
/// Repeats unfold the way LilyPond's `\unfoldRepeats` does (with fewer endings than
/// passes, the first ending serves the early passes). `DC` and `DS` go back once; on the
/// second pass `Fine` ends the part and `ToCoda` skips to what follows the `DC`/`DS`.
enum PerformanceOrder {
    /// One played item with the product of the tuplet ratios around it.
    struct Step {
        var item: MusicItem
        var scale: WholeNotes
    }

    static func steps(of items: [MusicItem]) -> [Step] {
        var linear: [Step] = []
        unfold(items, scale: .whole) { linear.append(Step(item: $0, scale: $1)) }
        return takeJumps(linear)
    }

    /// Calls `body` with each item in played order (repeats unfolded, tuplets scaled), jumps left in place.
    static func unfold(_ items: [MusicItem], scale: WholeNotes, _ body: (MusicItem, WholeNotes) -> Void) {
        for item in items {
            switch item {
            case .tuplet(let tuplet):
                unfold(tuplet.items, scale: scale * tuplet.ratio, body)
            case .repeat(let repeated):
                let times = max(repeated.times, 1)
                for pass in 0..<times {
                    unfold(repeated.body, scale: scale, body)
                    if !repeated.endings.isEmpty {
                        let ending = max(0, pass - (times - repeated.endings.count))
                        unfold(repeated.endings[min(ending, repeated.endings.count - 1)], scale: scale, body)
                    }
                }
            default:
                body(item, scale)
            }
        }
    }

    private static func takeJumps(_ linear: [Step]) -> [Step] {
        func jumpKind(_ step: Step) -> Jump.Kind? {
            if case .jump(let jump) = step.item { return jump.kind }
            return nil
        }
        guard linear.contains(where: { jumpKind($0) != nil }) else { return linear }
        var played: [Step] = []
        var index = 0
        var secondPass = false
        var returnIndex: Int? = nil
        var segno = 0
        while index < linear.count {
            let step = linear[index]
            switch jumpKind(step) {
            case .segno?:
                if !secondPass { segno = index + 1 }
            case .daCapo?, .dalSegno?:
                if !secondPass {
                    secondPass = true
                    returnIndex = index + 1
                    index = jumpKind(step) == .daCapo ? 0 : segno
                    continue
                }
            case .fine?:
                if secondPass { return played }
            case .toCoda?:
                // Only forward: a ToCoda written after the DC or DS is already in the coda (jumping
                // back to what follows the DC or DS would repeat for ever).
                if secondPass, let coda = returnIndex, coda > index {
                    index = coda
                    continue
                }
            case nil:
                played.append(step)
            }
            index += 1
        }
        return played
    }
}
