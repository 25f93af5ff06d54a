import JianpuCore

/// The bounds that keep a score's performance safe to play, write and show, checked once on
/// every score read (jianpu text and seed plists alike) before anything unfolds it.
///
/// Limits keep the program safe without rejecting music people write: a part may nest groups
/// 100 deep, and repeats may add 1,000,000 played items (notes, rests, dashes, marks) to those
/// written, play 100,000 passes in all, and the score may last 100,000,000 whole notes (which
/// keeps exact time in range; how long a render may be is the renderer's own limit). What is written is bounded by the file size, so memory stays within
/// a multiple of the input plus what these limits allow: a few kilobytes of nested repeats with
/// many endings would otherwise unfold into gigabytes.
/// Every pitch must be a MIDI note 0-127, whatever the input format.
public enum PerformanceLimits {
    /// Groups (tuplets, repeats, endings) open inside one another.
    public static let maximumNesting = 100
    /// Items repeats may add to those written, in the whole score.
    public static let maximumAddedItems = 1_000_000
    /// Passes through repeat bodies in the whole score, nested passes multiplied.
    public static let maximumPasses = 100_000
    /// The played length of the whole score, in whole notes.
    public static let maximumWholeNotes = 100_000_000.0

    /// The score as it may be used: unchanged, or without its movements when it breaks a limit
    /// (so that no caller can unfold it), with the errors: the first limit broken, located at the
    /// construct that breaks it, and every pitch out of range.
    public static func checked(_ score: Score) -> (score: Score, diagnostics: [Diagnostic]) {
        checked(score, measures: score.movements.map { $0.parts.map(PartMeasure.init) })
    }

    /// `checked(_:)` with every part already measured (`measures`, by movement and part): the parser
    /// measures each part as it builds it, large parts side by side, and only the sums are left here.
    static func checked(_ score: Score, measures: [[PartMeasure]]) -> (score: Score, diagnostics: [Diagnostic]) {
        let (diagnostics, exceeded) = check(score, measures: measures)
        return (exceeded ? Score(file: score.file, movements: []) : score, diagnostics)
    }

    /// The parts' measures added up in written order, as one walk of the whole score would: each
    /// repeat checked against the music before it (earlier parts included), each part and movement
    /// against the score so far, and nothing said after the first limit broken.
    static func check(_ score: Score, measures: [[PartMeasure]]) -> (diagnostics: [Diagnostic], exceeded: Bool) {
        var total = Size()
        var written = 0
        var diagnostics: [Diagnostic] = []
        for (movement, partMeasures) in zip(score.movements, measures) {
            var longest = 0.0
            for (part, measure) in zip(movement.parts, partMeasures) {
                for event in measure.events {
                    switch event {
                    case .pitch(let diagnostic):
                        diagnostics.append(diagnostic)
                    case .repeat(let location, let size, let writtenSoFar):
                        // The music before the repeat, with it.
                        var reached = total
                        reached.add(size)
                        if let error = exceeded(reached, written: written + writtenSoFar, at: location, what: "this repeat") {
                            return (diagnostics + [error], true)
                        }
                    }
                }
                written += measure.written
                var size = measure.size
                // `DC` and `DS` play the part up to twice.
                if measure.goesBack { size.scale(by: 2) }
                total.items = Walk.add(total.items, size.items)
                total.passes = Walk.add(total.passes, size.passes)
                longest = max(longest, size.length)
                if let error = exceeded(total, written: written, at: part.location, what: "the score") { return (diagnostics + [error], true) }
            }
            total.length += longest
            if let error = exceeded(total, written: written, at: movement.location, what: "the score") { return (diagnostics + [error], true) }
        }
        return (diagnostics, false)
    }

    /// The error for the first limit `total` exceeds (with `written` items written so far), at `location`.
    private static func exceeded(_ total: Size, written: Int, at location: SourceLocation, what: String) -> Diagnostic? {
        let problem: String
        if total.items - written > maximumAddedItems {
            problem = "adds more than \(maximumAddedItems) notes, rests and marks to those written"
        } else if total.passes > maximumPasses {
            problem = "repeats more than \(maximumPasses) passes"
        } else if total.length > maximumWholeNotes {
            problem = "lasts more than \(Int(maximumWholeNotes)) whole notes"
        } else {
            return nil
        }
        let reach = what == "this repeat" ? "with the music before it, \(what)" : what
        return .error(at: location, "\(reach) \(problem) when repeats are unfolded: the most this tool plays (a limit that keeps memory and time bounded)")
    }

    /// One part measured on its own: its size played once through, how many items it writes, whether
    /// it goes back (`DC`, `DS`), and what the whole-score check must hear of it in written order.
    struct PartMeasure: Sendable {
        /// A pitch out of range (said at once), or a repeat with the size of the list it ends so far
        /// and the items written up to it (checked against the music before the part).
        enum Event: Sendable {
            case pitch(Diagnostic)
            case `repeat`(SourceLocation, Size, written: Int)
        }
        var size: Size
        var written: Int
        var goesBack: Bool
        var events: [Event]

        init(_ part: Part) {
            var walk = Walk()
            let size = walk.measure(part.items)
            self.init(walk, size: size)
        }

        /// The measure a walk of a part's own list found (`size`: that list's).
        init(_ walk: Walk, size: Size) {
            self.size = size
            written = walk.written
            events = walk.events
            goesBack = walk.goesBack
        }
    }

    /// Items, passes and length of some music, saturating instead of overflowing.
    struct Size {
        var items = 0
        var passes = 0
        var length = 0.0

