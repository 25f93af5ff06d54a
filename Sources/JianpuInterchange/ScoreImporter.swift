/// What `jianpu import` asks for beyond the source: which ABC tune, which MIDI track.
public struct ImportOptions: Sendable, Hashable {
    /// The ABC tune to read, by its `X:` number; nil for the first (or all, with `allTunes`).
    public var tune: Int?
    /// Every tune of an ABC book, each a score of its own.
    public var allTunes: Bool
    /// The one MIDI track (1-based, as numbered in the file) to keep; nil for every track with notes.
    public var melodyTrack: Int?

    public init(tune: Int? = nil, allTunes: Bool = false, melodyTrack: Int? = nil) {
        self.tune = tune
        self.allTunes = allTunes
        self.melodyTrack = melodyTrack
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
        guard let format = ImportFormat.detect(bytes, name: file) else {
            throw ImportError(file: file, place: "", message: "not a format jianpu imports: expected MusicXML (.musicxml, .xml), compressed MusicXML (.mxl), ABC (.abc) or a Standard MIDI File (.mid)")
        }
        let scores = try read(bytes, format: format, file: file, options: options)
        return scores.map { score, name in
            let written = JianpuTextWriter.write(score)
            return ImportResult(score: score, text: written.text, warnings: score.warnings + written.warnings, suggestedName: name)
        }
    }

    /// The scores in `bytes` of a known format, with a file name for each when there are several.
    public static func read(_ bytes: [UInt8], format: ImportFormat, file: String,
                            options: ImportOptions) throws(ImportError) -> [(ImportedScore, String?)] {
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

    /// ABC and MIDI: their readers join this build at merge (`ABCImport`, `MIDIImport`); this is the
    /// one place that calls them.
    static func readByOtherReaders(_ bytes: [UInt8], format: ImportFormat, file: String,
                                   options: ImportOptions) throws(ImportError) -> [(ImportedScore, String?)] {
        throw ImportError(file: file, place: "", message: "\(format.rawValue) import is not supported in this build: MusicXML (.musicxml, .xml, .mxl) is")
    }

    private static func tooLarge(_ file: String) -> ImportError {
        ImportError(file: file, place: "", message: "larger than the \(maximumMusicXMLBytes >> 20) MB a MusicXML score may have")
    }
}
