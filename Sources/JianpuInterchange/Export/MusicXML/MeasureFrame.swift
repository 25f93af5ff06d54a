import JianpuCore
import JianpuNotation
import JianpuPerformance

/// One measure of the exported movement, the same in every part: a printed bar of the melody
/// (a bar of `R*n` counted as the n it stands for), where it lies on the written axis and the
/// signs at its ends.
struct MeasureFrame {
    var start: WholeNotes
    var length: WholeNotes
    /// The bar length of the meter in force: a measure shorter than it is `implicit` (a pickup,
    /// a bar cut by a repeat sign, or the last bar when it is short).
    var barLength: WholeNotes
    /// A meter written at the start of this measure.
    var meter: TimeSignature?
    var repeatForward = false
    var repeatBackward: Int?
    var endingStart: String?
    var endingStop: (numbers: String, isLast: Bool)?

    var end: WholeNotes { start + length }
    var isShort: Bool { length < barLength }

    /// The measures of the melody's printed `bars` alone, and the bar length of the meter in force at their end:
    /// framed before the parts' lengths are known, then `carried(_:meters:to:)` to the longest.
    static func frames(of bars: [WrittenBar]) -> (frames: [MeasureFrame], barLength: WholeNotes) {
        var frames: [MeasureFrame] = []
        frames.reserveCapacity(bars.count + 1)
        var barLength = WholeNotes(1)
        for bar in bars {
            if let meter = bar.meter { barLength = meter.barLength }
            var frame = MeasureFrame(start: bar.start, length: bar.length, barLength: barLength, meter: bar.meter)
            frame.repeatForward = bar.repeatStart
            frame.endingStart = bar.endingStart
            let count = bar.events.count == 1 ? Self.multibarCount(bar.events[0]) : 1
            guard count > 1 else {
                frame.repeatBackward = bar.repeatEnd ? bar.repeatEndTimes ?? 2 : nil
                frame.endingStop = bar.endingStop
                frames.append(frame)
                continue
            }
            let each = bar.length / Int64(count)
            frame.length = each
            for index in 0..<count {
                if index == count - 1 {
                    frame.repeatBackward = bar.repeatEnd ? bar.repeatEndTimes ?? 2 : nil
                    frame.endingStop = bar.endingStop
                }
                frames.append(frame)
                frame = MeasureFrame(start: frame.end, length: each, barLength: barLength)
            }
        }
        return (frames, barLength)
    }

    /// `framed` (the melody's bars' measures) carried on in its last meter to `length` (the longest part), the last
    /// one ending with the music; a movement with no music still has one measure, in the meter its melody names.
    static func carried(_ framed: (frames: [MeasureFrame], barLength: WholeNotes), meters: [MeterChange], to length: WholeNotes) -> [MeasureFrame] {
        var (frames, barLength) = framed
        guard let last = frames.last else {
            let meter = meters.last.map { TimeSignature(beats: $0.beats, beatUnit: $0.beatUnit, location: SourceLocation(file: "", line: 0, column: 0)) }
            barLength = meter?.barLength ?? barLength
            var frame = MeasureFrame(start: .zero, length: barLength, barLength: barLength, meter: meter)
            var result: [MeasureFrame] = []
            while frame.start < length {
                frame.length = min(barLength, length - frame.start)
                result.append(frame)
                frame = MeasureFrame(start: frame.end, length: barLength, barLength: barLength)
            }
            return result.isEmpty ? [MeasureFrame(start: .zero, length: barLength, barLength: barLength, meter: meter)] : result
        }
        // The last bar ends with the music, or goes on, with bars after it, to the end of a longer part.
        if last.end > length, length > last.start { frames[frames.count - 1].length = length - last.start }
        var start = last.end
        while start < length {
            frames.append(MeasureFrame(start: start, length: min(barLength, length - start), barLength: barLength))
            start += barLength
        }
        return frames
    }

    private static func multibarCount(_ event: WrittenEvent) -> Int {
        if case .multibarRest(let count) = event.kind { return max(count, 1) }
        return 1
    }
}
