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
        for (name, value) in [("title", score.title), ("subtitle", score.subtitle), ("composer", score.composer),
                              ("poet", score.poet), ("arranger", score.arranger)] {
            if let value = value.map(headerValue), !value.isEmpty { lines.append("\(name)=\(value)") }
        }
        var chordsWritten = false
        for (index, part) in EndingTies.separated(score.parts).enumerated() {
            if index > 0 { lines.append(""); lines.append("NextPart") }
            if !lines.isEmpty { lines.append("") }
            var writer = PartTextWriter(part: part)
            writer.write(withChords: !chordsWritten)
            if writer.hadChords { chordsWritten = true }
            lines.append(contentsOf: writer.lines)
            warnings.append(contentsOf: writer.warnings)
        }
        return (lines.joined(separator: "\n") + "\n", warnings)
    }

    /// A header's value on one line.
    static func headerValue(_ text: String) -> String {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The instrument to name for a part: its General MIDI program's name, else its own name when
    /// that names an instrument we know.
    static func instrument(of part: ImportedPart) -> String? {
        if let program = part.midiProgram, GeneralMIDI.programNames.indices.contains(program) {
            return GeneralMIDI.programNames[program]
        }
        let base = part.name.split(separator: ",").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        if !base.isEmpty, let program = GeneralMIDI.program(named: base), Int(base) == nil {
            return GeneralMIDI.programNames[Int(program)]
        }
        return nil
    }
}
