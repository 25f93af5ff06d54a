import JianpuCore

/// Grace notes as jianpu-ly + LilyPond and our typesetter print them: small digits (two thirds of a note's size
/// or less) raised beside a note, before it (`g[45] 1`) or, nearer the note before, after that one (`2 [23]g`),
/// stacked for a chord (`g[1&3]`). They take none of the bar's time.
enum GraceNotes {
    /// The written value of a grace with `underlines` lines under it; a semiquaver (jianpu-ly's default) when
    /// none could be counted.
    static func value(underlines: Int) -> WholeNotes {
        underlines > 0 ? WholeNotes(1, 4 << Int64(min(underlines, 4))) : WholeNotes(1, 16)
    }

    /// The grace notes beside a row: one `.grace` symbol per column of small digits, lowest first.
    ///
    /// A grace digit is a digit 0–7 between a fifth and nine tenths of the notes' size, its middle above the
    /// row's middle and its bottom no more than a note's height over the row's top, no further than a note's
    /// width from a note of the row, and not over a bar line (a bar number) nor taken (`exclude`: tuplet numbers).
    ///
    /// Each grace's box takes in the sharp, flat or natural set just before a digit of it, and its value is
    /// counted from the lines under its group (one a quaver, two a semiquaver) where the page's ink is drawn.
    static func graces(
        _ characters: [PositionedCharacter], notes: [PositionedCharacter], ink: [InkComponent], bitmap: InkBitmap?, barLines: [Box], exclude: Set<Box>, em: Double
    ) -> [ScannedSymbol] {
        guard let top = notes.map(\.box.y).min() else { return [] }
        let middle = RowReader.median(notes.map(\.box.midY))
        // A number's digits (a tempo's `= 90`, a year) stand beside an 8, a 9 or an `=`: none of them is a grace.
        let numberSigns = characters.filter { "89=".contains($0.character) }
        // Every grace is drawn with a beam or flag under it: small digits with none (a tempo's, a label's) are no graces.
        let lines = ink.filter { $0.box.height <= em * 0.5 && $0.box.width >= em * 0.15 }.map(\.box)
        let small = characters.filter { c in
            guard let degree = c.character.wholeNumberValue, (1...7).contains(degree), !notes.contains(c), !exclude.contains(c.box) else { return false }
            guard !numberSigns.contains(where: { abs($0.box.midY - c.box.midY) <= c.box.height * 0.5 && abs($0.box.midX - c.box.midX) <= em * 2 }) else { return false }
            // Nor a digit set tight beside another (`112`), unless a line runs right under it: graces stand apart
            // like notes where LilyPond sets them, tight where our typesetter does, and always over their beams.
            guard
                !characters.contains(where: { o in
                    o != c && o.character.isNumber && abs(o.box.midY - c.box.midY) <= c.box.height * 0.3
                        && max(o.box.x, c.box.x) - min(o.box.maxX, c.box.maxX) < c.box.height * 0.15
                })
                    || lines.contains(where: { line in
                        line.y >= c.box.midY && line.y <= c.box.maxY + em * 0.3 && min(line.maxX, c.box.maxX) - max(line.x, c.box.x) > c.box.width * 0.5
                    })
            else { return false }
            return c.box.height >= em * 0.2 && c.box.height < em * 0.9 && c.box.midY < middle && c.box.maxY >= top - em * 1.0
                && !barLines.contains { $0.x >= c.box.x - em * 0.4 && $0.x <= c.box.maxX + em * 0.2 }
                && notes.contains { n in
                    (n.box.x >= c.box.maxX - em * 0.1 && n.box.x - c.box.maxX <= em * 1.2) || (c.box.x >= n.box.maxX - em * 0.1 && c.box.x - n.box.maxX <= em * 1.2)
                }
        }
        // A grace chord's upper digits stand higher: small digits right over one found are its.
        var stacked = small
        for _ in 0..<3 {
            stacked += characters.filter { c in
                guard let degree = c.character.wholeNumberValue, (1...7).contains(degree), !stacked.contains(c), !exclude.contains(c.box) else { return false }
                return stacked.contains { below in
                    abs(below.box.height - c.box.height) <= below.box.height * 0.1 && c.box.midY < below.box.midY
                        && below.box.y - c.box.maxY <= below.box.height * 0.5
                        && min(below.box.maxX, c.box.maxX) - max(below.box.x, c.box.x) > min(below.box.width, c.box.width) * 0.5
                }
            }
        }
        // Columns: digits one over the other (a grace chord).
        var columns: [[PositionedCharacter]] = []
        for digit in stacked.sorted(by: { $0.box.maxY > $1.box.maxY }) {
            if let index = columns.firstIndex(where: { column in
                column.contains { min($0.box.maxX, digit.box.maxX) - max($0.box.x, digit.box.x) > min($0.box.width, digit.box.width) * 0.5 }
            }) {
                columns[index].append(digit)
            } else {
                columns.append([digit])
            }
        }
        let boxes = columns.compactMap { column in column.first.map { first in column.dropFirst().reduce(first.box) { $0.union($1.box) } } }
        return columns.indices.compactMap { index in
            let box = boxes[index]
            // A group (graces side by side) comes after the note before it when nearer to it than to the next.
            let group = boxes.filter { groupOf($0, box, boxes: boxes, em: em) }
            let span = group.dropFirst().reduce(group.first ?? box) { $0.union($1) }
            let beamed = lines.contains { line in
                line.y >= span.maxY - em * 0.1 && line.y <= span.maxY + em * 0.6 && min(line.maxX, span.maxX) - max(line.x, span.x) > 0
            }
            guard beamed else { return nil }
            let before = notes.filter { $0.box.maxX <= span.midX }.map { span.x - $0.box.maxX }.min() ?? .infinity
            let after = notes.filter { $0.box.x >= span.midX }.map { $0.box.x - span.maxX }.min() ?? .infinity
            let digits = columns[index].sorted { $0.box.maxY > $1.box.maxY }
            let signs = digits.map { sign(before: $0, in: characters) }
            // A column's dots: over its top digit, under its lowest.
            let dots = digits.indices.map { octaveDots(of: digits[$0], ink: ink, over: $0 == digits.count - 1, under: $0 == 0) }
            let grace = ScannedGrace(
                degrees: digits.compactMap(\.character.wholeNumberValue), accidentals: signs.map { $0?.accidental ?? 0 }, octaves: dots.map(\.octave),
                underlines: bitmap.map { beams(under: span, ink: ink, bitmap: $0, em: em) } ?? 0, after: before < after)
            let marks = signs.compactMap { $0?.box } + dots.flatMap(\.boxes)
            return ScannedSymbol(.grace(grace), box: marks.reduce(box) { $0.union($1) }, confidence: 0.8)
        }
    }