        mutating func add(_ other: Size, times: Int = 1) {
            items = Walk.add(items, Walk.multiply(other.items, times))
            passes = Walk.add(passes, Walk.multiply(other.passes, times))
            length += other.length * Double(times)
        }

        mutating func scale(by factor: Int) {
            items = Walk.multiply(items, factor)
            passes = Walk.multiply(passes, factor)
            length *= Double(factor)
        }
    }

    /// One pass over a part's written tree (depth bounded by the parser), linear in its size: each list of
    /// items (a part, a tuplet's, a repeat's body, an ending) is measured on its own, and a repeat adds
    /// its body and endings as many times as they are played. It never stops: the score's check reads
    /// its events in order and stops at the first limit broken.
    struct Walk: MusicWalker {
        /// Items written (each visited once).
        var written = 0
        var barLength = 1.0
        /// Pitches out of range and repeats, in written order.
        var events: [PartMeasure.Event] = []
        /// A `DC` or `DS` is written in the part itself (not in a group): the part is played up to twice.
        var goesBack = false
        /// How many lists are being measured: 1 in the part's own.
        private var depth = 0
        /// The size of the list being measured so far.
        private var size = Size()
        /// The product of the tuplet ratios around it, as a double: exact ratios 100 groups deep could overflow.
        private(set) var scale = 1.0

        static func add(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : sum
        }

        static func multiply(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? .max : product
        }

        /// The size of `items` played once, `scale` times their written length; pitches out of range and
        /// repeats are noted on the way.
        mutating func measure(_ items: [MusicItem], scale: Double = 1) -> Size {
            let outer = beginList(scale: scale)
            for item in items {
                countItem()
                visit(item, ratio: .whole)
            }
            return endList(outer)
        }

        // A walk that goes through the items itself (the bar check's, which measures the part on its
        // way) calls these around each list and for each item, and the visits below for notes and marks.

        /// The list around one about to be measured, given back to `endList` when that one is done.
        struct OuterList {
            fileprivate var size: Size
            fileprivate var scale: Double
        }

        /// Starts measuring a list of items, `scale` times their written length.
        mutating func beginList(scale: Double) -> OuterList {
            let outer = OuterList(size: size, scale: self.scale)
            (size, self.scale) = (Size(), scale)
            depth += 1
            return outer
        }

        /// The size of the list measured since `beginList`, the outer list's measure taken up again.
        mutating func endList(_ outer: OuterList) -> Size {
            let measured = size
            (size, scale) = (outer.size, outer.scale)
            depth -= 1
            return measured
        }

        /// Counts an item of the list being measured.
        @inline(__always)
        mutating func countItem() {
            size.items = Self.add(size.items, 1)
            written += 1
        }

        /// Adds a tuplet's measured list to the list around it.
        mutating func addTuplet(_ inner: Size) { size.add(inner) }

        /// A repeat's size with its body (`body`: measured once) played as many times as it is.
        static func played(_ repeated: Repeat, body: Size) -> Size {
            let times = max(repeated.times, 1)
            var played = Size(passes: times)
            played.add(body, times: times)
            return played
        }

        /// Adds ending `index` of `repeated`, measured once, to the repeat's size: the first ending serves
        /// the early passes, the others one pass each.
        static func addEnding(_ ending: Size, index: Int, of repeated: Repeat, to played: inout Size) {
            let times = max(repeated.times, 1)
            played.add(ending, times: index == 0 ? times - repeated.endings.count + 1 : 1)
        }

        /// Adds a repeat's played size to the list around it and notes the repeat for the score's check.
        mutating func addRepeat(_ repeated: Repeat, played: Size) {
            size.add(played)
            events.append(.repeat(repeated.location, size, written: written))
        }

        mutating func visitNote(_ note: Note, ratio: WholeNotes) {
            size.length += note.length.doubleValue * scale
            checkPitches(of: note, at: note.location)
        }

        mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
            size.length += dash.length.doubleValue * scale
        }

        mutating func visitGrace(_ grace: GraceNotes) {
            for note in grace.notes { checkPitches(of: note, at: grace.location) }
        }

        mutating func visitMultibarRest(_ rest: MultibarRest) {
            size.length += barLength * Double(rest.bars)
        }

        mutating func visitJump(_ jump: Jump) {
            if depth == 1, jump.kind == .daCapo || jump.kind == .dalSegno { goesBack = true }
        }

        mutating func visitTimeSignature(_ meter: TimeSignature) {
            barLength = meter.barLength.doubleValue
        }

        mutating func visitTuplet(_ tuplet: Tuplet, ratio: WholeNotes) {
            addTuplet(measure(tuplet.items, scale: scale * tuplet.ratio.doubleValue))
        }

        mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) {
            var played = Self.played(repeated, body: measure(repeated.body, scale: scale))
            for (index, ending) in repeated.endings.enumerated() {
                Self.addEnding(measure(ending, scale: scale), index: index, of: repeated, to: &played)
            }
            addRepeat(repeated, played: played)
        }

        private mutating func checkPitches(of note: Note, at location: SourceLocation) {
            // A note of one pitch (most of them) is checked without making its list.
            if let pitch = note.singlePitch, pitch.isValidMIDI { return }
            if note.isRest { return }
            for pitch in note.pitches where !pitch.isValidMIDI {
                events.append(.pitch(.error(at: location, "a note sounds at MIDI note \(pitch.midiNumber): expected a pitch from 0 (C-1) to 127 (G9)")))
                return
            }
        }
    }
}
