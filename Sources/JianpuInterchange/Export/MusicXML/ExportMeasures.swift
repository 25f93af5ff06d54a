import JianpuCore
import JianpuNotation

/// One measure of the exported movement, the same in every part: where it lies on the written
/// axis (repeats once, endings one after another) and the signs at its ends.
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
}

/// The measures of a movement, laid out from the meters and repeat signs of its first part.
struct MeasureLayout {
    private(set) var frames: [MeasureFrame] = []
    private var open: MeasureFrame
    private var nextBarLine: WholeNotes
    private var barLength = WholeNotes(1)
    private var position = WholeNotes.zero
    /// How far into its bar the repeated passage ended: each later ending starts there.
    private var phaseAtFirstEnding: WholeNotes?

    /// Measures for the melody's `entries`, extended in its last meter to `length` (the longest part).
    static func frames(for entries: [ExportEntry], length: WholeNotes) -> [MeasureFrame] {
        var layout = MeasureLayout()
        for entry in entries { layout.take(entry) }
        layout.extend(to: length)
        return layout.frames
    }

    private init() {
        open = MeasureFrame(start: .zero, length: .zero, barLength: barLength)
        nextBarLine = barLength
    }

    private mutating func take(_ entry: ExportEntry) {
        switch entry {
        case .note(let note):
            advance(to: position + note.length)
        case .mark(let mark, _):
            switch mark {
            case .meter(let meter):
                cutIfStarted()
                barLength = meter.barLength
                open.barLength = barLength
                open.meter = meter
                let first = frames.isEmpty && position == .zero
                nextBarLine = position + (first ? meter.pickup.flatMap { $0 > .zero && $0 < barLength ? $0 : nil } ?? barLength : barLength)
            case .repeatStart:
                cutIfStarted()
                open.repeatForward = true
            case .repeatEnd(let times):
                cutIfStarted()
                if !frames.isEmpty { frames[frames.count - 1].repeatBackward = times }
            case .endingStart(let numbers, let index):
                cutIfStarted()
                let phase = barLength - (nextBarLine - position)
                if index == 0 {
                    phaseAtFirstEnding = phase
                } else if let start = phaseAtFirstEnding {
                    nextBarLine = position + barLength - start
                }
                open.endingStart = numbers
            case .endingStop(let numbers, let isLast):
                cutIfStarted()
                if !frames.isEmpty { frames[frames.count - 1].endingStop = (numbers, isLast) }
            case .key, .tempo, .jump:
                break
            }
        }
    }

    /// Moves the position on, closing a measure at each bar line passed.
    private mutating func advance(to end: WholeNotes) {
        var guardCount = 0
        while nextBarLine <= end, guardCount < 10_000_000 {
            position = nextBarLine
            close()
            nextBarLine = position + barLength
            guardCount += 1
        }
        position = end
    }

    /// A repeat sign or a meter between bar lines cuts the measure there.
    private mutating func cutIfStarted() {
        if position > open.start { close() }
    }

    private mutating func close() {
        open.length = position - open.start
        open.barLength = barLength
        if open.length > .zero { frames.append(open) }
        open = MeasureFrame(start: position, length: .zero, barLength: barLength)
    }

    private mutating func extend(to length: WholeNotes) {
        if length > position { advance(to: length) }
        cutIfStarted()
        // A movement with no music still has one measure.
        if frames.isEmpty {
            open.length = barLength
            frames.append(open)
        }
    }
}
