import JianpuCore

/// Drawing the lines of a layout: every part's events at the columns of their onsets, bar lines where
/// each part's bars fall, the volta brackets and each line's bar number.
extension TextScore {
    /// The lines `range` of `breaks`, drawn. Reads the bars of their movements again and keeps only
    /// the events in those lines, so a few lines cost a few lines' text whatever the score's length.
    public func lines(_ range: Range<Int>, of breaks: Breaks) -> [TextLine] {
        var result: [TextLine] = []
        var index = max(range.lowerBound, 0)
        let upper = min(range.upperBound, breaks.lines.count)
        while index < upper {
            let movement = breaks.lines[index].movement
            var end = index
            while end < upper, breaks.lines[end].movement == movement { end += 1 }
            result += draw(breaks.lines[index..<end], movement: movement)
            index = end
        }
        return result
    }

    /// A part's bars in the lines drawn, each with only its events in those lines.
    private struct Window {
        var bars: [WrittenBar] = []
    }

    private func draw(_ lines: ArraySlice<Line>, movement m: Int) -> [TextLine] {
        let slots = self.slots[m]
        guard let first = lines.first, let last = lines.last else { return [] }
        let from = slots[first.slots.lowerBound].time, to = slots[last.slots.upperBound].time
        let movement = score.movements[m]
        var arcs = movement.parts.map { TextEngraving.Arcs(slurs: $0.slurs) }
        var windows = movement.parts.map { _ in Window() }
        WrittenBars.read(movement, prefix: "m\(m)", times: numberings[m]) { part, bar in
            let end = Self.end(of: bar)
            if end <= from {
                for event in bar.events { arcs[part].pass(event) }
                return
            }
            guard bar.start < to else { return }
            var kept = bar
            kept.events = []
            // The numbering kept has the bars only: the number read with the whole timeline is kept apart.
            kept.number = number(movement: m, part: part, start: bar.start) ?? bar.number
            for event in bar.events {
                if event.onset < from { arcs[part].pass(event) } else if event.onset < to { kept.events.append(event) }
            }
            windows[part].bars.append(kept)
        }
        var drawn: [TextLine] = []
        for line in lines { drawn.append(draw(line, slots: slots, windows: windows, arcs: &arcs)) }
        return drawn
    }

    private func draw(_ line: Line, slots: [Slot], windows: [Window], arcs: inout [TextEngraving.Arcs]) -> TextLine {
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
        for (part, window) in windows.enumerated() {
            var main = Array(repeating: Character(" "), count: width)
            var spans: [SourceLocation: Range<Int>] = [:]
            var placed: [(column: Int, cell: TextEngraving.Cell, bar: WrittenBar)] = []
            func write(_ text: String, at column: Int) {
                for (k, c) in text.enumerated() where column + k < main.count && c != " " { main[column + k] = c }
            }
            for bar in window.bars {
                let close = Self.end(of: bar)
                guard bar.start < end, close > start else { continue }
                let (opening, closing) = Self.barText(bar)
                if bar.start >= start, let k = index[bar.start] { write(opening, at: startColumn[k]) }
                if close <= end, let k = index[close] { write(closing, at: barColumn[k]) }
                for event in bar.events where event.onset >= start && event.onset < end {
                    guard let k = index[event.onset] else { continue }
                    let cell = TextEngraving.cell(event)
                    let at = eventColumn[k] - cell.lead
                    write(cell.digit, at: at)
                    spans[event.location] = at..<(at + cell.digit.count)
                    placed.append((eventColumn[k], cell, bar))
                }
            }
            parts.append(TextEngraving.rows(main: main, spans: spans, placed: placed, arcs: &arcs[part]))
        }
        // The number of the bar the line starts in: the first part's that has one there.
        let number = windows.lazy.compactMap { window in
            window.bars.first { $0.start <= start && Self.end(of: $0) > start }?.number
        }.first ?? 1
        let top = windows.first { window in window.bars.contains { $0.volta != nil } }
        let voltas = top.flatMap { voltaRow($0.bars, from: start, to: end, index: index, startColumn: startColumn, barColumn: barColumn, width: width) }
        return TextLine(movement: line.movement, number: number, voltas: voltas, parts: parts)
    }

    /// The brackets over a line's endings: `┌` and the label over an ending's first bar, a line over
    /// its bars, `┐` where an ending but the last closes.
    private func voltaRow(_ bars: [WrittenBar], from start: WholeNotes, to end: WholeNotes, index: [WholeNotes: Int],
                          startColumn: [Int], barColumn: [Int], width: Int) -> String? {
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
