import JianpuCore

/// Writes an `ImportedScore` as jianpu text in jianpu-ly's syntax, as a person would write it.
///
/// Headers first (`title=`...), then each part (`NextPart` between them) with its instrument, key,
/// meter and tempo lines, its bars four to a line with `|` between them, and its lyrics as `L:`
/// (or `H:` for Chinese) lines, a verse a line. What the text cannot say is returned as warnings
/// with their places.
public enum JianpuTextWriter {
    /// Bars on one line of text, at most.
    static let barsPerLine = 4

    /// The jianpu text and the warnings of writing it.
    public static func write(_ score: ImportedScore) -> (text: String, warnings: [ImportWarning]) {
        var lines: [String] = []
        var warnings: [ImportWarning] = []
        for (name, value) in [
            ("title", score.title), ("subtitle", score.subtitle), ("composer", score.composer),
            ("poet", score.poet), ("arranger", score.arranger),
        ] {
            if let value, value.unicodeScalars.contains(where: isStrayControl) {
                warnings.append(ImportWarning(place: name, message: "control characters, which are not text, left out of \"\(headerValue(value))\""))
            }
            if let value = value.map(headerValue), !value.isEmpty { lines.append("\(name)=\(value)") }
        }
        var chordsWritten = false
        let amongVoices = score.parts.contains { part in
            part.printedName.flatMap { GeneralMIDI.program(forPartName: $0) }.map { (52...53).contains($0) } ?? false
        }
        let parts = EndingTies.separated(PickupCompletion.completed(score.parts))
        // Bars where some part plays: a part resting there is written bar by bar, as a score prints it under the
        // others' music; only where every part rests are rests gathered as `R*n`.
        var played = Set<Int>()
        for part in parts {
            for (bar, measure) in part.measures.enumerated() where measure.events.contains(where: { !$0.isRest }) { played.insert(bar) }
        }
        for (index, part) in parts.enumerated() {
            if index > 0 { lines.append(""); lines.append("NextPart") }
            if !lines.isEmpty { lines.append("") }
            var writer = PartTextWriter(part: part, amongVoices: amongVoices, barsPlayedElsewhere: parts.count > 1 ? played : [])
            writer.write(withChords: !chordsWritten)
            if writer.hadChords { chordsWritten = true }
            lines.append(contentsOf: writer.lines)
            warnings.append(contentsOf: writer.warnings)
        }
        return (lines.joined(separator: "\n") + "\n", warnings)
    }

    /// A header's value on one line.
    static func headerValue(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !isStrayControl($0) }))
            .split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// A control character but tab and line ends (C0, DEL, C1, U+FFFE/U+FFFF): no title or name means one, and
    /// `check` would say so of every line that held it (a title read as U+0081 from a mis-encoded source).
    static func isStrayControl(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != "\t", scalar != "\n", scalar != "\r" else { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// The lines that name a part and choose its sound: `instrument=` with the source's own name (Soprano,
    /// Violino I), and where that name alone would sound wrong, LilyPond's `midiInstrument` in an `LP:` block.
    ///
    /// The sound is the instrument the name implies (voices sing), else the source's MIDI program. A name
    /// that is only a placeholder (`MusicXML Part`, `P1`) is not printed: the instrument's name is.
    static func instrumentLines(of part: ImportedPart, amongVoices: Bool = false) -> [String] {
        let name = headerValue(part.printedName ?? "")
        let base = name.split(separator: ",").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        // Beside a soprano, alto or tenor, a `Bass` sings.
        let sung = amongVoices && ["bass", "b", "bässe", "basses"].contains(base.lowercased()) ? 52 : nil
        let sound = sung ?? GeneralMIDI.program(forPartName: base) ?? part.midiProgram.flatMap { GeneralMIDI.programNames.indices.contains($0) ? $0 : nil }
        guard isPrintableName(base) else {
            let name = headerValue(part.name)
            // Nothing worth printing: the sound's name labels the part; the source's name stays as a comment.
            var lines = name.isEmpty ? [] : ["% \(name)"]
            if let sound { lines.append("instrument=\(GeneralMIDI.programNames[sound])") }
            return lines
        }
        // A name no instrument is known by sounds as a piano, and says so, rather than be warned of by `check`.
        let named = GeneralMIDI.program(named: name).map(Int.init)
        guard let wanted = sound ?? (named == nil ? 0 : nil), wanted != named else { return ["instrument=\(name)"] }
        return ["instrument=\(name)", "LP:", "\\set Staff.midiInstrument = #\"\(GeneralMIDI.lilyPondNames[wanted])\"", ":LP"]
    }

    /// Whether a part's name is a name a musician would print: not empty, not a program's placeholder
    /// (`MusicXML Part`, `Part 1`, `P1`, `Track 2`, `Staff`), not only digits.
    static func isPrintableName(_ name: String) -> Bool {
        let lowered = name.lowercased().trimmingCharacters(in: .whitespaces)
        guard !lowered.isEmpty, lowered.count <= 40, lowered.contains(where: \.isLetter) else { return false }
        let placeholders = ["musicxml part", "part", "staff", "track", "instrument", "untitled", "unnamed", "p", "t", "v", "instr"]
        let withoutNumber = lowered.split(separator: " ").filter { Int($0) == nil }.joined(separator: " ")
        if placeholders.contains(withoutNumber) { return false }
        if lowered.hasPrefix("p"), lowered.dropFirst().allSatisfy({ $0.isNumber || $0 == "-" }) { return false }
        return true
    }
}
