/// The thesis' own tunings form: a property list (OpenStep or XML) whose top level is a
/// dictionary from tuning name to an array of note-name strings:
///
/// ```
/// { DMajor = ("C#", D, E, "F#", G, A, B); }
/// ```
extension TuningsFile {
    /// Reads the property-list form: tunings in the order written, each problem where the name or
    /// note is written.
    public static func parse(propertyList text: String, file: String) -> (tunings: [Tuning], diagnostics: [Diagnostic]) {
        let startOfFile = SourceLocation(file: file, line: 1, column: 1)
        let root: PropertyList
        switch PropertyList.parse(text, file: file) {
        case .success(let value): root = value
        case .failure(let problem): return ([], [.error(at: problem.location, "not a readable property list: \(problem.message)")])
        }
        guard case .dictionary(let entries, _) = root else {
            return ([], [.error(at: startOfFile, "a tunings property list must be a dictionary of name to notes")])
        }
        var builder = Builder()
        for (name, value, nameLocation) in entries {
            let nameField = TableLine.Field(text: name, location: nameLocation)
            guard case .array(let notes, _) = value, notes.allSatisfy({ $0.stringValue != nil }) else {
                builder.diagnostics.append(.error(at: nameField.location, "'\(name)' must be an array of note names"))
                continue
            }
            builder.add(name: nameField, notes: notes.map { TableLine.Field(text: $0.stringValue ?? "", location: $0.location) })
        }
        builder.diagnostics = TableLine.inSourceOrder(builder.diagnostics)
        return (builder.tunings, builder.diagnostics)
    }
}
