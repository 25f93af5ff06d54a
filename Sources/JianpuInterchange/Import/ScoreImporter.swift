import Foundation
import JianpuCore

/// What `jianpu import` asks for beyond the source: which ABC tune, which MIDI track.
public struct ImportOptions: Sendable, Hashable {
    /// The ABC tune to read, by its `X:` number; nil for the first (or all, with `allTunes`).
    public var tune: Int?
    /// Every tune of an ABC book, each a score of its own.
    public var allTunes: Bool
    /// The one MIDI track (1-based, as numbered in the file) to keep; nil for every track with notes.
    public var melodyTrack: Int?
    /// The key the text is written in: the source's signatures, the music's own (`--key auto`) or one given.
    public var key: KeyChoice

    public init(tune: Int? = nil, allTunes: Bool = false, melodyTrack: Int? = nil, key: KeyChoice = .asWritten) {
        self.tune = tune
        self.allTunes = allTunes
        self.melodyTrack = melodyTrack
        self.key = key
    }
}

/// One imported score as jianpu text, with what the text could not say.
public struct ImportResult: Sendable, Hashable {
    /// The score as read (its `warnings` are the reader's).
    public var score: ImportedScore
    /// The jianpu text.
    public var text: String
    /// The reader's warnings, then the writer's, each with its place.
    public var warnings: [ImportWarning]
    /// A name for the score's own file when a book is split (`--all`): the ABC `X:` number and title.
    public var suggestedName: String?
}

/// The door `jianpu import` uses: detects the format, reads the source and writes jianpu text.
public enum ScoreImporter {
    /// The largest uncompressed MusicXML read, and the most a `.mxl` may inflate to: 32 MB. A score
    /// of MusicXML is about 30 times its jianpu text (a 300-bar piano piece is 1-2 MB); 32 MB holds
    /// a full orchestral score while bounding the tree read from it (about 10 times the bytes).
    public static let maximumMusicXMLBytes = 32 << 20
    /// The largest source file read of any format (the MusicXML limit; ABC and MIDI are far smaller).
    public static let maximumSourceBytes = maximumMusicXMLBytes

