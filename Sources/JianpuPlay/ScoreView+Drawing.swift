import Foundation
import JianpuCore
import JianpuEngraving
import JianpuPerformance

/// Drawing a score view: the screen's lines for a status, with the sounding notes highlighted.
extension ScoreView {
    /// A key word as printed, its accidental as ♯ or ♭: `1=B♭`, `6=F♯`.
    static func printedKey(_ word: String) -> String {
        word.replacingOccurrences(of: "#", with: "♯").replacingOccurrences(of: "(?<=[A-Ga-g])b", with: "♭", options: .regularExpression)
    }

    /// The screen for a playback state: at most `rows` lines, none wider than `columns`.
    public func lines(for status: Status, columns: Int, rows screenRows: Int) -> [String] {
        let width = max(columns, 10)
        let height = max(screenRows, 1)
        let position = status.position
        var header: [String] = []
        var top = " " + title
        if let key = timeline.keys.last(where: { $0.position.doubleValue <= position + Self.tolerance }) ?? timeline.keys.first {
            top += "   " + Self.printedKey(key.name)
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
        // A loop plays until stopped: there is no total to count down to.
        let totalText = status.isLooping ? "∞ (loop)" : Self.clock(total)
        header.append(Self.fit(" \(place)   \(Self.clock(elapsed)) / \(totalText)   \(state)\(practice)", width))
        header.append(String(repeating: "─", count: width))
        let footer = [String(repeating: "─", count: width), Self.fit(" " + Self.keyHelp, width)]

        // The music: the line being played first, then the lines after it; near the end, the lines
        // before it fill the space. Every part's rows of a line together, as on the page.
        var body: [String] = []
        let available = height - header.count - footer.count
        if available > 0 {
            let partCount = partNames.count
            // The parts named once, when the screen has room to spare for it.
            if partCount > 1, available > 6 {
                let names = partNames.enumerated().map { index, name in
                    "\(index + 1) \(name)" + (status.partMarks[index].map { " [\($0)]" } ?? "")
                }.joined(separator: "   ")
                body.append(Self.fit(" " + names, width, style: Self.dim))
            }
            let room = available - body.count
            let place = text.writtenPlace(at: position, tolerance: Self.tolerance)
            let shown = drawn.around(text, width: width - 3, place: place, rows: room)
            let sounding = soundingLocations(at: position)
            func rows(_ index: Int) -> [(text: String, isMain: Bool)] {
                let i = index - shown.first
                guard shown.lines.indices.contains(i) else { return [] }
                return render(shown.lines[i], isCurrent: index == shown.current, sounding: sounding, width: width)
            }
            var current = rows(shown.current)
            if current.count > room {
                // On a short screen the digits of the line being played come first: the other rows give way.
                var keep = Set(current.indices.filter { current[$0].isMain }.prefix(room))
                for index in current.indices where keep.count < room { keep.insert(index) }
                current = current.indices.filter(keep.contains).map { current[$0] }
            }
            var music = current.map(\.text)
            var index = shown.current + 1
            while music.count < room, index < shown.first + shown.lines.count {
                music += rows(index).map(\.text)
                index += 1
            }
            index = shown.current - 1
            while index >= shown.first, index >= 0 {
                let before = rows(index)
                guard music.count + before.count <= room else { break }
                music = before.map(\.text) + music
                index -= 1
            }
            body += music.prefix(room)
        }
        var lines = header
        if available > 0 {
            lines += body
            lines += Array(repeating: "", count: max(0, available - body.count))
            lines += footer
        }
        return Array(lines.prefix(height))
    }

    /// A line of music as screen rows: its bar number (dim, left of the music) with the volta brackets,
    /// then each part's rows, the digits' rows marked `▶` in the line being played, the sounding notes lit.
    func render(_ line: Line, isCurrent: Bool, sounding: [Int: Set<SourceLocation>], width: Int) -> [(text: String, isMain: Bool)] {
        var rows: [(text: String, isMain: Bool)] = []
        // The number takes the three columns left of the music (more for a bar past 999, the brackets moved on as much).
        let number = String(line.number)
        let gutter = number.count < 3 ? String(repeating: " ", count: 2 - number.count) + number + " " : number
        let voltas = String((line.voltas ?? "").dropFirst(max(0, gutter.count - 3)))
        rows.append((Self.dim + gutter + Self.reset + Self.fit(voltas, max(0, width - gutter.count)), false))
        // A part with nothing written in the line (it ended, or its repeats are written shorter) takes no rows.
        for (part, row) in line.parts.enumerated() where !(row.text.isEmpty && row.above.isEmpty && row.below.isEmpty) {
            for extra in row.above { rows.append((Self.fit("   " + extra, width), false)) }
            // Parts whose repeats are written elsewhere sound in other lines: lit wherever they are.
            rows.append((render(row, highlighted: sounding[part] ?? [], part: part, marker: isCurrent, width: width), true))
            for extra in row.below { rows.append((Self.fit("   " + extra, width), false)) }
        }
        return rows
    }

    /// One part's digits' row, cut to the width, with the highlights.
    func render(_ row: Row, highlighted: Set<SourceLocation>, part: Int, marker: Bool, width: Int) -> String {
        let characters = Array(row.text)
        let ranges = highlighted.compactMap { row.spans[$0] }.sorted { $0.lowerBound < $1.lowerBound }
        var out = marker ? " ▶ " : "   "
        let room = max(1, width - 3)
        var used = 0
        var inside = false
        let style = part == 0 ? Self.melodyHighlight : Self.accompanimentHighlight
        for (index, character) in characters.enumerated() {
            let w = TerminalText.columns(of: character)
            if used + w > room { break }
            let lit = ranges.contains { $0.contains(index) }
            if lit != inside {
                out += lit ? style : Self.reset
                inside = lit
            }
            out.append(character)
            used += w
        }
        if inside { out += Self.reset }
        return out
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
            let w = TerminalText.columns(of: character)
            if used + w > width { break }
            out.append(character)
            used += w
        }
        return style.map { $0 + out + reset } ?? out
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
