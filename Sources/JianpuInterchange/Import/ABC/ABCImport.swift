import JianpuCore

/// Reads ABC notation (2.1, as folk collections write it): a single tune or a book of tunes.
public enum ABCImport {
    /// The largest ABC text read (a book of thousands of tunes is a few megabytes).
    public static let maximumBytes = 64 << 20

    /// Every tune of `text`, in the order written: a book gives one per `X:` field, a single tune one.
    ///
    /// Fields before the first `X:` (the file header: `L:`, `M:`, `Q:`...) apply to every tune. In a file that
    /// starts with `%abc-2` (2.0, 2.1...) an accidental holds to the bar line for its letter in every octave;
    /// a file without it is ABC 1, whose accidentals hold for their note only; `%%propagate-accidentals
    /// not|octave|pitch` (or `I:propagate-accidentals`) chooses for a file or tune.
    /// - Parameter file: the name to put in errors and warnings (`-` for standard input).
    /// - Throws: `ImportError` at the first line and column that is not ABC, saying what was expected.
    public static func tunes(in text: String, file: String) throws(ImportError) -> [ABCTune] {
        let book = try book(in: text, file: file)
        if let failure = book.failures.first { throw failure.error }
        return book.tunes
    }

    /// Every tune of `text` that reads, and for each that does not, its number and error: one broken
    /// tune of a collection of hundreds need not lose the others.
    /// - Throws: `ImportError` when the text is too large or holds no tune at all.
    public static func book(in text: String, file: String) throws(ImportError) -> ABCBook {
        guard text.utf8.count <= maximumBytes else {
            throw ImportError(file: file, place: "", message: "an ABC file of \(text.utf8.count) bytes is more than the \(maximumBytes >> 20) MB read")
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let numbered = lines.enumerated().map { ABCLine(number: $0.offset + 1, text: $0.element) }
        var book = ABCBook()
        // ABC 2 holds an accidental to the bar line. A file without the `%abc-2` line is ABC 1, where an
        // accidental is the note's own: the Essen collections (the Chinese folk song books among them) are
        // written so, and music21 reads them so. `%%propagate-accidentals` says otherwise for a file or tune.
        let isVersion2 = numbered.first.map { $0.text.hasPrefix("%abc-2") } ?? false
        var scope: ABCAccidentalScope = isVersion2 ? .pitch : .note
        for line in numbered.prefix(while: { !$0.text.hasPrefix("X:") }) {
            if let directive = ABCTuneReader.accidentalScope(directive: line.text) { scope = directive }
        }
        func read(_ tune: [ABCLine], defaults: [ABCLine]) {
            let fallback = book.tunes.count + book.failures.count + 1
            do {
                book.tunes.append(try ABCTuneReader(file: file, defaults: defaults, accidentalScope: scope).read(tune, fallbackNumber: fallback))
            } catch {
                let number = tune.first.flatMap { $0.text.hasPrefix("X:") ? ABCFields.smallNumber($0.text.dropFirst(2).prefix(while: { !$0.isWhitespace && $0 != "%" })) : nil }
                book.failures.append((number ?? fallback, error))
            }
        }
        guard numbered.contains(where: { $0.text.hasPrefix("X:") }) else {
            // A file of one tune may leave out `X:`: all of it is that tune.
            let tune = numbered.filter { !$0.text.allSatisfy { $0 == " " || $0 == "\t" } }
            guard !tune.isEmpty else { throw ImportError(file: file, place: "", message: "no ABC tune: expected X: and K: fields, then notes") }
            read(tune, defaults: [])
            return book
        }
        var fileHeader: [ABCLine] = []
        var tune: [ABCLine] = []
        var sawTune = false
        for line in numbered {
            if line.text.hasPrefix("X:") {
                if !tune.isEmpty { read(tune, defaults: fileHeader) }
                sawTune = true
                tune = [line]
            } else if line.text.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !tune.isEmpty { read(tune, defaults: fileHeader) }
                tune = []
            } else if !tune.isEmpty {
                tune.append(line)
            } else if !sawTune, isField(line.text) {
                // The file header's fields are every tune's defaults; free text between tunes is skipped.
                fileHeader.append(line)
            }
        }
        if !tune.isEmpty { read(tune, defaults: fileHeader) }
        return book
    }

    /// Whether a line is an information field (`T:Title`, `w:words`, `+:more`).
    static func isField(_ line: Substring) -> Bool {
        var characters = line.makeIterator()
        guard let first = characters.next(), first.isASCII, first.isLetter || first == "+", characters.next() == ":" else { return false }
        return true
    }
}

/// The tunes of an ABC file that read, and the error of each that does not, in the order written.
public struct ABCBook: Sendable {
    public var tunes: [ABCTune] = []
    /// A tune that cannot be read: its `X:` number (or place in the file) and why.
    public var failures: [(number: Int, error: ImportError)] = []

    public init(tunes: [ABCTune] = [], failures: [(number: Int, error: ImportError)] = []) {
        self.tunes = tunes
        self.failures = failures
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
