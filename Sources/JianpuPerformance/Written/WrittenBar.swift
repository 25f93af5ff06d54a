import JianpuCore
import JianpuNotation

/// One bar as written, with the signs at its ends: repeats once, each ending once.
public struct WrittenBar: Sendable {
    /// Where the bar starts, from the start of the part (repeats counted once).
    public var start: WholeNotes
    /// How long the bar is: its meter's bar, the pickup, or the bars a whole-bar rest stands for.
    public var length: WholeNotes
    /// The printed number (0 for a pickup), from the written score (`WrittenScore.printedNumber(atWritten:)`).
    public var number: PrintedBarNumber = 0
    /// The events written in the bar, in written order.
    public var events: [WrittenEvent] = []
    /// A repeat starts at the bar: `|:` before it.
    public var repeatStart = false
    /// A repeat ends with the bar: `:|` after it.
    public var repeatEnd = false
    /// The last bar of the part: a final bar line.
    public var isFinal = false
    /// Ends with a double bar line: the key or meter changes after it.
    public var isDouble = false
    /// Played this many times, printed when more than twice.
    public var repeatTimes: Int?
    /// The volta bracket over this bar: its group and its label when the bracket starts here.
    public var volta: (group: Int, label: String?)?
    /// The volta bracket ends over this bar with a hook down: every ending but the last closes so.
    public var voltaEndsWithHook = false
    /// How many times in all the repeat ending with this bar (`repeatEnd`) is played.
    public var repeatEndTimes: Int?
    /// An ending starts at this bar: the passes it serves, as MusicXML numbers them (`1, 2`).
    public var endingStart: String?
    /// An ending stops with this bar: its numbers, and whether it is its repeat's last.
    public var endingStop: (numbers: String, isLast: Bool)?
    /// The meter written at the start of this bar.
    public var meter: TimeSignature?
    /// A piece of a wide bar (`WrittenScore.readBars(…, piece:)`): more of the bar follows, or this goes on from the piece before.
    public var continues = false, continued = false
    /// Drawn as a percent sign: the bar before played again (the layout's copies of `R18{ one bar }`).
    public var isPercentRepeat = false

    /// An empty bar `length` long starting at `start`.
    public init(start: WholeNotes, length: WholeNotes) {
        self.start = start
        self.length = length
    }
}
