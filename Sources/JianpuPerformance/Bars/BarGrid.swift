import JianpuCore
import JianpuNotation

/// Where bars start, straight through (no repeat taken twice): counted from the meters and a pickup up to an end.
///
/// The one place bar starts are counted: the written score's printed bars, the flattener's played bars and the
/// numbering of a melody that repeats or jumps all ask it.
package struct BarGrid: Sendable {
    /// Where each bar starts, the first at zero (a pickup is a bar of its own), all before the end.
    package let starts: [WholeNotes]

    /// The bars of `meters` (each taking effect at its position, the first read from the start) after a `pickup`,
    /// up to `length`. A meter change in the middle of a bar starts a bar there. At most a million bars.
    package init(meters: [MeterChange], pickup: WholeNotes?, length: WholeNotes) {
        var starts: [WholeNotes] = [.zero]
        var position = pickup ?? .zero
        if position > .zero, position < length { starts.append(position) }
        var meterIndex = 0
        while position < length, starts.count < 1_000_000 {
            while meterIndex + 1 < meters.count, meters[meterIndex + 1].position <= position { meterIndex += 1 }
            var next = position + WholeNotes(Int64(meters[meterIndex].beats), Int64(meters[meterIndex].beatUnit))
            if meterIndex + 1 < meters.count, meters[meterIndex + 1].position < next, meters[meterIndex + 1].position > position {
                next = meters[meterIndex + 1].position
            }
            position = next
            if position < length { starts.append(position) }
        }
        self.starts = starts
    }

    /// The index of the bar that holds `position`: the first bar for a position before the music.
    package func index(at position: WholeNotes) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= position { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }
}
