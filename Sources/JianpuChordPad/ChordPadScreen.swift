import Foundation
import JianpuCore

/// What the screen shows besides the pad's own state.
public struct ScreenStatus: Sendable, Hashable {
    /// Still waiting for the terminal's answer to the kitty keyboard query.
    public var detectingKeyboard: Bool
    /// Where the sound goes: `sound device`, `x.wav (real-time pace)`.
    public var output: String
    /// The MIDI input, or nil when there is none.
    public var midiInput: String?
    /// The `--record` file, or nil.
    public var recording: String?
    /// A passing message (an error of the MIDI input, …).
    public var message: String?

    public init(
        detectingKeyboard: Bool = false, output: String = "sound device", midiInput: String? = nil,
        recording: String? = nil, message: String? = nil
    ) {
        self.detectingKeyboard = detectingKeyboard
        self.output = output
        self.midiInput = midiInput
        self.recording = recording
        self.message = message
    }
}

/// Draws the chord pad as lines of text with SGR colours: the seven chord columns (symbol and numeral),
/// the current chord's tones, the melody row over two octaves with note letters and scale degrees
/// (C notes red, G notes green, as in the thesis), what sounds now, and the modes.
public enum ChordPadScreen {
    public static let red = "\u{1B}[31m"
    public static let green = "\u{1B}[32m"
    public static let bold = "\u{1B}[1m"
    public static let inverse = "\u{1B}[7m"
    public static let dim = "\u{1B}[2m"
    public static let reset = "\u{1B}[0m"

    /// The colour of a note name: red for C notes, green for G notes (by letter, so C# and Gb are coloured too,
    /// like the coloured strings of a harp), none otherwise.
    public static func colour(of name: NoteName) -> String? {
        switch name.letter {
        case .c: red
        case .g: green
        default: nil
        }
    }

    /// A note name with its colour.
    public static func coloured(_ name: NoteName, symbol: Bool = true) -> String {
        let text = symbol ? name.symbol : name.description
        guard let colour = colour(of: name) else { return text }
        return colour + text + reset
    }

    /// Pads `text` (which may hold SGR sequences) with spaces to `width` visible columns.
    static func padded(_ text: String, _ width: Int) -> String {
        let visible = visibleWidth(text)
        return visible >= width ? text : text + String(repeating: " ", count: width - visible)
    }

