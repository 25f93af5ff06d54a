/// One row of digits and the marks around it, read into bars of symbols in reading order.
///
/// In a bar, each digit comes after its accidental and before what belongs to it: its octave dots
/// (`.octaveDot(+1)` above, `-1` below), one `.underline` per line under it, its augmentation dots;
/// then the dashes that lengthen it.
enum RowReader {
    static func row(_ symbols: [ScannedSymbol], em: Double) -> ScannedRow {
        let digits = symbols.filter { if case .digit = $0.kind { true } else { false } }
        // A row of percent signs or multi-bar rests alone is placed by them.
        let anchors = digits.isEmpty ? symbols.filter { if case .percentRepeat = $0.kind { true } else if case .multiBarRest = $0.kind { true } else { false } } : digits
        let middle = median(anchors.map(\.box.midY))
        let height = median(anchors.map(\.box.height))
        var items: [ScannedSymbol] = []
        var attached: [Int: [ScannedSymbol]] = [:]
        var barLines: [Box] = []
        /// The digit whose box holds `x` (with a little room), if any.
        func digit(over x: Double) -> Int? {
            digits.indices.first { digits[$0].box.x - em * 0.08 <= x && x <= digits[$0].box.maxX + em * 0.08 }
        }
        var chords = StackedChords.columns(symbols, digits: digits, em: em)
        let repeats = RepeatMarks.repeatDots(symbols, middle: middle, height: height, em: em)
        for symbol in symbols where !repeats.dots.contains(symbol) {
            let dy = symbol.box.midY - middle
            switch symbol.kind {
            case .digit:
                items.append(symbol)
            case .chordDigit:
                break
            case .octaveDot:
                if let index = digit(over: symbol.box.midX), chords[index] != nil, abs(dy) > height * 0.3 {
                    // In a chord's column a dot is its nearest digit's, above or below it.
                    chords[index]?.dot(symbol, height: height)
                } else if let index = digit(over: symbol.box.midX), abs(dy) > height * 0.3 {
                    attached[index, default: []].append(ScannedSymbol(.octaveDot(dy < 0 ? 1 : -1), box: symbol.box, confidence: symbol.confidence))
                } else if abs(dy) <= height * 0.3, digit(over: symbol.box.midX) == nil {
                    items.append(ScannedSymbol(.augmentationDot, box: symbol.box, confidence: symbol.confidence))
                }
            case .underline where symbol.box.maxY < middle - height * 0.5, .tie:
                // An arc (or a flat stroke) above the digits: it starts at the last digit begun before its left end.
                let top = middle - height * 0.5
                guard symbol.box.maxY <= top + height * 0.25, symbol.box.y >= top - height * 1.3 else { break }
                if let index = digits.indices.last(where: { digits[$0].box.midX <= symbol.box.x + em * 0.5 && symbol.box.x - digits[$0].box.midX <= em * 0.8 }),
                    symbol.box.maxX > digits[index].box.maxX + em * 0.3,
                    // A tie ends at the next note; an arc reaching past it is a slur (LilyPond draws both alike).
                    index + 1 == digits.count || symbol.box.maxX <= digits[index + 1].box.maxX + em * 0.1 && symbol.box.maxX >= digits[index + 1].box.x - em * 0.6
                {
                    attached[index, default: []].append(ScannedSymbol(.tie, box: symbol.box, confidence: symbol.confidence))
                }
            case .underline:
                if abs(dy) <= height * 0.2 {
                    items.append(ScannedSymbol(.dash, box: symbol.box, confidence: symbol.confidence))
                } else if dy > 0 {
                    for index in digits.indices where symbol.box.x <= digits[index].box.midX && digits[index].box.midX <= symbol.box.maxX {
                        attached[index, default: []].append(ScannedSymbol(.underline, box: symbol.box, confidence: symbol.confidence))
                    }
                }
            case .barLine:
                if symbol.box.y <= middle && symbol.box.maxY >= middle { barLines.append(symbol.box) }
            case .accidental:
                if abs(dy) <= height * 0.6 {
                    items.append(symbol)
                } else {
                    for index in chords.keys { chords[index]?.accidental(symbol, height: height, em: em) }
                }
            case .meter, .tuplet, .grace, .percentRepeat, .multiBarRest:
                items.append(symbol)
            default:
                break
            }
        }
        // A double or final bar line is one bar line.
        var bars: [Box] = []
        for line in barLines.sorted(by: { $0.x < $1.x }) {
            if let last = bars.last, line.x - last.maxX <= em * 0.5 { bars[bars.count - 1] = last.union(line) } else { bars.append(line) }
        }
        let finals = finalLines(barLines, merged: bars)
        var ordered: [ScannedSymbol] = []
        for item in items.sorted(by: { $0.box.x < $1.box.x }) {
            ordered.append(item)
            if case .digit = item.kind, let index = digits.firstIndex(of: item) {
                let own = (attached[index] ?? []).sorted { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
                if let column = chords[index] {
                    // The foot's dots, then each stacked digit with its sign and dots, then what the note has (underlines, ties).
                    ordered += column.footDots + column.stackedSymbols() + own
                } else {
                    ordered += own
                }
            }
        }
        var result: [ScannedBar] = []
        var current: [ScannedSymbol] = []
        var remaining = bars[...]
        var startsRepeat = false
        func close(at x: Double) {
            guard !current.isEmpty else { return }
            let box = current.dropFirst().reduce(current[0].box) { $0.union($1.box) }
            var bar = ScannedBar(box: Box(x: box.x, y: box.y, width: max(box.width, x - box.x), height: box.height), symbols: current)
            bar.startsRepeat = startsRepeat
            startsRepeat = false
            result.append(bar)
            current = []
        }
        /// Passes the bar line `line`: the bar before it ends (and its repeat with it), the next may start one.
        func pass(_ line: Box) {
            close(at: line.x)
            if repeats.ends.contains(where: { $0 < line.midX && line.midX - $0 <= em }), !result.isEmpty { result[result.count - 1].endsRepeat = true }
            if repeats.starts.contains(where: { $0 > line.midX && $0 - line.midX <= em }) { startsRepeat = true }
            // A repeat's thick line (`:‖`, `‖:`) ends nothing.
            if finals.contains(line), !result.isEmpty, !result[result.count - 1].endsRepeat, !startsRepeat { result[result.count - 1].endsFinal = true }
        }
        for symbol in ordered {
            while let line = remaining.first, line.midX < symbol.box.midX {
                pass(line)
                remaining = remaining.dropFirst()
            }
            current.append(symbol)
        }
        if let line = remaining.first { pass(line) } else { close(at: current.last?.box.maxX ?? 0) }
        let box = symbols.dropFirst().reduce(symbols.first?.box ?? Box(x: 0, y: 0, width: 0, height: 0)) { $0.union($1.box) }
        return ScannedRow(box: box, bars: PercentRepeats.oneBarEach(result))
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}
