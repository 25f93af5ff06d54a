import Foundation
import JianpuCore
import JianpuPractice

/// The lesson drawn as text: the two-octave piano with the scale's keys labelled, then the page.
extension LearnProgram {
    /// The two octaves drawn, C4–B5: the scale from the tonic in octave 4 and every chord on it fit.
    public static let piano = PianoDrawing(firstOctave: 4, lastOctave: 5)
    static let drawnRange = 60...83
    static let cyan = "\u{1B}[46;30m"

    public func lines(columns: Int, rows: Int) -> [String] {
        screenLines(columns: columns)
    }

    /// The screen's lines for a terminal `columns` wide (colours are taken out by the session under `NO_COLOR`).
    public func screenLines(columns: Int) -> [String] {
        let width = max(40, columns)
        var lines: [String] = []
        func add(_ text: String) { lines += Wording.wrap(text, width: width, indent: "  ") }
        let pageName =
            switch page {
            case .scale: "the scale (1/4)"
            case .chords: "the chords (2/4)"
            case .exercises: "exercises (3/4) · question \(min(index + 1, lesson.items.count))/\(lesson.items.count) · score \(correctCount)/\(answers.count)"
            case .summary: "summary (4/4)"
            }
        add("jianpu learn · \(scale) · 1=\(scale.doNote.symbol) · \(pageName)")
        lines.append("")
        lines += pianoLines(columns: width)
        lines.append("")
        switch page {
        case .scale: lines += scaleTable(columns: width)
        case .chords: lines += chordTable(columns: width)
        case .exercises:
            if let item {
                add("\(item.kind.title): \(item.prompt)")
                if item.isNamed { add("answer: \(typed)_") }
            }
        case .summary:
            summaryLines.forEach(add)
        }
        lines.append("")
        if let heard { add("you played: \(heard)") } else { lines.append("") }
        if page == .exercises || page == .summary {
            for line in transcript.suffix(3) where !line.hasPrefix("score") { add(line) }
        }
        lines.append("")
        add(help)
        return lines
    }

    private var help: String {
        let piano = "piano keys z s x d c v g b h n j m = C4…B4, q 2 w 3 e r 5 t 6 y 7 u i = C5…C6 (or MIDI)"
        switch page {
        case .scale: return "Enter: the chords · Space: the scale again · \(piano) · Esc quits"
        case .chords: return "Enter: the exercises · ←/→ another degree, ↑/↓ triad or seventh, Space plays it · Esc quits"
        case .exercises:
            if item?.isNamed == true { return "type the answer + Enter · Space: hear it again · Esc quits" }
            return "play the answer: \(piano) · Space: hear it again · Esc quits"
        case .summary: return "Enter or Esc: done"
        }
    }

