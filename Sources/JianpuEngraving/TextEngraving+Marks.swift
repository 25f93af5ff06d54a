import JianpuCore
import JianpuNotation
import JianpuPerformance

/// The signs over and around the digits in the text form: grace notes, tuplet numbers, slurs and ties.
extension TextEngraving {
    /// Grace notes as small raised digits (`⁴⁵`), sharps and flats before them.
    static func graces(_ notes: [(Note, WrittenNote)]) -> String {
        let raised: [Character: Character] = ["0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "x": "ˣ"]
        return notes.map { _, written in
            written.figures.first.map { $0.accidentalSign + String(raised[$0.digit] ?? $0.digit) + octaveDots($0.octave) } ?? ""
        }.joined()
    }

    /// Octave dots as combining marks on a digit drawn inline (a stacked chord note, a grace note): one dot or two
    /// (a diaeresis) above or below, so that two octaves never read as one.
    static func octaveDots(_ octave: Int) -> String {
        switch octave {
        case ...(-2): "\u{324}"
        case -1: "\u{323}"
        case 1: "\u{307}"
        case 2...: "\u{308}"
        default: ""
        }
    }

    /// The row of tuplet numbers, each centred over its group's digits on the line, if the line has any.
    static func tupletRow(_ events: [(column: Int, event: WrittenEvent)], width: Int) -> String? {
        var chars = Array(repeating: Character(" "), count: width + 4)
        var any = false
        var index = 0
        while index < events.count {
            guard let tuplet = events[index].event.tuplet else { index += 1; continue }
            var end = index
            while end + 1 < events.count, events[end + 1].event.tuplet?.id == tuplet.id { end += 1 }
            let number = Array(String(tuplet.count))
            let start = max(0, (events[index].column + events[end].column) / 2 - (number.count - 1) / 2)
            for (k, c) in number.enumerated() where start + k < chars.count { chars[start + k] = c }
            any = true
            index = end + 1
        }
        return any ? String(chars).trailingSpacesRemoved : nil
    }

    /// Slurs and ties as arcs over the digits they join (`╭───╮`), one row each; an arc cut by the
    /// end of a line runs to the line's end and on from the start of the next.
    struct Arcs {
        private var starts: [SourceLocation: Int] = [:]
        private var ends: [SourceLocation: Int] = [:]
        /// Left open at the end of the last line drawn.
        private var openSlurs = 0
        private var openTie = false
        /// The hairpin left open at the end of the last line drawn: true for a crescendo.
        var openHairpin: Bool?

        init(slurs: [Slur]) {
            for slur in slurs {
                starts[slur.start, default: 0] += 1
                ends[slur.end, default: 0] += 1
            }
        }

        /// The slur row and the tie row of a line `width` characters wide, each when the line has one;
        /// `events` are the line's events with the column of their digit.
        mutating func rows(_ events: [(column: Int, event: WrittenEvent)], width: Int) -> [String] {
            var slurRow = Row(width: width), tieRow = Row(width: width)
            // Columns where open arcs start; nil: the start of the line.
            var slurs: [Int?] = Array(repeating: nil, count: openSlurs)
            var tie: Int?? = openTie ? .some(nil) : .none
            for (column, event) in events {
                guard case .note = event.kind else { continue }
                for _ in 0..<(ends[event.location] ?? 0) where !slurs.isEmpty { slurRow.arc(from: slurs.removeLast(), to: column) }
                slurs += Array(repeating: column, count: starts[event.location] ?? 0)
                if case .some(let start) = tie {
                    tieRow.arc(from: start, to: column)
                    tie = .none
                }
                if event.tiedToNext { tie = .some(column) }
            }
            for start in slurs { slurRow.arc(from: start, to: nil) }
            if case .some(let start) = tie { tieRow.arc(from: start, to: nil) }
            openSlurs = slurs.count
            openTie = tie != nil
            return [slurRow, tieRow].compactMap(\.text)
        }

        /// Passes over an event left out of the lines drawn: the arcs it opens or closes stay counted.
        mutating func pass(_ event: WrittenEvent) {
            if let hairpin = event.hairpin {
                if hairpin.ends { openHairpin = nil }
                if let crescendo = hairpin.startsCrescendo { openHairpin = crescendo }
            }
            guard case .note = event.kind else { return }
            openSlurs = max(0, openSlurs - (ends[event.location] ?? 0)) + (starts[event.location] ?? 0)
            openTie = event.tiedToNext
        }

        private struct Row {
            var chars: [Character]
            var any = false
            init(width: Int) { chars = Array(repeating: " ", count: width) }

            /// An arc from column `a` to column `b` (nil: from the line's start, or to its end).
            mutating func arc(from a: Int?, to b: Int?) {
                let first = a ?? 0, last = b ?? chars.count - 1
                guard first <= last, last < chars.count else { return }
                for c in first...last where chars[c] == " " { chars[c] = "─" }
                if let a { chars[a] = chars[a] == "╮" ? "┬" : "╭" }
                if let b { chars[b] = "╮" }
                any = true
            }

            var text: String? { any ? String(chars).trailingSpacesRemoved : nil }
        }
    }
}
