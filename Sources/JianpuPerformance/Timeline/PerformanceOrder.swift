import JianpuCore
import JianpuNotation

/// A `MusicWalker` that visits a part's items in the order they are played: each repeat pass by pass,
/// its body and then the ending of that pass. Tuplets are descended into as written.
///
/// Repeats unfold the way LilyPond's `\unfoldRepeats` does: with fewer endings than passes, the first
/// ending serves the early passes. Jumps are visited where they are written; `PerformanceOrder.walk`
/// takes them.
public protocol PlayedOrderWalker: MusicWalker {}

extension PlayedOrderWalker {
    @inlinable
    public mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) { descendInPlayedOrder(into: repeated, ratio: ratio) }
}

extension MusicWalker {
    /// Walks a repeat as it is played: the body on each pass, followed by that pass's ending.
    @inlinable
    public mutating func descendInPlayedOrder(into repeated: Repeat, ratio: WholeNotes) {
        let times = max(repeated.times, 1)
        for pass in 0..<times {
            if isDone { return }
            walk(repeated.body, ratio: ratio)
            if !repeated.endings.isEmpty {
                walk(repeated.endings[PerformanceOrder.ending(forPass: pass, times: times, endings: repeated.endings.count)], ratio: ratio)
            }
        }
    }
}

/// A part's items in the order they are played: repeats unfolded, jumps taken.
///
/// `DC` and `DS` go back once; on the second pass `Fine` ends the part and `ToCoda` skips to what
/// follows the `DC`/`DS`. Jumps are taken between groups: a tuplet is played whole where it stands, and a
/// jump written inside one is visited there like its notes, not taken.
public enum PerformanceOrder {
    /// The ending played on pass `pass` (0-based) of a repeat played `times` times with `endings` endings: with
    /// fewer endings than passes, the first serves the early passes.
    public static func ending(forPass pass: Int, times: Int, endings: Int) -> Int {
        min(max(0, pass - (times - endings)), endings - 1)
    }

    /// `walker` after visiting `items` in played order: repeats pass by pass, jumps taken (and not visited).
    ///
    /// Without `DC` or `DS` this is one walk; with one, the walk stops there and a second goes from the
    /// start or the segno, so nothing is unfolded into a list.
    @inlinable
    public static func walk<Walker: PlayedOrderWalker>(_ items: [MusicItem], with walker: consuming Walker) -> Walker {
        var taking = JumpTaking(base: consume walker)
        taking.walk(items)
        guard let back = taking.goingBack else { return taking.base }
        taking.goBack(to: back)
        taking.walk(items)
        return taking.base
    }
}