    /// The keyboard, then under it each scale key's letter name and jianpu number with its octave dots. In fewer
    /// than its 57 columns, the part from the tonic up (the scale's octave) is drawn.
    func pianoLines(columns: Int = 80) -> [String] {
        var colours: [Int: String] = [:]
        var signs: [Int: Character] = [:]
        for (note, mark) in marks where Self.drawnRange.contains(note) {
            switch mark {
            case .sounding: colours[note] = PianoDrawing.yellow; signs[note] = "*"
            case .right: colours[note] = PianoDrawing.green; signs[note] = "+"
            case .wrong: colours[note] = PianoDrawing.red; signs[note] = "x"
            case .answer: colours[note] = Self.cyan; signs[note] = "o"
            }
        }
        for note in lit where Self.drawnRange.contains(note) {
            colours[note] = PianoDrawing.yellow
            signs[note] = "*"
        }
        let width = 2 * 28 + 1
        let window = columns < width ? columns : nil
        var lines = Self.piano.lines(marks: colours, labelRoot: 60, window: window, focus: scale.tonicMIDI, signs: signs)
        // The drawing's own window: from the tonic's key's left border, one column before it.
        let tonicCenter = Self.center(of: scale.tonicMIDI)
        let tonicX = Self.whiteClasses.contains(scale.tonicMIDI % 12) ? tonicCenter - 2 : tonicCenter - 1
        let shown = window.map { min(max(tonicX - 1, 0), width - $0)..<min(max(tonicX - 1, 0), width - $0) + $0 } ?? 0..<width
        let blank = Array(repeating: Character(" "), count: width)
        var letters = blank, digits = blank
        // Octave dots stacked as jianpu prints them: the first row next to the digits.
        var high = [blank, blank], low = [blank, blank]
        for midi in Self.drawnRange {
            guard let position = scale.notes.firstIndex(where: { $0.pitchClass == midi % 12 }) else { continue }
            let center = Self.center(of: midi)
            // A black key's label ends over its key, or starts there when the white key below is labelled too.
            let leftAligned = !Self.whiteClasses.contains(midi % 12) && scale.notes.contains { $0.pitchClass == (midi + 11) % 12 }
            let name = scale.notes[position]
            Self.put(name.symbol, at: center, in: &letters, leftAligned: leftAligned)
            let (number, octave) = scale.notatedJianpu(midi: midi)
            Self.put(number, at: center, in: &digits, leftAligned: leftAligned)
            let dotColumn = leftAligned ? center + number.count - 1 : center
            for row in 0..<min(abs(octave), 2) {
                if octave > 0 { Self.put("•", at: dotColumn, in: &high[row]) } else { Self.put("•", at: dotColumn, in: &low[row]) }
            }
        }
        let rows = [letters] + high.reversed().filter { $0 != blank } + [digits] + low.filter { $0 != blank }
        lines += rows.map { String($0[shown]).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        return lines
    }

    static let whiteClasses = [0, 2, 4, 5, 7, 9, 11]

    /// The column under the middle of a key of the drawing.
    static func center(of midi: Int) -> Int {
        let whites = whiteClasses
        let octave = midi / 12 - 5
        let pitchClass = midi % 12
        if let index = whites.firstIndex(of: pitchClass) { return (octave * 7 + index) * 4 + 2 }
        let below = whites.firstIndex(of: pitchClass - 1) ?? 0
        return (octave * 7 + below) * 4 + 4
    }

    /// Writes a label so that its last character sits at `center`, or its first when `leftAligned`.
    static func put(_ label: String, at center: Int, in row: inout [Character], leftAligned: Bool = false) {
        let characters = Array(label)
        let start = leftAligned ? center : center - (characters.count - 1)
        for (offset, character) in characters.enumerated() where row.indices.contains(start + offset) {
            row[start + offset] = character
        }
    }

    /// The scale as a table: notes, jianpu numbers, the steps between them, the intervals from the tonic.
    func scaleTable(columns: Int = 80) -> [String] {
        // Narrower cells and titles on a narrow terminal: the octave's eight notes still fit 40 columns.
        let cell = columns >= 53 ? 5 : 4, titleWidth = columns >= 53 ? 11 : 9
        let indent = columns >= 53 ? "  " : ""
        let names = scale.notes.map(\.symbol) + [scale.tonic.symbol]
        let numbers = scale.ascendingMIDI.map(scale.notatedTypedJianpu(midi:))
        let intervals = scale.intervalsFromTonic + ["P8"]
        func row(_ title: String, _ cells: [String], offset: Int = 0) -> String {
            let body = cells.map { $0.padding(toLength: cell, withPad: " ", startingAt: 0) }.joined()
            return ((indent + title).padding(toLength: titleWidth, withPad: " ", startingAt: 0) + String(repeating: " ", count: offset) + body)
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return [
            "\(scale): \(scale.notes.map(\.symbol).joined(separator: " ")) (1=\(scale.doNote.symbol))",
            row("note", names),
            row("jianpu", numbers),
            row("step", scale.steps, offset: cell / 2 + 1),
            row("interval", intervals),
        ]
    }

    /// The triads and seventh chords on every degree, named and numbered, and the chord selected; as many degrees
    /// a row as the terminal holds.
    func chordTable(columns: Int = 80) -> [String] {
        let triads = scale.triads, sevenths = scale.seventhChords
        let cell = max(8, (triads + sevenths).map { max($0.chord.printedSymbol.count, $0.romanNumeral.count) }.max().map { $0 + 2 } ?? 0)
        let perRow = max(1, min(7, (max(40, columns) - 11 + 2) / cell))
        func row(_ title: String, _ cells: ArraySlice<String>) -> String {
            (title.padding(toLength: 11, withPad: " ", startingAt: 0) + cells.map { $0.padding(toLength: cell, withPad: " ", startingAt: 0) }.joined())
                .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        var lines = Wording.wrap("triads of \(scale.keyName): \(scale.triadPattern.joined(separator: " "))", width: max(40, columns), indent: "  ")
        if !scale.kind.isHeptatonic { lines += Wording.wrap("(a pentatonic scale plays the chords of \(scale.keyName))", width: max(40, columns)) }
        for start in stride(from: 0, to: 7, by: perRow) {
            let range = start..<min(7, start + perRow)
            lines += [
                row("  triad", triads[range].map(\.romanNumeral)[...]),
                row("", triads[range].map(\.chord.printedSymbol)[...]),
                row("  seventh", sevenths[range].map(\.romanNumeral)[...]),
                row("", sevenths[range].map(\.chord.printedSymbol)[...]),
            ]
        }
        let chosen = (selectedChord.seventh ? sevenths : triads)[selectedChord.index]
        lines.append("  \(chosen.romanNumeral) = \(chosen.chord.printedSymbol): " + chosen.chord.noteNames.map(\.symbol).joined(separator: " "))
        return lines
    }

    /// The scale and chords pages as plain lines (for `--plain`).
    public var introductionLines: [String] {
        ["jianpu learn: \(scale) (1=\(scale.doNote.symbol))"] + pianoLines(columns: 80).map { TerminalText.plain($0) } + [""] + scaleTable() + [""] + chordTable().dropLast()
    }
}

/// Text without its escape sequences.
enum TerminalText {
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
