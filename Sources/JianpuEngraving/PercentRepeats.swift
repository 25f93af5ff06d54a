import JianpuCore

/// A part that ends with one bar played many times (`R18{ 1, 5,, 1, 5,, }`) is drawn as LilyPond draws
/// jianpu-ly's percent repeat: the bar once, then a percent sign a bar, so that the part has a row in every
/// system its music sounds in, instead of one bar marked `×18` and nothing after.
///
/// Written time counts a repeat once; the copies fill the part out to the end of the movement's longest
/// part (no further, so they never run on past the music written against them), at most `times − 1`.
enum PercentRepeats {
    /// `parts` with each part's last bar, when it is a one-bar repeat played more than once, followed by its copies.
    static func expanded(_ parts: [[WrittenBar]]) -> [[WrittenBar]] {
        guard parts.count > 1 else { return parts }
        let end = parts.compactMap { bars in bars.last.map { $0.start + $0.length } }.max() ?? .zero
        return parts.map { bars in
            guard var last = bars.last, let times = last.repeatTimes, times > 1, last.repeatStart, last.repeatEnd,
                  last.length > .zero, last.volta == nil else { return bars }
            var copies: [WrittenBar] = []
            var start = last.start + last.length
            while copies.count < times - 1, start + last.length <= end {
                var copy = WrittenBar(start: start, length: last.length)
                copy.number = PrintedBarNumber(last.number.value + copies.count + 1)
                copy.isPercentRepeat = true
                copies.append(copy)
                start += last.length
            }
            guard !copies.isEmpty else { return bars }
            // The repeat signs give way to the percent signs; the final bar line moves to the last copy.
            copies[copies.count - 1].isFinal = last.isFinal
            last.isFinal = false
            last.repeatStart = false
            last.repeatEnd = false
            return Array(bars.dropLast()) + [last] + copies
        }
    }
}
