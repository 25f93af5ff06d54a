import Foundation
import JianpuCore

/// What `jianpu play` draws: the score as jianpu text, a few lines at a time, with the sounding notes
/// highlighted, a header (title, key, meter, tempo, bar, time) and a footer with the keys.
///
/// A pure function of the playback state: `lines(for:columns:rows:)` gives the screen's lines
/// (with ANSI colour escapes), so it is tested without a terminal.
///
/// The music is shown as it was written: each part's source lines from the score file (the lines
/// holding that part's notes, found through the notes' `SourceLocation`s), the line being played
/// first, then the lines after it. Where there is no jianpu text to show (the seed app's plist, an
/// unreadable file), each part is written out from the Score tree, four bars a line.
public struct ScoreView: Sendable {
    /// One line of one part's music, and where each written note sits in it.
    public struct Row: Sendable, Hashable {
        /// The text, as written (tabs as spaces).
        public var text: String
        /// The characters of `text` a note written at a location covers (character offsets).
        public var spans: [SourceLocation: Range<Int>]

        public init(text: String, spans: [SourceLocation: Range<Int>]) {
            self.text = text
            self.spans = spans
        }
    }

    /// The playback state to draw.
    public struct Status: Sendable, Hashable {
        /// The score position sounding now, in whole notes.
        public var position: Double
        /// The tempo factor (1 is the score's tempo).
        public var tempoFactor: Double
        public var isPaused: Bool
        /// Where the played range starts and ends (whole notes), for the time shown.
        public var startPosition: Double
        public var endPosition: Double

        public init(position: Double, tempoFactor: Double = 1, isPaused: Bool = false, startPosition: Double = 0, endPosition: Double) {
            self.position = position
            self.tempoFactor = tempoFactor
            self.isPaused = isPaused
            self.startPosition = startPosition
            self.endPosition = endPosition
        }
    }

    /// Highlight escapes: the melody's sounding notes, the accompaniment's, and back to normal.
    public static let melodyHighlight = "\u{1B}[1;7;33m"
    public static let accompanimentHighlight = "\u{1B}[7;36m"
    public static let reset = "\u{1B}[0m"
    /// The footer's key help.
    public static let keyHelp = "space pause/resume   ←/→ bar   +/- tempo   q quit"

    public let timeline: Timeline
    public let title: String
    /// Each part's rows in written order.
    public let rows: [[Row]]
    /// Per part: the non-grace notes' onsets (whole notes) and the row each was written in, by onset.
    private let cues: [[(onset: Double, row: Int)]]
    /// Each part's display name.
    public let partNames: [String]
    private let notes: [(onset: Double, end: Double, part: Int, location: SourceLocation?)]
    private let barStarts: [Double]

    /// A view of `timeline` (flattened from `score`), showing `source` — the score file's text — or,
    /// when it is nil or not jianpu text, the music rebuilt from the Score tree.
    public init(timeline: Timeline, score: Score, source: String?) {
        self.timeline = timeline
        let fileName = (score.file as NSString).lastPathComponent
        self.title = timeline.title ?? score.title ?? (fileName.isEmpty ? "jianpu" : fileName)
        let partCount = max(timeline.parts.count, (timeline.notes.map(\.part).max() ?? -1) + 1, 1)
        // The row each of the timeline's notes is shown in.
        var noteRow = [Int?](repeating: nil, count: timeline.notes.count)
        var builtRows: [[Row]] = []
        if let source, !Self.looksLikePlist(source) {
            builtRows = Self.sourceRows(source, timeline: timeline, partCount: partCount, noteRow: &noteRow)
        }
        if builtRows.allSatisfy(\.isEmpty) {
            noteRow = [Int?](repeating: nil, count: timeline.notes.count)
            builtRows = Self.treeRows(score: score, timeline: timeline, partCount: partCount, noteRow: &noteRow)
        }
        self.rows = builtRows
        var cues = Array(repeating: [(onset: Double, row: Int)](), count: partCount)
        for (index, note) in timeline.notes.enumerated() where !note.isGrace {
            guard let row = noteRow[index] else { continue }
            cues[note.part].append((note.onset.doubleValue, row))
        }
        self.cues = cues
        self.barStarts = timeline.barStarts.map(\.doubleValue)
        self.notes = timeline.notes.map { ($0.onset.doubleValue, $0.end.doubleValue, $0.part, $0.location) }
        self.partNames = (0..<partCount).map { index in
            let name = index < timeline.parts.count ? timeline.parts[index].name : nil
            let role = index == 0 ? "melody" : partCount > 2 ? "accompaniment \(index)" : "accompaniment"
            return name.map { "\(role) (\($0))" } ?? role
        }
    }

    /// A view reading the score's own file for its text.
    public init(timeline: Timeline, score: Score) {
        let source = FileManager.default.contents(atPath: score.file).flatMap { String(validating: Array($0), as: UTF8.self) }
        self.init(timeline: timeline, score: score, source: source)
    }

    // MARK: Rows

