/// A part's items in the order they are played: repeats unfolded, jumps taken, tuplets applied.
///
/// Repeats unfold the way LilyPond's `\unfoldRepeats` does (with fewer endings than
/// passes, the first ending serves the early passes). `DC` and `DS` go back once; on the
/// second pass `Fine` ends the part and `ToCoda` skips to what follows the `DC`/`DS`.
public enum PerformanceOrder {
    /// One played item with the product of the tuplet ratios around it.
    struct Step {
        var item: MusicItem
        var scale: WholeNotes
    }

    static func steps(of items: [MusicItem]) -> [Step] {
        var linear: [Step] = []
        unfold(items, scale: .whole) { linear.append(Step(item: $0, scale: $1)) }
        return takeJumps(linear) { step in
            if case .jump(let jump) = step.item { return jump.kind }
            return nil
        }
    }

    /// The ending played on pass `pass` (0-based) of a repeat played `times` times with `endings` endings: with
    /// fewer endings than passes, the first serves the early passes.
    public static func ending(forPass pass: Int, times: Int, endings: Int) -> Int {
        min(max(0, pass - (times - endings)), endings - 1)
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
                        unfold(repeated.endings[ending(forPass: pass, times: times, endings: repeated.endings.count)], scale: scale, body)
                    }
                }
            default:
                body(item, scale)
            }
        }
    }

    /// `linear` (repeats already unfolded) with its jumps taken: `DC`/`DS` go back once, then `Fine` ends and
    /// `ToCoda` skips forward to what follows the `DC`/`DS`; `jump` tells which elements are jumps.
    public static func takeJumps<Element>(_ linear: [Element], jump jumpKind: (Element) -> Jump.Kind?) -> [Element] {
        guard linear.contains(where: { jumpKind($0) != nil }) else { return linear }
        var played: [Element] = []
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
