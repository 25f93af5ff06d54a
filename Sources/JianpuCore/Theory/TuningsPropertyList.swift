import Foundation

/// The thesis' own tunings form: a property list (OpenStep or XML) whose top level is a
/// dictionary from tuning name to an array of note-name strings:
///
/// ```
/// { DMajor = ("C#", D, E, "F#", G, A, B); }
/// ```
extension TuningsFile {
    /// Reads the property-list form. A property list has no order, so tunings come in the order
    /// their names first appear in the text; problems are located at the tuning's name.
    public static func parse(propertyList text: String, file: String) -> (tunings: [Tuning], diagnostics: [Diagnostic]) {
        let startOfFile = SourceLocation(file: file, line: 1, column: 1)
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        } catch {
            return ([], [.error(at: startOfFile, "not a readable property list: \(error.localizedDescription)")])
        }
        guard let dictionary = object as? [String: Any] else {
            return ([], [.error(at: startOfFile, "a tunings property list must be a dictionary of name to notes")])
        }
        var entries: [(name: TableLine.Field, value: Any)] = dictionary.map { name, value in
            (TableLine.Field(text: name, location: location(of: name, in: text, file: file)), value)
        }
        entries.sort { ($0.name.location, $0.name.text) < ($1.name.location, $1.name.text) }

        var builder = Builder()
        for (name, value) in entries {
            guard let notes = value as? [Any], notes.allSatisfy({ $0 is String }) else {
                builder.diagnostics.append(.error(at: name.location, "'\(name.text)' must be an array of note names"))
                continue
            }
            let fields = notes.compactMap { $0 as? String }.map { TableLine.Field(text: $0, location: name.location) }
            builder.add(name: name, notes: fields)
        }
        builder.diagnostics = TableLine.inSourceOrder(builder.diagnostics)
        return (builder.tunings, builder.diagnostics)
    }

    /// Where a dictionary key is written: its first occurrence, quoted, as an XML key or bare.
    private static func location(of name: String, in text: String, file: String) -> SourceLocation {
        let patterns = ["<key>\(name)</key>", "\"\(name)\"", name]
        for pattern in patterns {
            guard let range = text.range(of: pattern) else { continue }
            let before = text[..<range.lowerBound]
            let line = before.filter { $0 == "\n" }.count + 1
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let column = before.distance(from: lineStart, to: before.endIndex) + 1
            let offset = pattern.hasPrefix("<key>") ? 5 : 0
            return SourceLocation(file: file, line: line, column: column + offset)
        }
        return SourceLocation(file: file, line: 1, column: 1)
    }
}
