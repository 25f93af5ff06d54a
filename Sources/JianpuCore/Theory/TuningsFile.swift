/// Reads a tunings file: one key a line, `DMajor: C#, D, E, F#, G, A, B`.
///
/// The name is a tonic then a mode (`DMajor`, `F#Minor`, `EDorian`, `AHarmonicMinor`); the tonic
/// comes from the name. The seven notes may be listed in any order. A property list (OpenStep or
/// XML) is read as the thesis' form instead (see `parse(propertyList:file:)`).
public enum TuningsFile {
    /// Every tuning without errors, in file order, and a diagnostic for every problem found
    /// (unknown note name, missing colon, duplicate name, not seven notes, repeated pitch,
    /// tonic not among the notes, a note outside the named mode…).
    public static func parse(text: String, file: String) -> (tunings: [Tuning], diagnostics: [Diagnostic]) {
        if PropertyList.looksLikePropertyList(text) { return parse(propertyList: text, file: file) }
        let (lines, lineDiagnostics) = TableLine.read(text: text, file: file)
        var builder = Builder()
        builder.diagnostics = lineDiagnostics
        for line in lines { builder.add(name: line.name, notes: line.entries) }
        builder.diagnostics = TableLine.inSourceOrder(builder.diagnostics)
        return (builder.tunings, builder.diagnostics)
    }

    /// Checks tunings one by one, remembering names already seen.
    struct Builder {
        var tunings: [Tuning] = []
        var diagnostics: [Diagnostic] = []
        var firstLocation: [String: SourceLocation] = [:]

        mutating func add(name: TableLine.Field, notes fields: [TableLine.Field]) {
            var failed = false
            func error(_ location: SourceLocation, _ message: String) {
                diagnostics.append(.error(at: location, message))
                failed = true
            }

            if let problem = TableLine.controlCharacterProblem(name) {
                diagnostics.append(problem)
                return
            }
            if let first = firstLocation[name.text] {
                error(name.location, "duplicate tuning '\(name.text)' (first at line \(first.line))")
                return
            }
            firstLocation[name.text] = name.location

            // The name: a tonic, then a mode.
            guard let (tonic, modeText) = NoteName.parsePrefix(of: Substring(name.text)) else {
                error(name.location, "tuning name '\(name.text)' does not start with its tonic (e.g. DMajor)")
                return
            }
            let mode = Scale.Kind(name: modeText).flatMap { $0.isHeptatonic ? $0 : nil }
            if mode == nil, !modeText.isEmpty {
                let known = Scale.Kind.heptatonic.map(\.tuningName).joined(separator: ", ")
                diagnostics.append(
                    .warning(
                        at: name.location,
                        "unknown mode '\(modeText)' in '\(name.text)' (known: \(known)); its notes are used as listed"))
            }

            // The notes.
            var notes: [(NoteName, SourceLocation)] = []
            for field in fields {
                guard let note = NoteName(field.text) else {
                    error(field.location, "unknown note name '\(field.text)'")
                    continue
                }
                if let same = notes.first(where: { $0.0.pitchClass == note.pitchClass }) {
                    error(field.location, "'\(field.text)' sounds the same as '\(same.0)'; a tuning needs 7 different notes")
                    continue
                }
                notes.append((note, field.location))
            }
            if fields.count != 7 {
                error(name.location, "'\(name.text)' lists \(Wording.counted(fields.count, "note")); a tuning needs 7")
            }
            if !notes.isEmpty, !notes.contains(where: { $0.0.pitchClass == tonic.pitchClass }) {
                error(name.location, "the tonic \(tonic) of '\(name.text)' is not among its notes")
            }

            // Against the named mode.
            if let mode {
                let expected = Key(tonic: tonic, mode: mode)
                for (note, location) in notes {
                    if let degree = expected.degree(of: note.pitchClass) {
                        let spelled = expected.note(atDegree: degree)
                        if spelled != note {
                            diagnostics.append(.warning(at: location, "'\(note)' is spelled \(spelled) in \(expected)"))
                        }
                    } else {
                        let scale = expected.scale.map(\.description).joined(separator: " ")
                        error(location, "'\(note)' is not a note of \(expected) (\(scale))")
                    }
                }
            }

            guard !failed else { return }
            let key = mode.map { Key(tonic: tonic, mode: $0) } ?? Key(tonic: tonic, notes: notes.map(\.0))
            if let key { tunings.append(Tuning(name: name.text, key: key)) }
        }
    }
}