    /// The octave dots over (+1 each) and under (-1 each) a grace digit: small round pieces of ink in line with its
    /// glyph, within its height of it (LilyPond prints those over a grace only; our typesetter both).
    static func octaveDots(of digit: PositionedCharacter, ink: [InkComponent], over: Bool, under: Bool) -> (octave: Int, boxes: [Box]) {
        // The glyph's own ink: a text layer's box reaches past it, and our typesetter's dots lie inside that box.
        let inside = ink.filter { p in
            p.box.x >= digit.box.x - 0.5 && p.box.maxX <= digit.box.maxX + 0.5 && p.box.y >= digit.box.y - 0.5 && p.box.maxY <= digit.box.maxY + 0.5
        }
        let glyph = inside.max { $0.box.height < $1.box.height }?.box ?? digit.box
        let size = glyph.height
        let dots = ink.filter { p in
            let box = p.box
            return box != glyph && box.width <= size * 0.35 && box.height <= size * 0.35 && min(box.width, box.height) >= size * 0.06
                && abs(box.width - box.height) <= max(box.width, box.height) * 0.5 && abs(box.midX - glyph.midX) <= size * 0.3
        }
        let above = over ? dots.filter { $0.box.maxY <= glyph.y + size * 0.02 && $0.box.y >= glyph.y - size * 0.9 }.map(\.box) : []
        let below = under ? dots.filter { $0.box.y >= glyph.maxY - size * 0.02 && $0.box.maxY <= glyph.maxY + size * 0.9 }.map(\.box) : []
        return (min(above.count, 3) - min(below.count, 3), above + below)
    }

