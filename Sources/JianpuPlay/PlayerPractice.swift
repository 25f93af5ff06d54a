import JianpuCore
import JianpuPerformance

/// What the play screen's practice keys have set: the loop's bars, the chosen part, the parts muted
/// and soloed. Pure, so the screen's keys are tested without sound.
public struct PlayerPractice: Sendable, Hashable {
    /// The loop's first and last played bar, each once set.
    public var loopStart: PlayedBarIndex?
    public var loopEnd: PlayedBarIndex?
    /// The part the `m` and `s` keys act on, 0-based.
    public var selectedPart = 0
    public var muted: Set<Int> = []
    public var soloed: Set<Int> = []

    public init() {}

    /// The bars to loop, once both ends are set (in either order).
    public var loop: ClosedRange<PlayedBarIndex>? {
        guard let loopStart, let loopEnd else { return nil }
        return min(loopStart, loopEnd)...max(loopStart, loopEnd)
    }

    /// The channels to silence for `parts`: the muted ones, and all but the soloed when any is
    /// (the click keeps time for a solo unless muted itself).
    public func mutedChannels(_ parts: [TimelinePart]) -> UInt16 {
        var mask: UInt16 = 0
        for (index, part) in parts.enumerated()
        where muted.contains(index) || (!soloed.isEmpty && !soloed.contains(index) && part.channel != PartRole.percussionChannel) {
            mask |= 1 << UInt16(part.channel & 15)
        }
        return mask
    }

    /// Each muted or soloed part's mark (`muted`, `solo`), by part: the screen marks them all, not only the one chosen.
    public var marks: [Int: String] {
        var marks: [Int: String] = [:]
        for part in muted { marks[part] = "muted" }
        // A part both muted and soloed plays (solo wins, as `mutedChannels` has it).
        for part in soloed { marks[part] = "solo" }
        return marks
    }

    /// The line the screen shows: `loop 5-8   part 2 Erhu: muted`, the loop's bars as printed.
    public func summary(_ timeline: Timeline) -> String {
        var pieces: [String] = []
        func printed(_ bar: PlayedBarIndex) -> String {
            timeline.bars.contains(bar) ? "\(timeline.bars[bar].number)" : "?"
        }
        if let loop { pieces.append("loop \(printed(loop.lowerBound))-\(printed(loop.upperBound))") } else if let loopStart { pieces.append("loop from \(printed(loopStart))") }
        func name(_ index: Int) -> String {
            // The part's name comes from the score: its control characters shown, never obeyed.
            index == 0 ? "melody" : timeline.parts[index].name.map(TerminalText.visible) ?? "accompaniment"
        }
        let marks = self.marks
        if timeline.parts.indices.contains(selectedPart) {
            pieces.append("part \(selectedPart + 1) \(name(selectedPart))" + (marks[selectedPart].map { ": \($0)" } ?? ""))
        }
        // Every other part muted or soloed keeps its mark in sight, whichever part is chosen.
        for index in timeline.parts.indices where index != selectedPart {
            if let mark = marks[index] { pieces.append("\(index + 1) \(name(index)): \(mark)") }
        }
        return pieces.joined(separator: "   ")
    }
}
