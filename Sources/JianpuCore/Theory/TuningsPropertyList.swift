import Foundation

/// The thesis' own tunings form: a property list (OpenStep or XML) whose top level is a
/// dictionary from tuning name to an array of note-name strings:
///
/// ```
/// { DMajor = ("C#", D, E, "F#", G, A, B); }
/// ```
extension TuningsFile {
    /// Reads the property-list form. A property list has no order, so tunings come in the order
    /// their names first appear in the text. Problems are located where the name or note is
    /// written (found by searching the text, as the property-list reader gives no places).
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
        let finder = WrittenStringFinder(text: text, file: file)
        var entries = dictionary.map { name, value in
            let found = finder.find(name, from: text.startIndex)
            return (name: TableLine.Field(text: name, location: found?.location ?? startOfFile),
                    end: found?.end ?? text.startIndex, value: value)
        }
        entries.sort { ($0.name.location, $0.name.text) < ($1.name.location, $1.name.text) }

        var builder = Builder()
        for (name, end, value) in entries {
            guard let notes = value as? [Any], notes.allSatisfy({ $0 is String }) else {
                builder.diagnostics.append(.error(at: name.location, "'\(name.text)' must be an array of note names"))
                continue
            }
            var cursor = end
            let fields = notes.compactMap { $0 as? String }.map { note in
                let found = finder.find(note, from: cursor)
                cursor = found?.end ?? cursor
                return TableLine.Field(text: note, location: found?.location ?? name.location)
            }
            builder.add(name: name, notes: fields)
        }
        builder.diagnostics = TableLine.inSourceOrder(builder.diagnostics)
        return (builder.tunings, builder.diagnostics)
    }
}

/// Finds where a string of a property list is written: as XML `<key>` or `<string>` content,
/// quoted, or bare between delimiters.
private struct WrittenStringFinder {
    let text: String
    let file: String

    /// The place of the first writing of `string` at or after `start`, and the index after it.
    func find(_ string: String, from start: String.Index) -> (location: SourceLocation, end: String.Index)? {
        guard !string.isEmpty else { return nil }
        var searchStart = start
        while let range = text.range(of: string, range: searchStart..<text.endIndex) {
            if isDelimited(range) {
                return (location(of: range.lowerBound), range.upperBound)
            }
            searchStart = text.index(after: range.lowerBound)
        }
        return nil
    }

    /// Whether the match is a whole string: not part of a longer bare word.
    private func isDelimited(_ range: Range<String.Index>) -> Bool {
        let isWordCharacter = { (c: Character) in c.isLetter || c.isNumber || "#♯♭_.$:/-".contains(c) }
        let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
        let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
        return !isWordCharacter(before) && !isWordCharacter(after)
    }

    private func location(of index: String.Index) -> SourceLocation {
        let before = text[..<index]
        let line = before.filter(\.isNewline).count + 1
        let lineStart = before.lastIndex(where: \.isNewline).map { before.index(after: $0) } ?? before.startIndex
        return SourceLocation(file: file, line: line, column: before.distance(from: lineStart, to: index) + 1)
    }
}
