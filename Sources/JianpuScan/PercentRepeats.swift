import JianpuInterchange

/// LilyPond's one-bar percent repeat, as jianpu-ly prints a bar played again: a thick slash rising to the right
/// with a dot above its left half and one below its right half, alone in its bar. It has no character in a PDF's
/// text layer and no class of the glyph classifier, so it is found in the ink by its shape, on vector pages and
/// page images alike.
enum PercentRepeats {
    /// The character a percent sign stands as among the note digits, so that a row of them is a row.
    static let character: Character = "%"

    /// The percent signs among `ink`: each as one box (slash and dots), with the boxes of the pieces it is made of.
    static func signs(_ ink: [InkComponent], bitmap: InkBitmap?, em: Double) -> [(box: Box, pieces: [Box])] {
        guard let bitmap else { return [] }
        var found: [(box: Box, pieces: [Box])] = []
        for slash in ink where slash.box.width >= em * 0.5 && slash.box.width <= em * 2.5 && slash.box.height >= em * 0.4 && slash.box.height <= em * 1.5 {
            let box = slash.box
            func isDot(_ piece: InkComponent) -> Bool {
                piece.box.width >= em * 0.05 && piece.box.height >= em * 0.05 && piece.box.width <= em * 0.35 && piece.box.height <= em * 0.35
                    && piece.box.width <= piece.box.height * 1.8 && piece.box.height <= piece.box.width * 1.8
            }
            // The dots stand in the slash's empty corners: above-left and below-right of its middle.
            let upper = ink.first { p in
                isDot(p) && p.box.midX >= box.x - em * 0.3 && p.box.midX < box.midX && p.box.midY >= box.y - em * 0.3 && p.box.midY < box.midY
            }
            let lower = ink.first { p in
                isDot(p) && p.box.midX > box.midX && p.box.midX <= box.maxX + em * 0.3 && p.box.midY > box.midY && p.box.midY <= box.maxY + em * 0.3
            }
            guard let upper, let lower, isSlash(box, without: [upper.box, lower.box], bitmap: bitmap, em: em) else { continue }
            found.append((box.union(upper.box).union(lower.box), [box, upper.box, lower.box]))
        }
        return found
    }

    /// Whether `box` holds a thick stroke from its bottom left to its top right: ink in those corners of a 3×3
    /// grid, next to none in the other two, and the box not filled (a blot is no slash). The ink of the dots, which
    /// stand inside the slash's box, is not counted.
    static func isSlash(_ box: Box, without dots: [Box], bitmap: InkBitmap, em: Double) -> Bool {
        guard box.width >= box.height * 0.8 else { return false }
        let holes = dots.map { dot in
            (
                Int((dot.x * bitmap.scale).rounded(.down)) - 1, Int((dot.y * bitmap.scale).rounded(.down)) - 1,
                Int((dot.maxX * bitmap.scale).rounded(.up)) + 1, Int((dot.maxY * bitmap.scale).rounded(.up)) + 1
            )
        }
        let left = Int((box.x * bitmap.scale).rounded(.down)), top = Int((box.y * bitmap.scale).rounded(.down))
        let width = Int((box.width * bitmap.scale).rounded()), height = Int((box.height * bitmap.scale).rounded())
        guard width >= 6, height >= 6, left >= 0, top >= 0, left + width <= bitmap.width, top + height <= bitmap.height else { return false }
        func fill(_ column: Int, _ row: Int) -> Double {
            let x0 = left + width * column / 3, x1 = left + width * (column + 1) / 3
            let y0 = top + height * row / 3, y1 = top + height * (row + 1) / 3
            var ink = 0
            for y in y0..<y1 {
                for x in x0..<x1 where bitmap.isInk(x, y) && !holes.contains(where: { x >= $0.0 && x <= $0.2 && y >= $0.1 && y <= $0.3 }) { ink += 1 }
            }
            return Double(ink) / Double(max(1, (x1 - x0) * (y1 - y0)))
        }
        let all = (0..<3).flatMap { c in (0..<3).map { r in fill(c, r) } }.reduce(0, +) / 9
        return fill(0, 0) < 0.08 && fill(2, 2) < 0.08 && fill(2, 0) > 0.2 && fill(0, 2) > 0.2 && fill(1, 1) > 0.3 && all < 0.6
    }

    /// Whether a bar's symbols are a percent sign and nothing that sounds.
    static func repeatsBarBefore(_ symbols: [ScannedSymbol]) -> Bool {
        symbols.contains { $0.kind == .percentRepeat } && !symbols.contains { if case .digit = $0.kind { true } else { false } }
    }

    /// The events of the bar before, again: its notes and rests with their lengths and ties, without its words.
    static func again(_ measure: ImportedMeasure?) -> [ImportedEvent] {
        (measure?.events ?? []).map { event in
            var copy = event
            copy.lyrics = []
            return copy
        }
    }
}

extension PercentRepeats {
    /// The bars with one bar for each percent sign: a bar line missed between two signs (a page image's thin line read
    /// as a character) joins two bars, but a sign fills a bar of its own. A bar that holds a note is left as it is.
    static func oneBarEach(_ bars: [ScannedBar]) -> [ScannedBar] {
        bars.flatMap { bar -> [ScannedBar] in
            let signs = bar.symbols.filter { $0.kind == .percentRepeat }
            guard signs.count > 1, repeatsBarBefore(bar.symbols) else { return [bar] }
            return signs.indices.map { index in
                let left = index == 0 ? bar.box.x : (signs[index - 1].box.maxX + signs[index].box.x) / 2
                let right = index == signs.count - 1 ? bar.box.maxX : (signs[index].box.maxX + signs[index + 1].box.x) / 2
                var part = bar
                part.box = Box(x: left, y: bar.box.y, width: right - left, height: bar.box.height)
                part.symbols = [signs[index]]
                if index > 0 { part.startsRepeat = false; part.key = nil; part.section = nil; part.jumpsAtStart = [] }
                if index < signs.count - 1 { part.endsRepeat = false; part.endsFinal = false; part.jumpsAtEnd = [] }
                return part
            }
        }
    }
}
