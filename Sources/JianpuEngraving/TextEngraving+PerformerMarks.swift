import JianpuCore
import JianpuNotation
import JianpuPerformance

/// The marks performers read, as characters around a part's digits in the text form: fermatas and
/// articulations over the digit (`Articulation.character`, the nearest lowest), a breath mark after its
/// note, a rehearsal mark boxed (`[A]`) over them, dynamics under the digit and hairpins as `<───` and
/// `───>` on the same row, as the page sets them under the part.
extension TextEngraving {
    /// The rows over the digits (top first): rehearsal marks, then a row per articulation stacked on a note.
    static func markRows(_ placed: [(column: Int, cell: Cell, bar: WrittenBar)], width: Int) -> [String] {
        var rows: [String] = []
        if let rehearsal = row(
            width: width,
            placed.compactMap { column, cell, _ in
                cell.event.rehearsalMarks.isEmpty ? nil : (max(0, column - 1), cell.event.rehearsalMarks.map { "[\($0)]" }.joined())
            })
        {
            rows.append(rehearsal)
        }
        let over = placed.map { $0.cell.event.articulations.filter { $0 != .breathe } }
        let levels = over.map(\.count).max() ?? 0
        let breaths = placed.indices.filter { placed[$0].cell.event.articulations.contains(.breathe) }
        for level in stride(from: levels - 1, through: 0, by: -1) {
            var texts = placed.indices.compactMap { k in
                level < over[k].count ? (placed[k].column, String(over[k][level].character)) : nil
            }
            // The breath mark after its note's characters, on the row nearest the digits.
            if level == 0 { texts += breaths.map { breathColumn(placed[$0]) } }
            if let text = row(width: width, texts) { rows.append(text) }
        }
        if levels == 0, let text = row(width: width, breaths.map { breathColumn(placed[$0]) }) { rows.append(text) }
        return rows
    }

    private static func breathColumn(_ placed: (column: Int, cell: Cell, bar: WrittenBar)) -> (Int, String) {
        (placed.column - placed.cell.lead + placed.cell.digit.count, String(Articulation.breathe.character))
    }

    /// The row of dynamics (each centred under its digit) and hairpins under a part's line, when it has any;
    /// `open` is the hairpin going on from the line before (true: a crescendo), and after it the one going on to the next.
    static func dynamicsRow(_ placed: [(column: Int, cell: Cell, bar: WrittenBar)], width: Int, open: inout Bool?) -> String? {
        var chars = Array(repeating: Character(" "), count: width + 8)
        var any = false
        var free = 0
        // Where the open hairpin starts on this line: nil, from its left edge.
        var from: Int? = nil
        func wedge(from a: Int?, to b: Int, crescendo: Bool, ends: Bool) {
            let first = a ?? 0
            guard first <= b, b < chars.count else { return }
            for c in first...b where chars[c] == " " { chars[c] = "─" }
            if crescendo, a != nil { chars[first] = "<" }
            if !crescendo, ends { chars[b] = ">" }
            any = true
        }
        for (column, cell, _) in placed {
            let dynamic = cell.event.dynamic.map(Array.init) ?? []
            let start = max(free, column - (dynamic.count - 1) / 2)
            if let hairpin = cell.event.hairpin, hairpin.ends, let crescendo = open {
                // To the digit it ends at, or to just before that note's dynamic.
                wedge(from: from, to: max(from ?? 0, dynamic.isEmpty ? column : start - 2), crescendo: crescendo, ends: true)
                open = nil
            }
            if !dynamic.isEmpty, start + dynamic.count <= chars.count {
                for (k, c) in dynamic.enumerated() { chars[start + k] = c }
                free = start + dynamic.count + 1
                any = true
            }
            if let crescendo = cell.event.hairpin?.startsCrescendo {
                open = crescendo
                from = dynamic.isEmpty ? column : start + dynamic.count + 1
            }
        }
        if let crescendo = open {
            wedge(from: from, to: max(from ?? 0, width - 1), crescendo: crescendo, ends: false)
        }
        return any ? String(chars).trailingSpacesRemoved : nil
    }

    /// A row of `texts` (column, text), each where nothing is written yet, when there are any.
    private static func row(width: Int, _ texts: [(Int, String)]) -> String? {
        guard !texts.isEmpty else { return nil }
        var chars = Array(repeating: Character(" "), count: width + 8)
        for (column, text) in texts {
            for (k, c) in text.enumerated() where column + k < chars.count && chars[column + k] == " " { chars[column + k] = c }
        }
        return String(chars).trailingSpacesRemoved
    }
}
