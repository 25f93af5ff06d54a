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
        let (diagnostics, exceeded) = check(score)
        return (exceeded ? Score(file: score.file, movements: []) : score, diagnostics)
    }

    static func check(_ score: Score) -> (diagnostics: [Diagnostic], exceeded: Bool) {
        var walk = Walk()
        for movement in score.movements {
            var longest = 0.0
            for part in movement.parts {
                walk.barLength = 1
                var size = walk.measure(part.items)
                if walk.broken { return (walk.diagnostics, true) }
                // `DC` and `DS` play the part up to twice.
                if part.items.contains(where: Self.goesBack) { size.scale(by: 2) }
                walk.total.items = Walk.add(walk.total.items, size.items)
                walk.total.passes = Walk.add(walk.total.passes, size.passes)
                longest = max(longest, size.length)
                walk.enforce(at: part.location, what: "the score")
                if walk.broken { return (walk.diagnostics, true) }
            }
            walk.total.length += longest
            walk.enforce(at: movement.location, what: "the score")
            if walk.broken { return (walk.diagnostics, true) }
        }
        return (walk.diagnostics, false)
    }

    private static func goesBack(_ item: MusicItem) -> Bool {
        if case .jump(let jump) = item { return jump.kind == .daCapo || jump.kind == .dalSegno }
        return false
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

    /// One pass over the written tree (depth bounded by the parser), linear in its size: each list of
    /// items (a part, a tuplet's, a repeat's body, an ending) is measured on its own, and a repeat adds
    /// its body and endings as many times as they are played.
    struct Walk: MusicWalker {
        var total = Size()
        /// Items written (each visited once).
        var written = 0
        var barLength = 1.0
        var diagnostics: [Diagnostic] = []
        var broken = false
        /// The size of the list being measured so far.
        private var size = Size()
        /// The product of the tuplet ratios around it, as a double: exact ratios 100 groups deep could overflow.
        private var scale = 1.0

        var isDone: Bool { broken }

        static func add(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : sum
        }

        static func multiply(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? .max : product
        }

        /// The size of `items` played once, `scale` times their written length; pitches out of range are
        /// reported on the way, and the walk stops at the first limit broken.
        mutating func measure(_ items: [MusicItem], scale: Double = 1) -> Size {
            let (outerSize, outerScale) = (size, self.scale)
            (size, self.scale) = (Size(), scale)
            defer { (size, self.scale) = (outerSize, outerScale) }
            for item in items {
                size.items = Self.add(size.items, 1)
                written += 1
                visit(item, ratio: .whole)
                if broken { break }
            }
            return size
        }

        mutating func visitNote(_ note: Note, ratio: WholeNotes) {
            size.length += note.length.doubleValue * scale
            checkPitches(note.pitches, at: note.location)
        }

        mutating func visitContinuation(_ dash: Continuation, ratio: WholeNotes) {
            size.length += dash.length.doubleValue * scale
        }

        mutating func visitGrace(_ grace: GraceNotes) {
            for note in grace.notes { checkPitches(note.pitches, at: grace.location) }
        }

        mutating func visitMultibarRest(_ rest: MultibarRest) {
            size.length += barLength * Double(rest.bars)
        }

        mutating func visitTimeSignature(_ meter: TimeSignature) {
            barLength = meter.barLength.doubleValue
        }

        mutating func visitTuplet(_ tuplet: Tuplet, ratio: WholeNotes) {
            let inner = measure(tuplet.items, scale: scale * tuplet.ratio.doubleValue)
            size.add(inner)
        }

        mutating func visitRepeat(_ repeated: Repeat, ratio: WholeNotes) {
            let times = max(repeated.times, 1)
            var played = Size(passes: times)
            played.add(measure(repeated.body, scale: scale), times: times)
            // The first ending serves the early passes, the others one pass each.
            for (index, ending) in repeated.endings.enumerated() where !broken {
                played.add(measure(ending, scale: scale), times: index == 0 ? times - repeated.endings.count + 1 : 1)
            }
            guard !broken else { return }
            size.add(played)
            // The music before the repeat, with it.
            let before = total
            total.add(size)
            enforce(at: repeated.location, what: "this repeat")
            total = before
        }

        private mutating func checkPitches(_ pitches: [Pitch], at location: SourceLocation) {
            for pitch in pitches where !pitch.isValidMIDI {
                diagnostics.append(.error(at: location, "a note sounds at MIDI note \(pitch.midiNumber): expected a pitch from 0 (C-1) to 127 (G9)"))
                return
            }
        }

        /// Reports the first limit `total` exceeds, at `location`, and stops the walk.
        mutating func enforce(at location: SourceLocation, what: String) {
            let problem: String? =
                if total.items - written > maximumAddedItems { "adds more than \(maximumAddedItems) notes, rests and marks to those written" } else if total.passes > maximumPasses {
                    "repeats more than \(maximumPasses) passes"
                } else if total.length > maximumWholeNotes { "lasts more than \(Int(maximumWholeNotes)) whole notes" } else { nil }
            guard let problem else { return }
            let reach = what == "this repeat" ? "with the music before it, \(what)" : what
            diagnostics.append(.error(at: location, "\(reach) \(problem) when repeats are unfolded: the most this tool plays (a limit that keeps memory and time bounded)"))
            broken = true
        }
    }
}
