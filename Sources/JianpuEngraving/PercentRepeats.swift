import JianpuCore
import JianpuNotation
import JianpuPerformance

/// A part that ends with one bar played many times (`R18{ 1, 5,, 1, 5,, }`) is drawn as LilyPond draws
/// jianpu-ly's percent repeat: the bar once, then a percent sign a bar, so that the part has a row in every
/// system its music sounds in, instead of one bar marked `×18` and nothing after.
///
/// Written time counts a repeat once; the copies fill the part out to the end of the movement's longest
/// part (no further, so they never run on past the music written against them), at most `times − 1`.
/// The page and the play screen both draw a part so (`expanded`, `readBars`).
enum PercentRepeats {
    /// `parts` with each part's last bar, when it is a one-bar repeat played more than once, followed by its copies.
    static func expanded(_ parts: [[WrittenBar]]) -> [[WrittenBar]] {
        guard parts.count > 1 else { return parts }
        let end = parts.compactMap { bars in bars.last.map { $0.start + $0.length } }.max() ?? .zero
        return parts.map { bars in
            guard var last = bars.last else { return bars }
            let copies = Self.copies(after: &last, upTo: end)
            guard !copies.isEmpty else { return bars }
            return Array(bars.dropLast()) + [last] + copies
        }
    }

    /// Hands on the bars of `movement` as `written.readBars` does, each part's last bar, when it is a one-bar
    /// repeat, followed by its copies as `expanded` makes them: for a reader that takes bars as they come
    /// (a part's last bar is known when the next part's first comes, so one bar is held back).
    static func readBars(
        of written: WrittenScore, movement: Movement, movementIndex: Int, piece: Int?,
        take: (_ part: Int, _ bar: WrittenBar) -> Void
    ) {
        let end = movement.parts.count > 1 ? written.parts.lazy.map(\.end).max() ?? .zero : .zero
        var held: (part: Int, bar: WrittenBar)?
        func handOnLast(_ part: Int, _ bar: WrittenBar) {
            var last = bar
            let copies = Self.copies(after: &last, upTo: end)
            take(part, last)
            for copy in copies { take(part, copy) }
        }
        written.readBars(of: movement, movementIndex: movementIndex, piece: piece) { part, bar in
            if let before = held {
                if before.part == part { take(before.part, before.bar) } else { handOnLast(before.part, before.bar) }
            }
            held = (part, bar)
        }
        if let last = held { handOnLast(last.part, last.bar) }
    }

    /// The percent-sign copies of `last` up to `end` (none when it is not a one-bar repeat played more than
    /// once); with copies, `last` gives its repeat signs up to them and its final bar line to the last copy.
    static func copies(after last: inout WrittenBar, upTo end: WholeNotes) -> [WrittenBar] {
        guard let times = last.repeatTimes, times > 1, last.repeatStart, last.repeatEnd, !last.continued, !last.continues,
            last.length > .zero, last.volta == nil
        else { return [] }
        var copies: [WrittenBar] = []
        var start = last.start + last.length
        while copies.count < times - 1, start + last.length <= end {
            var copy = WrittenBar(start: start, length: last.length)
            copy.number = PrintedBarNumber(last.number.value + copies.count + 1)
            copy.isPercentRepeat = true
            copies.append(copy)
            start += last.length
        }
        guard !copies.isEmpty else { return [] }
        // The repeat signs and the count give way to the percent signs (a `×18` over the bar before nine of them
        // would read as 18 times and nine more); the final bar line moves to the last copy.
        copies[copies.count - 1].isFinal = last.isFinal
        last.isFinal = false
        last.repeatStart = false
        last.repeatEnd = false
        last.repeatTimes = nil
        return copies
    }
}
