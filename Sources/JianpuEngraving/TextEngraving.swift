import JianpuCore
import JianpuNotation
import JianpuPerformance

/// One part's rows in a line of the engraving drawn in a character grid, for the play screen
/// (`TextScore` lays the lines out: every part's events at the columns of their onsets).
///
/// A part's line of music is several rows of text: tuplet numbers, slurs and ties (`╭──╮`), chord figures
/// stacked above, octave dots above, the digits with their accidentals, grace notes (small raised
/// digits, `⁴⁵1`), augmentation dots, dashes and bar lines, the underlines (one row per level, joined
/// across a beat), octave dots below and each verse of the lyrics where they fit.
public struct TextSystem: Sendable, Hashable {
    /// The rows above the digits (tuplet numbers, slurs, ties, chord figures, octave dots).
    public var above: [String]
    /// The digits' row.
    public var main: String
    /// The rows below (underlines, low octave dots, a row per verse of lyrics).
    public var below: [String]
    /// Where each written event (by source location) sits in `main`, in characters.
    public var spans: [SourceLocation: Range<Int>]
}

/// One line of the play screen: the same span of written time in every part, as a system on the page.
public struct TextLine: Sendable, Hashable {
    /// The movement the line is in (0-based).
    public var movement: Int
    /// The printed number of the bar the line starts in.
    public var number: Int
    /// The volta brackets over the line's endings (`┌1.─────┐`), when it has any.
    public var voltas: String?
    /// Each part's rows, in score order; a part with nothing written in the line has an empty `main`.
    public var parts: [TextSystem]
}

public enum TextEngraving {
    /// Each part's lines (parts in score order, movements one after another), at most `width` characters wide,
    /// the parts' lines covering the same time (a part's line with nothing in it left out).
    public static func systems(of score: Score, width: Int = 72) -> [[TextSystem]] {
        let text = TextScore(score: score, timeline: nil)
        let breaks = text.breaks(width: width)
        var result: [[TextSystem]] = []
        for line in text.lines(0..<breaks.lines.count, of: breaks) {
            for (part, system) in line.parts.enumerated() where !system.main.isEmpty {
                while result.count <= part { result.append([]) }
                result[part].append(system)
            }
        }
        return result
    }

    /// One event in the grid: its cells on each kind of row.
    struct Cell {
        var digit: String
        var width: Int
        /// Characters before the digit (grace notes, its sharps or flats), and after its dots (grace notes after it).
        var lead = 0, trail = 0
        var high = 0, low = 0
        var underlines = 0
        var stacked: [String] = []
        /// The syllables sung on the note, by verse, as shown.
        var lyrics: [SungSyllable] = []
        var event: WrittenEvent
    }

    static func cell(_ event: WrittenEvent) -> Cell {
        switch event.kind {
        case .dash:
            return Cell(digit: "–", width: 1, event: event)
        case .multibarRest(let count):
            let text = "▬\(count)▬"
            return Cell(digit: text, width: text.count, event: event)
        case .note(_, let written):
            guard let lowest = written.figures.first else { return Cell(digit: "0", width: 1, event: event) }
            let before = graces(event.graceBefore), after = graces(event.graceAfter)
            let digit = before + lowest.accidentalSign + String(lowest.digit) + String(repeating: "·", count: written.dots) + after
            var cell = Cell(
                digit: digit, width: digit.count, lead: before.count + lowest.accidentalSign.count, trail: after.count,
                high: max(0, lowest.octave), low: max(0, -lowest.octave), underlines: written.underlines, event: event)
            cell.stacked = written.figures.dropFirst().map { figure in
                figure.accidentalSign + String(figure.digit) + octaveDots(figure.octave)
            }
            cell.lyrics = event.lyrics.map { SungSyllable(verse: $0.verse, text: BarBlock.shownSyllable($0.text)) }
            // Room for the syllables under the digit: the same spacing rule as the page.
            cell.width = max(cell.width, cell.stacked.map(\.count).max() ?? 0, cell.lyrics.map { TerminalText.columns(of: $0.text) }.max() ?? 0)
            return cell
        }
    }