    /// Visible columns of a string: escape sequences and combining marks take none.
    public static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            width += 1
        }
        return width
    }

    /// A jianpu degree with octave dots: `1`, `1̇` (one above), `1̈` (two above).
    public static func degreeText(_ degree: Int, octave: Int) -> String {
        switch octave {
        case 1: "\(degree)\u{0307}"
        case 2: "\(degree)\u{0308}"
        default: "\(degree)"
        }
    }

    /// A chord symbol as printed, its accidentals as ♯ and ♭: `F♯m`, `B♭`, `C♯m7♭5`, `G/F♯`. A `b` is a flat after the
    /// root's or the bass's letter and before a number (`b5`); the letters of `dim` and `sus` stay.
    public static func printed(_ symbol: String) -> String {
        symbol.replacingOccurrences(of: "#", with: "♯")
            .replacingOccurrences(of: "(?<=^[A-G])b|(?<=/[A-G])b|b(?=[0-9])", with: "♭", options: .regularExpression)
    }

    /// The screen's lines.
    public static func render(_ pad: ChordPad, status: ScreenStatus = ScreenStatus(), width: Int = 80) -> [String] {
        var lines: [String] = []
        let key = pad.key
        let tuningText = pad.tuning.notesFromTonic.map { coloured($0, symbol: true) }.joined(separator: ", ")
        lines.append(
            "\(bold)chordpad\(reset)  tuning \(bold)\(TerminalText.visible(pad.tuning.name))\(reset) (\(key.tonic.symbol) \(key.mode?.description ?? "scale")): \(tuningText)   \(dim), . change\(reset)"
        )
        lines.append("")

        // Chord columns.
        let column = 9
        let sounding = Set(pad.voices.filter { $0.section == .chord }.map(\.key))
        let chords = pad.chords
        var keysRow = "Chords  "
        var namesRow = "        "
        var numeralsRow = "        "
        for (index, chord) in chords.enumerated() {
            let current = index + 1 == pad.currentDegree
            let playing = current && !sounding.isEmpty
            let mark = playing ? inverse : current ? bold : ""
            let end = mark.isEmpty ? "" : reset
            keysRow += padded("[\(KeyLayout.chordKeys[index])]", column)
            // The current column names what it plays: its triad or its seventh chord.
            let shown = current ? pad.currentChord : chord
            let symbolText = colour(of: shown.chord.root).map { $0 + printed(shown.chord.symbol) + reset } ?? printed(shown.chord.symbol)
            namesRow += padded(mark + (mark.isEmpty ? symbolText : printed(shown.chord.symbol)) + end, column)
            numeralsRow += padded(mark + shown.romanNumeral + end, column)
        }
        lines.append(keysRow)
        lines.append(namesRow)
        lines.append(numeralsRow)

        if pad.layout == .columns {
            // Each column's own tones, on the keys below its digit, and its seventh chord.
            for (row, keys) in KeyLayout.columnToneRows.enumerated() {
                var line = padded(KeyLayout.columnToneNames[row], 8)
                for degree in 1...7 {
                    let tone = pad.columnTones(degree: degree)[row]
                    let name = key.spelling(of: Int(tone) % 12)
                    let on = degree == pad.currentDegree && sounding.contains(tone)
                    line += padded("\(keys[degree - 1]) " + (on ? inverse + name.symbol + reset : coloured(name)), column)
                }
                lines.append(line)
            }
            var sevenths = "7ths    "
            for (index, chord) in pad.seventhChords.enumerated() {
                sevenths += padded("\(KeyLayout.seventhChordKeys[index]) \(printed(chord.chord.symbol))", column)
            }
            lines.append(sevenths)
            lines.append(strumText(pad) + "   " + dim + "letter keys: the columns' tones   Tab: the melody" + reset)
            lines.append("")
        } else {
            lines += melodyRows(pad)
        }

        // What sounds.
        if let name = pad.soundingName {
            let notes = pad.soundingKeys.map { key.spelling(of: $0 % 12).symbol + String($0 / 12 - 1) }.joined(separator: " ")
            lines.append("Sounding: \(bold)\(printed(name.symbol))\(reset)   \(name.numeral ?? "-")   (\(notes))")
        } else {
            lines.append("Sounding: -")
        }
        if let midi = status.midiInput {
            let held = pad.lastMIDINotes.map { key.spelling(of: Int($0) % 12).symbol + String(Int($0) / 12 - 1) }
            lines.append("MIDI in: \(midi)   held: \(held.isEmpty ? "-" : held.joined(separator: " "))")
        }

        // Modes.
        let release: String
        if status.detectingKeyboard {
            release = "keys: asking the terminal for key releases…"
        } else {
            switch pad.releaseMode {
            case .keyRelease: release = "keys: key-release mode (kitty protocol): a note lasts while its key is held"
            case .noteLength(let length): release = "keys: note-length mode (no key releases from this terminal): notes last \(formatSeconds(length)) s"
            }
        }
        lines.append(release)
        let programs = "melody: \(programName(pad.melodyProgram)) [- =]   chords: \(programName(pad.chordProgram)) [9 0]"
        lines.append(programs)
        lines.append("sustain: \(pad.sustain ? "\(bold)ON\(reset)" : "off") [Space]   panic [Backspace]   quit [Esc Esc, Ctrl-C]")
        // Where the take goes, on a line of its own so that an 80-column terminal shows it whole.
        lines.append("out: \(status.output)" + (status.recording.map { "   recording: \($0)" } ?? ""))
        if pad.quitAsked {
            lines.append(bold + "Quit? Press \(pad.layout == .melody ? "Esc or q" : "Esc") again to quit (Ctrl-C quits at once); any other key plays on." + reset)
        }
        if let message = status.message { lines.append(message) }
        lines.append("")
        lines.append(dim + "Keys:" + reset)
        for line in KeyLayout.help(pad.layout) { lines.append(dim + "  " + line + reset) }
        return lines
    }

    /// `strum [/] up 40 ms`.
    static func strumText(_ pad: ChordPad) -> String {
        "strum [/] \(pad.strumUpward ? "up" : "down") \(Int((pad.strumInterval * 1000).rounded())) ms"
    }

    /// The melody layout: the current chord's tones on a s d f, and the melody over two octaves.
    static func melodyRows(_ pad: ChordPad) -> [String] {
        var lines: [String] = []
        let key = pad.key
        let tones = pad.chordTones(degree: pad.currentDegree, seventh: pad.currentIsSeventh)
        let toneNames = zip(KeyLayout.chordToneKeys, tones).map { keyName, tone in
            "[\(keyName)] " + coloured(key.spelling(of: Int(tone) % 12))
        }
        lines.append("Tones of \(printed(pad.currentChord.chord.symbol)): " + toneNames.joined(separator: "  ") + "    " + strumText(pad))
        lines.append("")
        let melody = pad.melodyNotes
        let melodySounding = Set(pad.voices.filter { $0.section != .chord }.map(\.key))
        var melodyKeys = "Melody  "
        var melodyNames = "        "
        var melodyDegrees = "        "
        for (index, note) in melody.enumerated() {
            let on = melodySounding.contains(note.key)
            melodyKeys += padded(String(KeyLayout.melodyKeys[index]), 4)
            let name = on ? inverse + note.name.symbol + reset : coloured(note.name)
            melodyNames += padded(name, 4)
            melodyDegrees += padded(degreeText(note.degree, octave: note.octave), 4)
        }
        lines += [melodyKeys, melodyNames, melodyDegrees, dim + "letter keys: the melody   Tab: the columns' tones" + reset, ""]
        return lines
    }

    static func programName(_ program: UInt8) -> String {
        let names = GeneralMIDI.programNames
        let name = Int(program) < names.count ? names[Int(program)] : "?"
        return "\(program) \(name)"
    }

    static func formatSeconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let whole = milliseconds / 1000, fraction = milliseconds % 1000
        return "\(whole).\(String(fraction / 10).leftPadded(to: 2))"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
