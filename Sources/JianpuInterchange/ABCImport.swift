import JianpuCore

/// Reads ABC notation (2.1, as folk collections write it): a single tune or a book of tunes.
public enum ABCImport {
    /// The largest ABC text read (a book of thousands of tunes is a few megabytes).
    public static let maximumBytes = 64 << 20

    /// Every tune of `text`, in the order written: a book gives one per `X:` field, a single tune one.
    ///
    /// Fields before the first `X:` (the file header: `L:`, `M:`, `Q:`...) apply to every tune.
    /// - Parameter file: the name to put in errors and warnings (`-` for standard input).
    /// - Throws: `ImportError` at the first line and column that is not ABC, saying what was expected.
    public static func tunes(in text: String, file: String) throws(ImportError) -> [ABCTune] {
        guard text.utf8.count <= maximumBytes else {
            throw ImportError(file: file, place: "", message: "an ABC file of \(text.utf8.count) bytes is more than the \(maximumBytes >> 20) MB read")
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let numbered = lines.enumerated().map { ABCLine(number: $0.offset + 1, text: $0.element) }
        guard numbered.contains(where: { $0.text.hasPrefix("X:") }) else {
            // A file of one tune may leave out `X:`: all of it is that tune.
            let tune = numbered.filter { !$0.text.allSatisfy { $0 == " " || $0 == "\t" } }
            guard !tune.isEmpty else { throw ImportError(file: file, place: "", message: "no ABC tune: expected X: and K: fields, then notes") }
            return [try ABCTuneReader(file: file, defaults: []).read(tune, fallbackNumber: 1)]
        }
        var fileHeader: [ABCLine] = []
        var tunes: [ABCTune] = []
        var tune: [ABCLine] = []
        var sawTune = false
        func finish() throws(ImportError) {
            guard !tune.isEmpty else { return }
            tunes.append(try ABCTuneReader(file: file, defaults: fileHeader).read(tune, fallbackNumber: tunes.count + 1))
            tune = []
        }
        for line in numbered {
            if line.text.hasPrefix("X:") {
                try finish()
                sawTune = true
                tune = [line]
            } else if line.text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                try finish()
            } else if !tune.isEmpty {
                tune.append(line)
            } else if !sawTune, isField(line.text) {
                // The file header's fields are every tune's defaults; free text between tunes is skipped.
                fileHeader.append(line)
            }
        }
        try finish()
        guard !tunes.isEmpty else { throw ImportError(file: file, place: "", message: "no ABC tune: expected X: and K: fields, then notes") }
        return tunes
    }

    /// Whether a line is an information field (`T:Title`, `w:words`, `+:more`).
    static func isField(_ line: Substring) -> Bool {
        var characters = line.makeIterator()
        guard let first = characters.next(), first.isASCII, first.isLetter || first == "+", characters.next() == ":" else { return false }
        return true
    }
}

/// One tune of an ABC file: its `X:` number, title and score.
public struct ABCTune: Sendable {
    /// The reference number (`X:3`), or the tune's place in the file when it has none.
    public var number: Int
    public var title: String?
    public var score: ImportedScore

    public init(number: Int, title: String?, score: ImportedScore) {
        self.number = number
        self.title = title
        self.score = score
    }
}

/// A line of ABC text and its number in the file (from 1).
struct ABCLine {
    var number: Int
    var text: Substring
}