    /// The sharp (+1), flat (-1) or natural (0) set just before a grace digit, about its height, with its box.
    static func sign(before digit: PositionedCharacter, in characters: [PositionedCharacter]) -> (accidental: Int, box: Box)? {
        let height = digit.box.height
        let sign = characters.filter { c in
            "♯#♭♮".contains(c.character) && c.box.maxX <= digit.box.x + height * 0.15 && digit.box.x - c.box.maxX <= height * 0.6
                && min(c.box.maxY, digit.box.maxY) - max(c.box.y, digit.box.y) > height * 0.3 && c.box.height <= height * 2.2
        }.max { $0.box.x < $1.box.x }
        guard let sign else { return nil }
        return (sign.character == "♭" ? -1 : sign.character == "♮" ? 0 : 1, sign.box)
    }

    /// How many lines are drawn under a group of graces: the strokes of ink crossing the band under its digits,
    /// the fewest seen across its middle (the slur's hook LilyPond draws from one end adds a stroke there, and
    /// its second beam and the hook are one piece of ink, so pieces are not counted).
    static func beams(under span: Box, ink: [InkComponent], bitmap: InkBitmap, em: Double) -> Int {
        // The band starts under the digits' ink: a text layer's box reaches down past the glyph, where our
        // typesetter draws the first line.
        let bottom = ink.filter { span.contains($0.box) && $0.box.height >= em * 0.2 }.map(\.box.maxY).max() ?? span.maxY
        let band = Box(x: span.x, y: bottom + em * 0.03, width: span.width, height: em * 0.6)
        return InkComponents.strokeCounts(in: bitmap, across: band).filter { $0 > 0 }.min() ?? 0
    }
}

/// A grace note or grace chord as read from the page.
public struct ScannedGrace: Sendable, Hashable {
    /// Its digits, lowest first.
    public var degrees: [Int]
    /// Each digit's sign, in `degrees`' order: a sharp +1, a flat -1, none (or a natural) 0.
    public var accidentals: [Int]
    /// Each digit's octave from its dots, in `degrees`' order: +1 a dot over it, -1 one under it.
    public var octaves: [Int]
    /// The lines drawn under it (one a quaver, two a semiquaver); 0 when they could not be counted.
    public var underlines: Int
    /// After the note before it (`2 [23]g`) rather than before the next.
    public var after: Bool
}

extension GraceNotes {
    /// Whether two graces are of one group: no gap wider than `em * 0.8` between the graces from one to the other.
    static func groupOf(_ a: Box, _ b: Box, boxes: [Box], em: Double) -> Bool {
        let (left, right) = a.x <= b.x ? (a, b) : (b, a)
        var reach = left.maxX
        for box in boxes.sorted(by: { $0.x < $1.x }) where box.x >= left.x && box.x <= right.x {
            if box.x - reach > em * 0.8 { return false }
            reach = max(reach, box.maxX)
        }
        return true
    }

    /// The marks without the lines and hooks drawn under grace notes (their beams, a quaver grace's flag): they
    /// are no underline or tie of the row's notes.
    static func withoutTheirLines(_ marks: [ScannedSymbol], graces: [ScannedSymbol], em: Double) -> [ScannedSymbol] {
        // Graces side by side share their beams: they are taken as groups.
        var groups: [Box] = []
        for grace in graces.map(\.box).sorted(by: { $0.x < $1.x }) {
            if let last = groups.last, grace.x - last.maxX <= em * 0.8 { groups[groups.count - 1] = last.union(grace) } else { groups.append(grace) }
        }
        return marks.filter { mark in
            guard mark.kind == .underline || mark.kind == .tie else { return true }
            return !groups.contains { grace in
                mark.box.midY >= grace.midY && mark.box.maxY <= grace.maxY + em
                    && mark.box.x >= grace.x - em * 0.8 && mark.box.maxX <= grace.maxX + em * 0.8
            }
        }
    }
}
