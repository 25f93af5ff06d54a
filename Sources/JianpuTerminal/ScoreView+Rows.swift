import Foundation
import JianpuCore

/// The rows a score view shows: the score file's own lines, or lines rebuilt from the Score tree.
extension ScoreView {
    /// A property list (the seed app's, OpenStep or XML) rather than jianpu text.
    static func looksLikePlist(_ source: String) -> Bool { PropertyList.looksLikePropertyList(source) }

    static func sourceRows(_ source: String, timeline: Timeline, partCount: Int, noteRow: inout [Int?], restRow: inout [Int?]) -> [[Row]] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> [Character] in
            var text = String(line)
            if text.hasSuffix("\r") { text.removeLast() }
            return Array(text.unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
        }
        // The lines each part's notes were written on.
        var linesOfPart = Array(repeating: Set<Int>(), count: partCount)
        for (part, location) in timeline.notes.map({ ($0.part, $0.location) }) + timeline.rests.map({ ($0.part, $0.location) }) {
            guard let location, lines.indices.contains(location.line - 1), linesOfPart.indices.contains(part) else { continue }
            linesOfPart[part].insert(location.line)
        }
        var result: [[Row]] = []
        for part in 0..<partCount {
            let numbers = linesOfPart[part].sorted()
            var rowIndex: [Int: Int] = [:]
            var rows: [Row] = []
            for (index, number) in numbers.enumerated() {
                rowIndex[number] = index
                rows.append(Row(text: String(lines[number - 1]), spans: [:]))
            }
            for (noteIndex, note) in timeline.notes.enumerated() where note.part == part {
                guard let location = note.location, let index = rowIndex[location.line] else { continue }
                noteRow[noteIndex] = index
                rows[index].spans[location] = span(of: location, in: lines[location.line - 1])
            }
            for (restIndex, rest) in timeline.rests.enumerated() where rest.part == part {
                guard let location = rest.location, let index = rowIndex[location.line] else { continue }
                restRow[restIndex] = index
                rows[index].spans[location] = span(of: location, in: lines[location.line - 1])
            }
            result.append(rows)
        }
        return result
    }

    /// The characters of the word written at `location` in its line.
    private static func span(of location: SourceLocation, in characters: [Character]) -> Range<Int> {
        // Columns count Unicode scalars from 1; the lexer reads each character as one.
        let start = max(0, min(location.column - 1, characters.count))
        var end = start
        while end < characters.count, characters[end] != " " { end += 1 }
        return start..<max(end, min(start + 1, characters.count))
    }

    /// Rows rebuilt from the Score tree: each part's notes and rests as written, bar lines between bars, four bars a row.
    static func treeRows(score: Score, timeline: Timeline, partCount: Int, noteRow: inout [Int?], restRow: inout [Int?]) -> [[Row]] {
        var written: [SourceLocation: String] = [:]
        func collect(_ items: [MusicItem]) {
            for item in items {
                switch item {
                case .note(let note): written[note.location] = note.text
                case .tuplet(let tuplet): collect(tuplet.items)
                case .grace(let grace): for note in grace.notes { written[note.location] = note.text }
                case .multibarRest(let rest): written[rest.location] = "R*\(rest.bars)"
                case .repeat(let r):
                    collect(r.body)
                    for ending in r.endings { collect(ending) }
                default: break
                }
            }
        }
        for movement in score.movements {
            for part in movement.parts { collect(part.items) }
        }
        let bars = timeline.barStarts.map(\.doubleValue)
        func bar(of onset: Double) -> Int {
            var low = 0, high = max(bars.count - 1, 0)
            while low < high {
                let mid = (low + high + 1) / 2
                if bars[mid] <= onset + 1e-9 { low = mid } else { high = mid - 1 }
            }
            return low
        }
        let barsPerRow = 4
        var result: [[Row]] = []
        for part in 0..<partCount {
            var rows: [Row] = []
            var currentRow = -1
            var currentBar = -1
            var seen = Set<SourceLocation>()
            var text: [Character] = []
            var spans: [SourceLocation: Range<Int>] = [:]
            func flush() {
                guard currentRow >= 0 else { return }
                rows.append(Row(text: String(text) + " |", spans: spans))
                text = []
                spans = [:]
            }
            // The part's notes and rests in time order (a note before a rest at the same onset).
            let notes = timeline.notes.enumerated().filter { $0.element.part == part }
                .map { (onset: $0.element.onset, location: $0.element.location, note: Optional($0.offset), rest: Int?.none) }
            let rests = timeline.rests.enumerated().filter { $0.element.part == part }
                .map { (onset: $0.element.onset, location: $0.element.location, note: Int?.none, rest: Optional($0.offset)) }
            let events = (notes + rests).enumerated().sorted { ($0.element.onset, $0.offset) < ($1.element.onset, $1.offset) }.map(\.element)
            for event in events {
                let noteBar = bar(of: event.onset.doubleValue)
                if noteBar / barsPerRow != currentRow {
                    flush()
                    currentRow = noteBar / barsPerRow
                    currentBar = noteBar
                    seen = []
                } else if noteBar != currentBar {
                    text += Array(" |")
                    currentBar = noteBar
                }
                guard let location = event.location else { continue }
                if let note = event.note { noteRow[note] = rows.count }
                if let rest = event.rest { restRow[rest] = rows.count }
                // A chord's notes share a location; a repeat plays a location again in a later row.
                guard seen.insert(location).inserted else { continue }
                let word = written[location] ?? event.note.map { timeline.notes[$0].pitch.description } ?? "0"
                if !text.isEmpty { text.append(" ") }
                spans[location] = text.count..<(text.count + word.count)
                text += Array(word)
            }
            flush()
            result.append(rows)
        }
        return result
    }
}
