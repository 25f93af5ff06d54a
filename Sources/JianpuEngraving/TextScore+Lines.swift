import JianpuCore
import JianpuPerformance

/// Drawing the lines of a layout: every part's events at the columns of their onsets, bar lines where
/// each part's bars fall, the volta brackets and each line's bar number.
/// The bars of a stretch of a movement, read once: lines of any width inside it are drawn from it
/// without reading the score again (a resize lays the lines out anew from what is held).
public struct TextWindow: Sendable {
    let movement: Int
    /// The written time it covers.
    let from: WholeNotes, to: WholeNotes
    /// The arcs open at `from`, per part.
    let arcs: [TextEngraving.Arcs]
    /// Each part's bars in the stretch, each with only its events in it.
    let parts: [[WrittenBar]]

    /// Whether the lines `lines` (of one movement) lie inside.
    func covers(_ lines: ArraySlice<TextScore.Line>, slots: [TextScore.Slot]) -> Bool {
        guard let first = lines.first, let last = lines.last, first.movement == movement else { return false }
        return slots[first.slots.lowerBound].time >= from && slots[last.slots.upperBound].time <= to
    }
}

extension TextScore {
    /// The lines `range` of `breaks`, drawn: from `window` where it holds them, else from the bars of
    /// their movements read again, keeping only the events in those lines; so a few lines cost a few
    /// lines' text whatever the score's length.
    public func lines(_ range: Range<Int>, of breaks: Breaks, in window: TextWindow? = nil) -> [TextLine] {
        var result: [TextLine] = []
        var index = max(range.lowerBound, 0)
        let upper = min(range.upperBound, breaks.lines.count)
        while index < upper {
            let movement = breaks.lines[index].movement
            var end = index
            while end < upper, breaks.lines[end].movement == movement { end += 1 }
            let lines = breaks.lines[index..<end]
            if let window, window.covers(lines, slots: slots[movement]) {
                result += draw(lines, from: window)
            } else if let read = self.window(index..<end, of: breaks) {
                result += draw(lines, from: read)
            }
            index = end
        }
        return result
    }

    /// Whether `window` holds lines `range` of `breaks` (all in one movement).
    public func holds(_ window: TextWindow?, lines range: Range<Int>, of breaks: Breaks) -> Bool {
        let range = max(range.lowerBound, 0)..<min(range.upperBound, breaks.lines.count)
        guard let window, let first = range.first, breaks.lines[range].allSatisfy({ $0.movement == breaks.lines[first].movement }) else { return false }
        return window.covers(breaks.lines[range], slots: slots[breaks.lines[first].movement])
    }

    /// The bars under lines `range` of `breaks` (those of the movement of its first line), read again.
    public func window(_ range: Range<Int>, of breaks: Breaks) -> TextWindow? {
        let range = max(range.lowerBound, 0)..<min(range.upperBound, breaks.lines.count)
        guard let first = range.first.map({ breaks.lines[$0] }) else { return nil }
        let m = first.movement
        let last = breaks.lines[range].last { $0.movement == m } ?? first
        let slots = self.slots[m]
        let from = slots[first.slots.lowerBound].time, to = slots[last.slots.upperBound].time
        let movement = score.movements[m]
        var arcs = movement.parts.map { TextEngraving.Arcs(slurs: $0.slurs) }
        var parts = movement.parts.map { _ in [WrittenBar]() }
        PercentRepeats.readBars(of: writtenScores[m], movement: movement, movementIndex: m, piece: piece) { part, bar in
            let end = Self.end(of: bar)
            if end <= from {
                for event in bar.events { arcs[part].pass(event) }
                return
            }
            guard bar.start < to else { return }
            var kept = bar
            kept.events = []
            for event in bar.events {
                if event.onset < from { arcs[part].pass(event) } else if event.onset < to { kept.events.append(event) }
            }
            Self.append(kept, to: &parts[part])
        }
        return TextWindow(movement: m, from: from, to: to, arcs: arcs, parts: parts)
    }

    /// Lines of one movement drawn from a window that holds them.
    private func draw(_ lines: ArraySlice<Line>, from window: TextWindow) -> [TextLine] {
        let slots = self.slots[window.movement]
        guard let first = lines.first else { return [] }
        let from = slots[first.slots.lowerBound].time
        var arcs = window.arcs
        // The arcs opened and closed between the window's start and the first line's.
        for (part, bars) in window.parts.enumerated() {
            for bar in bars {
                for event in bar.events where event.onset < from { arcs[part].pass(event) }
            }
        }
        var drawn: [TextLine] = []
        for line in lines { drawn.append(draw(line, slots: slots, windows: window.parts, arcs: &arcs)) }
        return drawn
    }

