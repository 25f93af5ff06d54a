import Foundation
import JianpuCore
import JianpuEngraving

/// Drawing a score view: the screen's lines for a status, with the sounding notes highlighted.
extension ScoreView {
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
        let shown = TempoMap.Change(position: scoreTempo.position, beat: scoreTempo.beat, beatsPerMinute: (scoreTempo.beatsPerMinute * status.tempoFactor).rounded())
        top += "   " + shown.written
        if abs(status.tempoFactor - 1) > 0.001 { top += " (\(Int(saturating: (status.tempoFactor * 100).rounded()))%)" }
        header.append(Self.fit(top, width))
        let start = seconds(at: status.startPosition)
        let elapsed = max(0, seconds(at: min(max(position, status.startPosition), status.endPosition)) - start) / status.tempoFactor
        let total = max(0, seconds(at: status.endPosition) - start) / status.tempoFactor
        let state = status.isPaused ? "❚❚ paused" : "▶ playing"
        let bar = timeline.bar(atApproximately: position, tolerance: Self.tolerance)
        let time = bar.timeThrough.map { ", " + $0 } ?? ""
        let place = bar.isCountIn ? "count-in" : "bar \(bar.number)/\(max(timeline.printedBarCount, 1))\(time)"
        let practice = status.practice.map { "   " + $0 } ?? ""
        header.append(Self.fit(" \(place)   \(Self.clock(elapsed)) / \(Self.clock(total))   \(state)\(practice)", width))
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
                let budget = min(available, body.count + perPart)
                let current = currentRow(part: part, at: position)
                // The line being played first, then the lines after it; near the end, the lines before it fill the space.
                var first = current
                var height = rows[part][current...].reduce(0) { $0 + $1.height }
                while first > 0, height + rows[part][first - 1].height <= perPart {
                    first -= 1
                    height += rows[part][first].height
                }
                for index in first..<rows[part].count {
                    let row = rows[part][index]
                    guard body.count < budget else { break }
                    let highlight = index == current ? (sounding[part] ?? []) : []
                    let (line, offset) = render(row, highlighted: highlight, part: part, marker: index == current, width: width)
                    // On a short screen the digits of the line being played come first: the rows above give way.
                    let aboveShown = index == current ? min(row.above.count, budget - body.count - 1) : row.above.count
                    for extra in row.above.suffix(aboveShown) where body.count < budget { body.append(Self.slice(extra, from: offset, width: width)) }
                    if body.count < budget { body.append(line) }
                    for extra in row.below where body.count < budget { body.append(Self.slice(extra, from: offset, width: width)) }
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
    func render(_ row: Row, highlighted: Set<SourceLocation>, part: Int, marker: Bool, width: Int) -> (line: String, offset: Int) {
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
        return (out, first)
    }

    /// A row above or below the digits, moved sideways as its digits' row was.
    static func slice(_ text: String, from first: Int, width: Int) -> String {
        let characters = Array(text)
        guard first < characters.count else { return "" }
        return fit("   " + String(characters[first...]), width)
    }

    /// `m:ss`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(saturating: seconds.rounded(.down))
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

    /// Columns a character takes on a terminal (the text engraving's rule, which lays the lyrics out).
    static func displayWidth(_ character: Character) -> Int { TextEngraving.displayWidth(character) }

    static func displayWidth<S: Sequence>(_ characters: S) -> Int where S.Element == Character { TextEngraving.displayWidth(characters) }

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