    /// Reads `bytes` (named `file` in messages) and writes each score in it as jianpu text.
    public static func convert(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> [ImportResult] {
        var bytes = bytes
        // Editors on Windows start ABC files with a UTF-8 mark; XML may be UTF-16, its other standard encoding.
        if bytes.starts(with: ByteOrderMark.utf8) { bytes.removeFirst(3) }
        if let xml = xmlFromUTF16(bytes) { bytes = xml }
        if let problem = ByteOrderMark.problem(bytes) { throw ImportError(file: file, place: "", message: problem) }
        if let order = utf16WithoutMark(bytes) {
            throw ImportError(
                file: file, place: "", message: "the file is UTF-16 (\(order)) without a byte-order mark, which no reader can tell for sure: save it as UTF-8, or as UTF-16 with its byte-order mark")
        }
        guard let format = ImportFormat.detect(bytes, name: file) else {
            throw ImportError(file: file, place: "", message: "not a format jianpu imports: expected MusicXML (.musicxml, .xml), compressed MusicXML (.mxl), ABC (.abc) or a Standard MIDI File (.mid)")
        }
        var scores = try read(bytes, format: format, file: file, options: options)
        // A tune or file with no notes, rests or bars (a book's empty tune, a MIDI file of no events) has nothing to
        // write: jianpu text of a header alone is not a score. A book keeps its other tunes.
        scores.removeAll { score, _ in score.parts.allSatisfy { $0.measures.allSatisfy { $0.events.isEmpty && $0.length == .zero } } }
        guard !scores.isEmpty else {
            throw ImportError(file: file, place: "", message: "no music to import: no notes, rests or bars")
        }
        return scores.map { read, name in
            let score = KeyRewriting.apply(options.key, to: read)
            let written = JianpuTextWriter.write(score)
            return ImportResult(score: score, text: written.text, warnings: score.warnings + written.warnings, suggestedName: name)
        }
    }

    /// The scores in `bytes` of a known format, with a file name for each when there are several.
    public static func read(
        _ bytes: [UInt8], format: ImportFormat, file: String,
        options: ImportOptions
    ) throws(ImportError) -> [(ImportedScore, String?)] {
        switch format {
        case .musicXML:
            guard bytes.count <= maximumMusicXMLBytes else { throw tooLarge(file) }
            return [(try MusicXMLReader.read(xml: bytes, file: file), nil)]
        case .compressedMusicXML:
            guard bytes.count <= maximumMusicXMLBytes else { throw tooLarge(file) }
            return [(try MusicXMLReader.read(mxl: bytes, file: file), nil)]
        case .abc, .midi:
            return try readByOtherReaders(bytes, format: format, file: file, options: options)
        }
    }

    /// ABC and MIDI: a book's tune chosen by `--tune` (or the first), or every tune with `--all`; a MIDI file's
    /// tracks, or the one `--melody` names.
    static func readByOtherReaders(
        _ bytes: [UInt8], format: ImportFormat, file: String,
        options: ImportOptions
    ) throws(ImportError) -> [(ImportedScore, String?)] {
        switch format {
        case .midi:
            return [(try MIDIImport.score(from: bytes, file: file, melodyTrack: options.melodyTrack.map { $0 - 1 }), nil)]
        default:
            let book = try ABCImport.book(in: text(of: bytes), file: file)
            if options.allTunes {
                // Every tune that reads is written; one that does not is said, with its place, and fails the run.
                if let failure = book.failures.first, book.tunes.isEmpty { throw failure.error }
                var scores = uniqueNames(book.tunes.map { tune in (tune.score, fileName(for: tune)) })
                for failure in book.failures {
                    guard !scores.isEmpty else { break }
                    scores[0].0.warnings.append(ImportWarning(place: "X:\(failure.number)", message: "not imported: \(failure.error)"))
                }
                return scores
            }
            if let wanted = options.tune {
                if let tune = book.tunes.first(where: { $0.number == wanted }) { return [(tune.score, nil)] }
                if let failure = book.failures.first(where: { $0.number == wanted }) { throw failure.error }
                let numbers = book.tunes.map { "\($0.number)" }.prefix(20).joined(separator: ", ")
                throw ImportError(file: file, place: "", message: "no tune X:\(wanted) in this file: expected one of X: \(numbers)")
            }
            let first = (book.tunes.first?.number, book.failures.first?.number)
            if let failure = book.failures.first, first.1 ?? .max < first.0 ?? .max { throw failure.error }
            guard var tune = book.tunes.first else {
                throw ImportError(file: file, place: "", message: "no tune found: expected an ABC tune starting with X: and K: lines")
            }
            let count = book.tunes.count + book.failures.count
            if count > 1 {
                tune.score.warnings.insert(
                    ImportWarning(place: "X:\(tune.number)", message: "the file holds \(count) tunes: this is the first; --tune N picks another, --all -o DIR writes every one"), at: 0)
            }
            return [(tune.score, nil)]
        }
    }

    /// "little-endian" or "big-endian" when `bytes` look like UTF-16 text without a byte-order mark (a
    /// zero byte beside most ASCII characters of the start), nil otherwise.
    static func utf16WithoutMark(_ bytes: [UInt8]) -> String? {
        let start = bytes.prefix(64)
        guard start.count >= 8, start.count % 2 == 0 else { return nil }
        let pairs = stride(from: start.startIndex, to: start.endIndex - 1, by: 2).map { (start[$0], start[$0 + 1]) }
        func looks(_ text: (UInt8, UInt8) -> UInt8, _ zero: (UInt8, UInt8) -> UInt8) -> Bool {
            pairs.filter { zero($0.0, $0.1) == 0 && text($0.0, $0.1) >= 0x09 && text($0.0, $0.1) < 0x7F }.count * 4 >= pairs.count * 3
        }
        if looks({ a, _ in a }, { _, b in b }) { return "little-endian" }
        if looks({ _, b in b }, { a, _ in a }) { return "big-endian" }
        return nil
    }

    /// A UTF-16 XML document (with its byte-order mark) as UTF-8, its declaration saying so; nil for anything else.
    static func xmlFromUTF16(_ bytes: [UInt8]) -> [UInt8]? {
        guard ByteOrderMark.otherEncoding(bytes) == "UTF-16", bytes.count % 2 == 0 else { return nil }
        let bigEndian = bytes[0] == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        guard let text = String(validating: units, as: UTF16.self), text.hasPrefix("<") else { return nil }
        // The declaration's encoding="UTF-16" would now be false.
        guard text.hasPrefix("<?xml"), let end = text.firstIndex(of: ">") else { return Array(text.utf8) }
        var declaration = String(text[..<end])
        for name in ["UTF-16LE", "UTF-16BE", "UTF-16", "utf-16le", "utf-16be", "utf-16"] {
            declaration = declaration.replacingOccurrences(of: name, with: "UTF-8")
        }
        return Array((declaration + text[end...]).utf8)
    }

    /// ABC text: UTF-8, or Latin-1 as older collections are saved (every byte a character, nothing refused).
    static func text(of bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// `012-the-title` for a tune of a book: its `X:` number, then its title in letters, digits and dashes.
    static func fileName(for tune: ABCTune) -> String {
        let number = String(format: "%03d", tune.number)
        let words = (tune.title ?? "").lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        let slug = String(words).split(separator: " ").prefix(8).joined(separator: "-")
        // At most 60 letters and 120 bytes: a letter may carry any number of combining marks, and the
        // name must stay within the file system's 255 bytes.
        var kept = ""
        for letter in slug.prefix(60) {
            guard kept.utf8.count + String(letter).utf8.count <= 120 else { break }
            kept.append(letter)
        }
        return kept.isEmpty ? number : "\(number)-\(kept)"
    }

    /// `names` made distinct: a book may hold two tunes of one number and title, and the second must not
    /// replace the first; it gets `-2`, the third `-3`.
    static func uniqueNames(_ scores: [(ImportedScore, String?)]) -> [(ImportedScore, String?)] {
        var used: Set<String> = []
        return scores.map { score, name in
            guard let name else { return (score, nil) }
            var candidate = name, count = 1
            while used.contains(candidate.lowercased()) {
                count += 1
                candidate = "\(name)-\(count)"
            }
            used.insert(candidate.lowercased())
            return (score, candidate)
        }
    }

    private static func tooLarge(_ file: String) -> ImportError {
        ImportError(file: file, place: "", message: "larger than the \(maximumMusicXMLBytes >> 20) MB a MusicXML score may have")
    }
}