    /// The seed app's OpenStep plist (or an XML plist) rather than jianpu text.
    static func looksLikePlist(_ source: String) -> Bool {
        let start = source.drop { $0.isWhitespace }
        return start.hasPrefix("{") || start.hasPrefix("(") || start.hasPrefix("<?xml") || start.hasPrefix("<plist")
    }

    private static func sourceRows(_ source: String, timeline: Timeline, partCount: Int, noteRow: inout [Int?]) -> [[Row]] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> [Character] in
            var text = String(line)
            if text.hasSuffix("\r") { text.removeLast() }
            return Array(text.unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
        }
        // The lines each part's notes were written on.
        var linesOfPart = Array(repeating: Set<Int>(), count: partCount)
        for note in timeline.notes {
            guard let location = note.location, lines.indices.contains(location.line - 1) else { continue }
            linesOfPart[note.part].insert(location.line)
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
                let characters = lines[location.line - 1]
                // Columns count Unicode scalars from 1; the lexer reads each character as one.
                let start = max(0, min(location.column - 1, characters.count))
                var end = start
                while end < characters.count, characters[end] != " " { end += 1 }
                rows[index].spans[location] = start..<max(end, min(start + 1, characters.count))
            }
            result.append(rows)
        }
        return result
    }

    /// Rows rebuilt from the Score tree: each part's notes as written, bar lines between bars, four bars a row.
    private static func treeRows(score: Score, timeline: Timeline, partCount: Int, noteRow: inout [Int?]) -> [[Row]] {
        var written: [SourceLocation: String] = [:]
        func collect(_ items: [MusicItem]) {
            for item in items {
                switch item {
                case .note(let note): written[note.location] = note.text
                case .tuplet(let tuplet): collect(tuplet.items)
                case .grace(let grace): for note in grace.notes { written[note.location] = note.text }
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
            for (noteIndex, note) in timeline.notes.enumerated() where note.part == part {
                let noteBar = bar(of: note.onset.doubleValue)
                if noteBar / barsPerRow != currentRow {
                    flush()
                    currentRow = noteBar / barsPerRow
                    currentBar = noteBar
                    seen = []
                } else if noteBar != currentBar {
                    text += Array(" |")
                    currentBar = noteBar
                }
                guard let location = note.location else { continue }
                noteRow[noteIndex] = rows.count
                // A chord's notes share a location; a repeat plays a location again in a later row.
                guard seen.insert(location).inserted else { continue }
                let word = written[location] ?? note.pitch.description
                if !text.isEmpty { text.append(" ") }
                spans[location] = text.count..<(text.count + word.count)
                text += Array(word)
            }
            flush()
            result.append(rows)
        }
        return result
    }

    // MARK: State at a position

    /// Positions within this much of each other count as the same (a seek lands on a sample, not exactly on the bar).
    static let tolerance = 1e-4

    /// The bar (1-based) at a position.
    public func bar(at position: Double) -> Int {
        var low = 0, high = barStarts.count
        while low < high {
            let mid = (low + high) / 2
            if barStarts[mid] <= position + Self.tolerance { low = mid + 1 } else { high = mid }
        }
        return max(low, 1)
    }

    /// Seconds from the score's start to a position, at the score's tempo.
    func seconds(at position: Double) -> Double {
        let changes = timeline.tempoMap.changes
        guard var change = changes.first else { return position * 240 / TempoMap.defaultQuarterNotesPerMinute }
        for next in changes.dropFirst() where next.position.doubleValue <= position { change = next }
        return timeline.tempoMap.seconds(at: change.position) + (position - change.position.doubleValue) * 240 / change.quarterNotesPerMinute
    }

    /// The score's tempo (quarter notes per minute) at a position.
    func tempo(at position: Double) -> Double {
        var tempo = timeline.tempoMap.changes.first?.quarterNotesPerMinute ?? TempoMap.defaultQuarterNotesPerMinute
        for change in timeline.tempoMap.changes where change.position.doubleValue <= position + Self.tolerance { tempo = change.quarterNotesPerMinute }
        return tempo
    }

    /// The locations of the notes sounding at a position, per part.
    public func soundingLocations(at position: Double) -> [Int: Set<SourceLocation>] {
        var result: [Int: Set<SourceLocation>] = [:]
        for note in notes {
            if note.onset > position + Self.tolerance { break }
            guard note.end > position + Self.tolerance, let location = note.location else { continue }
            result[note.part, default: []].insert(location)
        }
        return result
    }

    /// The row of a part being played at a position: the row of its latest note begun by then.
    public func currentRow(part: Int, at position: Double) -> Int {
        guard part < cues.count else { return 0 }
        let list = cues[part]
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].onset <= position + Self.tolerance { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return list.first?.row ?? 0 }
        let row = list[low - 1].row
        // In the rests that open a line, show that line once its bar has begun.
        if low < list.count, list[low].row != row {
            let playing = bar(at: position)
            if bar(at: list[low].onset) == playing && bar(at: list[low - 1].onset) < playing { return list[low].row }
        }
        return row
    }

    // MARK: Drawing

    /// The screen for a playback state: at most `rows` lines, none wider than `columns`.
    public func lines(for status: Status, columns: Int, rows screenRows: Int) -> [String] {
        let width = max(columns, 10)
        let height = max(screenRows, 1)
        let position = status.position
        var header: [String] = []
        var top = " " + title
        if let key = timeline.keys.last(where: { $0.position.doubleValue <= position + Self.tolerance }) ?? timeline.keys.first {
            top += "   " + key.name
        }
        if let meter = timeline.meters.last(where: { $0.position.doubleValue <= position + Self.tolerance }) ?? timeline.meters.first {
            top += "   \(meter.beats)/\(meter.beatUnit)"
        }
        let scoreTempo = tempo(at: position)
        top += "   ♩=\(Int((scoreTempo * status.tempoFactor).rounded()))"
        if abs(status.tempoFactor - 1) > 0.001 { top += " (\(Int((status.tempoFactor * 100).rounded()))%)" }
        header.append(Self.fit(top, width))
        let start = seconds(at: status.startPosition)
        let elapsed = max(0, seconds(at: min(max(position, status.startPosition), status.endPosition)) - start) / status.tempoFactor
        let total = max(0, seconds(at: status.endPosition) - start) / status.tempoFactor
        let state = status.isPaused ? "❚❚ paused" : "▶ playing"
        header.append(Self.fit(" bar \(bar(at: position))/\(max(timeline.barStarts.count, 1))   \(Self.clock(elapsed)) / \(Self.clock(total))   \(state)", width))
        header.append(String(repeating: "─", count: width))
        let footer = [String(repeating: "─", count: width), Self.fit(" " + Self.keyHelp, width)]

        // The music: each part gets a label and an equal share of the rows left.
        var body: [String] = []
        let available = height - header.count - footer.count
        let sounding = soundingLocations(at: position)
        let parts = rows.indices.filter { !rows[$0].isEmpty }
        if available > 0 && !parts.isEmpty {
            let shown = Array(parts.prefix(max(1, available / 2)))
            let perPart = max(1, available / shown.count - 1)
            for part in shown {
                guard body.count < available else { break }
                body.append(Self.fit(" \(partNames[part])", width, style: "\u{1B}[2m"))
                let current = currentRow(part: part, at: position)
                // The line being played first, then the lines after it; near the end, the lines before it fill the space.
                let first = max(0, min(current, rows[part].count - perPart))
                for index in first..<(first + perPart) {
                    guard body.count < available else { break }
                    guard index < rows[part].count else { body.append(""); continue }
                    let highlight = index == current ? (sounding[part] ?? []) : []
                    body.append(render(rows[part][index], highlighted: highlight, part: part, marker: index == current, width: width))
                }
            }
        }
        var lines = header
        if available > 0 {
            lines += body
            lines += Array(repeating: "", count: max(0, available - body.count))
            lines += footer
        }
        return Array(lines.prefix(height))
    }

    /// One row of music, cut to the width around its highlighted notes, with the highlights.
    func render(_ row: Row, highlighted: Set<SourceLocation>, part: Int, marker: Bool, width: Int) -> String {
        let characters = Array(row.text)
        let ranges = highlighted.compactMap { row.spans[$0] }.sorted { $0.lowerBound < $1.lowerBound }
        let prefix = marker ? " ▶ " : "   "
        let room = max(1, width - 3)
        // Scroll sideways so the sounding notes are on screen.
        var first = 0
        if Self.displayWidth(characters) > room, let focus = ranges.first,
           Self.displayWidth(characters[..<min(focus.upperBound, characters.count)]) + 4 > room {
            first = max(0, focus.lowerBound - room / 3)
            while first > 0 && Self.displayWidth(characters[first...]) < room { first -= 1 }
        }
        var out = prefix
        var used = 0
        var inside = false
        let style = part == 0 ? Self.melodyHighlight : Self.accompanimentHighlight
        var index = first
        while index < characters.count {
            let w = Self.displayWidth(characters[index])
            if used + w > room { break }
            let lit = ranges.contains { $0.contains(index) }
            if lit != inside {
                out += lit ? style : Self.reset
                inside = lit
            }
            out.append(characters[index])
            used += w
            index += 1
        }
        if inside { out += Self.reset }
        return out
    }

    /// `m:ss`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let s = whole % 60
        return "\(whole / 60):\(s < 10 ? "0" : "")\(s)"
    }

    /// Text cut to a display width, optionally in a style.
    static func fit(_ text: String, _ width: Int, style: String? = nil) -> String {
        var out = ""
        var used = 0
        for character in text {
            let w = displayWidth(character)
            if used + w > width { break }
            out.append(character)
            used += w
        }
        return style.map { $0 + out + reset } ?? out
    }

    /// Columns a character takes on a terminal: 2 for East Asian wide characters, else 1.
    static func displayWidth(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func displayWidth<S: Sequence>(_ characters: S) -> Int where S.Element == Character {
        characters.reduce(0) { $0 + displayWidth($1) }
    }

    /// Text without escape sequences (what the screen shows), for tests.
    public static func plain(_ line: String) -> String {
        var out = ""
        var escaping = false
        for character in line {
            if escaping {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { escaping = false }
                continue
            }
            if character == "\u{1B}" { escaping = true; continue }
            out.append(character)
        }
        return out
    }
}