    private func draw(_ line: Line, slots: [Slot], windows: [[WrittenBar]], arcs: inout [TextEngraving.Arcs]) -> TextLine {
        let lo = line.slots.lowerBound, hi = line.slots.upperBound
        // Each slot's columns: its bar line's end, its start (`‖:`), its events' digits.
        var index: [WholeNotes: Int] = [:]
        var barColumn: [Int] = [], startColumn: [Int] = [], eventColumn: [Int] = []
        var column = 0
        for k in lo...hi {
            index[slots[k].time] = k - lo
            barColumn.append(column)
            if k > lo { column += Int(slots[k].barEnd) }
            startColumn.append(column)
            if k < hi { column += Int(slots[k].barStart) }
            eventColumn.append(column + Int(slots[k].lead))
            if k < hi { column += slots[k].eventWidth }
        }
        let width = column
        let start = slots[lo].time, end = slots[hi].time
        var parts: [TextSystem] = []
        for (part, bars) in windows.enumerated() {
            var main = Array(repeating: Character(" "), count: width)
            var spans: [SourceLocation: Range<Int>] = [:]
            var placed: [(column: Int, cell: TextEngraving.Cell, bar: WrittenBar)] = []
            func write(_ text: String, at column: Int) {
                for (k, c) in text.enumerated() where column + k < main.count && c != " " { main[column + k] = c }
            }
            for bar in bars {
                let close = Self.end(of: bar)
                guard bar.start < end, close > start else { continue }
                let (opening, closing) = Self.barText(bar)
                if bar.start >= start, let k = index[bar.start] { write(opening, at: startColumn[k]) }
                if close <= end, let k = index[close] { write(closing, at: barColumn[k]) }
                // A percent sign in the middle of its bar; a multibar rest begun on a line before, in the middle of
                // what it covers of this one, with the count of its bars here (each line shows every part).
                let left = bar.start >= start ? index[bar.start].map { startColumn[$0] } ?? 0 : 0
                let right = close <= end ? index[close].map { barColumn[$0] } ?? width : width
                if bar.isPercentRepeat { write("%", at: max(left, (left + right - 1) / 2)) }
                if let rest = bar.events.first, bar.events.count == 1, case .multibarRest = rest.kind, rest.onset < start {
                    let cell = TextEngraving.cell(Self.restShown(rest, from: start, to: end))
                    let at = max(left, (left + right - cell.digit.count) / 2)
                    write(cell.digit, at: at)
                    spans[rest.location] = at..<(at + cell.digit.count)
                }
                for event in bar.events where event.onset >= start && event.onset < end {
                    guard let k = index[event.onset] else { continue }
                    let cell = TextEngraving.cell(Self.restShown(event, from: start, to: end))
                    let at = eventColumn[k] - cell.lead
                    write(cell.digit, at: at)
                    spans[event.location] = at..<(at + cell.digit.count)
                    placed.append((eventColumn[k], cell, bar))
                }
            }
            parts.append(TextEngraving.rows(main: main, spans: spans, placed: placed, arcs: &arcs[part]))
        }
        // The number of the bar the line starts in: the first part's that has one there.
        let number =
            windows.lazy.compactMap { bars in
                bars.first { $0.start <= start && Self.end(of: $0) > start }?.number.value
            }.first ?? 1
        let top = windows.first { bars in bars.contains { $0.volta != nil } }
        let voltas = top.flatMap { voltaRow($0, from: start, to: end, index: index, startColumn: startColumn, barColumn: barColumn, width: width) }
        return TextLine(movement: line.movement, number: number, voltas: voltas, parts: parts)
    }

    /// `event`, a multibar rest cut by a line's edges `start` and `end`, with the count of its bars in the line
    /// (`R*5` over a line break is a 2 on one line and a 3 on the next, as on the page); any other event as it is.
    static func restShown(_ event: WrittenEvent, from start: WholeNotes, to end: WholeNotes) -> WrittenEvent {
        guard case .multibarRest(let count) = event.kind, count > 0, event.length > .zero else { return event }
        let perBar = event.length / WholeNotes(Int64(count))
        let shown = (min(event.onset + event.length, end) - max(event.onset, start)) / perBar
        var cut = event
        cut.kind = .multibarRest(min(count, max(1, Int((shown.doubleValue + 0.5).rounded(.down)))))
        return cut
    }

    /// The brackets over a line's endings: `┌` and the label over an ending's first bar, a line over
    /// its bars, `┐` where an ending but the last closes.
    private func voltaRow(
        _ bars: [WrittenBar], from start: WholeNotes, to end: WholeNotes, index: [WholeNotes: Int],
        startColumn: [Int], barColumn: [Int], width: Int
    ) -> String? {
        var chars = Array(repeating: Character(" "), count: width + 1)
        var any = false
        for bar in bars {
            guard let volta = bar.volta else { continue }
            let close = Self.end(of: bar)
            guard bar.start < end, close > start else { continue }
            // An ending's bracket starts after its bar line; a bar that goes on with it joins the line before.
            let left = bar.start >= start ? index[bar.start].map { volta.label == nil ? barColumn[$0] : startColumn[$0] } ?? 0 : 0
            let right = close <= end ? index[close].map { barColumn[$0] } ?? width - 1 : width - 1
            guard left <= right, right < chars.count else { continue }
            for c in left...right where chars[c] == " " { chars[c] = "─" }
            if let label = volta.label, bar.start >= start {
                chars[left] = "┌"
                for (k, c) in TerminalText.visible(label).enumerated() where left + 1 + k < right { chars[left + 1 + k] = c }
            }
            if bar.voltaEndsWithHook, close <= end { chars[right] = "┐" }
            any = true
        }
        return any ? String(chars).trailingSpacesRemoved : nil
    }
}