    /// A part's rows of a line around its digits' row `main`: `placed` are its events with the column of their digit.
    static func rows(
        main: [Character], spans: [SourceLocation: Range<Int>], placed: [(column: Int, cell: Cell, bar: WrittenBar)],
        arcs: inout Arcs
    ) -> TextSystem {
        func row(_ fill: (Int, Cell) -> Character?) -> String? {
            var chars = Array(repeating: Character(" "), count: main.count)
            var any = false
            for (column, cell, _) in placed where column < chars.count {
                if let c = fill(column, cell) { chars[column] = c; any = true }
            }
            return any ? String(chars).trailingSpacesRemoved : nil
        }
        let events = placed.map { (column: $0.column, event: $0.cell.event) }
        var above =
            [tupletRow(events, width: main.count)].compactMap { $0 } + arcs.rows(events, width: main.count)
            + markRows(placed, width: main.count)
        let stack = placed.map(\.cell.stacked.count).max() ?? 0
        for level in stride(from: stack, through: 1, by: -1) {
            var chars = Array(repeating: Character(" "), count: main.count + 4)
            for (column, cell, _) in placed where cell.stacked.count >= level {
                let text = Array(cell.stacked[level - 1])
                let start = max(0, column - (text.first == "♯" || text.first == "♭" ? 1 : 0))
                for (k, c) in text.enumerated() where start + k < chars.count { chars[start + k] = c }
            }
            above.append(String(chars).trailingSpacesRemoved)
        }
        if let dots = row({ _, cell in cell.high == 1 ? "·" : cell.high >= 2 ? ":" : nil }) { above.append(dots) }
        var below: [String] = []
        let levels = placed.map(\.cell.underlines).max() ?? 0
        for level in 0..<levels {
            var chars = Array(repeating: Character(" "), count: main.count)
            var index = 0
            while index < placed.count {
                guard placed[index].cell.underlines > level else { index += 1; continue }
                var end = index
                let group = SystemLayout.beatGroup(of: placed[index].cell.event, in: placed[index].bar)
                while end + 1 < placed.count, placed[end + 1].cell.underlines > level,
                    placed[end + 1].bar.start == placed[index].bar.start,
                    SystemLayout.beatGroup(of: placed[end + 1].cell.event, in: placed[end + 1].bar) == group
                { end += 1 }
                let last = placed[end].column + max(0, placed[end].cell.digit.count - 1 - placed[end].cell.lead - placed[end].cell.trail)
                for c in placed[index].column...max(placed[index].column, last) where c < chars.count { chars[c] = "‾" }
                index = end + 1
            }
            below.append(String(chars).trailingSpacesRemoved)
        }
        if let low = row({ _, cell in cell.low == 1 ? "·" : cell.low >= 2 ? ":" : nil }) { below.append(low) }
        if let dynamics = dynamicsRow(placed, width: main.count, open: &arcs.openHairpin) { below.append(dynamics) }
        // Each verse's syllables centred under their notes where they fit, a row per verse sung in
        // the line (a screen, like LilyPond's page, leaves out a verse's empty line).
        var verses: [Int: [(column: Int, lyric: String)]] = [:]
        for (column, cell, _) in placed {
            for sung in cell.lyrics { verses[sung.verse, default: []].append((column, sung.text)) }
        }
        for verse in verses.keys.sorted() {
            var chars = Array(repeating: Character(" "), count: main.count + 8)
            var free = 0
            for (column, lyric) in verses[verse] ?? [] {
                let text = Array(lyric)
                let width = TerminalText.columns(of: lyric)
                let start = max(free, column - (width - 1) / 2)
                guard start + width <= chars.count, start <= column + 1 else { continue }
                // A wide character takes two cells: the second is left out of the string.
                var at = start
                for c in text {
                    chars[at] = c
                    let wide = isWide(c)
                    if wide, at + 1 < chars.count { chars[at + 1] = "\u{0}" }
                    at += wide ? 2 : 1
                }
                // Latin syllables keep a space between them; wide characters have their own margin.
                free = at + (text.last.map(isWide) == true ? 0 : 1)
            }
            below.append(String(chars.filter { $0 != "\u{0}" }).trailingSpacesRemoved)
        }
        return TextSystem(above: above, main: String(main).trailingSpacesRemoved, below: below, spans: spans)
    }

    private static func isWide(_ character: Character) -> Bool { TerminalText.columns(of: character) == 2 }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
