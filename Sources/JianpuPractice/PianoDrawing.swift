import JianpuCore

/// A piano keyboard drawn with text, the lower note in red.
public struct PianoDrawing: Sendable {
    /// The first and last octave drawn (scientific numbering).
    public var firstOctave: Int
    public var lastOctave: Int

    public init(firstOctave: Int, lastOctave: Int) {
        self.firstOctave = firstOctave
        self.lastOctave = max(firstOctave, lastOctave)
    }

    static let whiteClasses = [0, 2, 4, 5, 7, 9, 11]
    /// The colours of marked keys (ANSI prefixes).
    public static let red = "\u{1B}[41;97m", green = "\u{1B}[42;30m", yellow = "\u{1B}[43;30m", reset = "\u{1B}[0m"

    /// The sign drawn in a marked key, so the marks read without colour too: ● the lower note,
    /// + the right upper note, x the note answered.
    public static func sign(for mark: String) -> Character {
        switch mark {
        case red: "●"
        case green: "+"
        default: "x"
        }
    }

    /// The keyboard's lines. `marks` colours keys: MIDI number → ANSI colour prefix; each marked key also
    /// shows its sign. `labelRoot` puts the computer-keyboard letters under the octave of that note.
    /// Without `colour` (monochrome, `NO_COLOR`) only the signs mark the keys.
    /// When the keyboard is wider than `window` columns, only `window` columns are drawn, starting at the
    /// key of `focus` (the lower note), so a narrow terminal still shows the notes of the question.
    /// `signs` gives a marked key another sign than its colour's.
    public func lines(
        marks: [Int: String], labelRoot: Int?, colour: Bool = true, window: Int? = nil, focus: Int? = nil,
        signs: [Int: Character] = [:]
    ) -> [String] {
        let width = 4
        let octaveCount = lastOctave - firstOctave + 1
        let columns = octaveCount * 7 * width + 1
        var top = Array(repeating: ("", " "), count: columns)  // (colour, character)
        var bottom = top
        var letters = Array(repeating: Character(" "), count: columns)
        var names = Array(repeating: Character(" "), count: columns)
        for octave in firstOctave...lastOctave {
            let base = (octave - firstOctave) * 7 * width
            let c = 12 * (octave + 1)
            for (index, pitchClass) in Self.whiteClasses.enumerated() {
                let x = base + index * width
                let note = c + pitchClass
                top[x] = ("", "│"); bottom[x] = ("", "│")
                for dx in 1..<width {
                    top[x + dx] = (marks[note] ?? "", " ")
                    bottom[x + dx] = (marks[note] ?? "", dx == 1 && pitchClass == 0 ? "C" : " ")
                }
                if let mark = marks[note] { bottom[x + 2] = (mark, String(signs[note] ?? Self.sign(for: mark))) }
                if pitchClass == 0 {
                    for (offset, character) in "C\(octave)".enumerated() where x + 1 + offset < columns { names[x + 1 + offset] = character }
                }
                if let labelRoot, let key = PianoKeys.key(forOffset: note - (labelRoot - ((labelRoot % 12 + 12) % 12))) {
                    letters[x + 2] = key
                }
                if [0, 2, 5, 7, 9].contains(pitchClass), let labelRoot,
                    let key = PianoKeys.key(forOffset: note + 1 - (labelRoot - ((labelRoot % 12 + 12) % 12)))
                {
                    letters[x + width] = key
                }
            }
        }
        top[columns - 1] = ("", "│"); bottom[columns - 1] = ("", "│")
        // Black keys last, two columns wide over the border between their white neighbours.
        for octave in firstOctave...lastOctave {
            let base = (octave - firstOctave) * 7 * width
            for (index, pitchClass) in Self.whiteClasses.enumerated() where [0, 2, 5, 7, 9].contains(pitchClass) {
                let x = base + index * width
                let black = 12 * (octave + 1) + pitchClass + 1
                for dx in [width - 1, width] where x + dx < columns {
                    top[x + dx] = marks[black].map { ($0, dx == width - 1 ? String(signs[black] ?? Self.sign(for: $0)) : " ") } ?? ("", "█")
                }
            }
        }
        let useColour = colour
        func render(_ cells: [(String, String)]) -> String {
            var out = ""
            var colour = ""
            for (cellColour, character) in cells {
                if useColour, cellColour != colour {
                    out += cellColour.isEmpty ? Self.reset : cellColour
                    colour = cellColour
                }
                out += character
            }
            return useColour ? out + Self.reset : out
        }
        var shown = 0..<columns
        if let window, window < columns {
            let start = min(max((focus.map(x(of:)) ?? 0) - 1, 0), columns - window)
            shown = start..<(start + window)
        }
        return [
            render(Array(top[shown])), render(Array(top[shown])), render(Array(bottom[shown])),
            String(names[shown]), String(letters[shown]),
        ]
    }

    /// The column where a key's drawing starts (its left border; for a black key, its left half).
    func x(of note: Int) -> Int {
        let width = 4
        let octave = note / 12 - 1 - firstOctave
        let pitchClass = note % 12
        if let index = Self.whiteClasses.firstIndex(of: pitchClass) { return (octave * 7 + index) * width }
        let below = Self.whiteClasses.firstIndex(of: pitchClass - 1) ?? 0
        return (octave * 7 + below) * width + width - 1
    }
}
