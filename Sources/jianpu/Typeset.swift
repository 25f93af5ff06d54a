import ArgumentParser
import Foundation
import JianpuAudio
import JianpuCommandLine
import JianpuCore
import JianpuEngraving
import JianpuFiles
import JianpuPrint

struct Typeset: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typeset",
        abstract: "Typeset a score as printed jianpu: SVG, PDF, or a self-contained HTML page that plays.",
        discussion:
            "The format follows the output's extension: .svg, .pdf or .html. The page plays the score with a small synthesizer of its own (no network), with tempo, a loop of bars, a count-in, a click and parts to mute or solo."
    ).under("jianpu")

    @OptionGroup var input: ScoreInput

    @Option(name: .shortAndLong, help: "The file to write: song.svg, song.pdf or song.html.")
    var output: String

    @Option(help: "Paper size: a4 or letter.")
    var paper: Paper = .a4

    @Option(help: "Size of the digits in points, 8-40.")
    var size: Double = 15

    @Option(help: "The most pages to typeset: a score that needs more is refused before anything is written.")
    var maxPages: Int = 100

    @OptionGroup var transposition: TranspositionOptions

    @Flag(help: "Leave the score's text out of the file (it is embedded so that jianpu scan gives it back exactly).")
    var withoutSource = false

    enum Format: String { case svg, pdf, html }

    var format: Format? {
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        return ext == "htm" ? .html : Format(rawValue: ext)
    }

    func validate() throws {
        guard format != nil else { throw ValidationError("cannot tell the format of '\(output)': give a name ending in .svg, .pdf or .html") }
        guard (8...40).contains(size) else { throw ValidationError("--size must be between 8 and 40 points") }
        guard maxPages >= 1 else { throw ValidationError("--max-pages must be at least 1") }
    }

    func run() throws {
        FilesRead.remember([input.file] + FontFiles.inUse())
        let file = try OutputFile(output, inputs: [input.file] + FontFiles.inUse())
        let (written, text) = try input.loadWithSource()
        let semitones = transposition.semitones(from: written.writtenKey)
        let score = written.transposed(by: semitones)
        // The score's text rides along for `jianpu scan`, unless the page is transposed and no longer what it says.
        let source = semitones == 0 && !withoutSource ? text : nil
        let engraver = Engraver(options: EngravingOptions(paper: paper, size: size), measure: CairoTextMeasure())
        // Pages are written as the layout finishes them: a big score's pages are never all held, nor its text.
        do {
            switch format ?? .svg {
            case .svg:
                var stream = PageFile(file) { writer in SVGWriter.Stream(source: source, bytes: { (bytes: [UInt8]) throws(FileProblem) in try writer.write(bytes) }) }
                try engraver.write(score, maximumPages: maxPages, to: &stream)
            case .pdf:
                var stream = PageFile(file) { writer in PDFWriter.Stream(source: source) { bytes in try writer.write(bytes) } }
                try engraver.write(score, maximumPages: maxPages, to: &stream)
            case .html:
                var stream = PageFile(file) { HTMLTypesetting.page(to: $0, source: source) }
                try engraver.write(score, maximumPages: maxPages, withSound: true, to: &stream)
            }
        } catch let refusal as EngravingRefusal {
            throw CommandFailure(refusal.message(for: input.file))
        } catch let error as AudioError {
            throw CommandFailure(error.message)
        } catch let error as PDFWriter.Failure {
            throw CommandFailure(error.description)
        }
    }
}

extension Paper: ExpressibleByArgument {}

/// Pages written to an output file opened when the layout begins writing, once it has counted the pages:
/// a score it refuses leaves nothing behind. The file is put in place after the last page.
///
/// Not generic over its pages' writer: the metadata of a generic one, made at run time, cost a typeset a search of
/// the program's every conformance for its requirement.
struct PageFile: PageWriter {
    let file: OutputFile
    let make: (OutputFileWriter) -> any PageWriter
    private var writer: OutputFileWriter?
    private var pages: (any PageWriter)?

    init(_ file: OutputFile, _ make: @escaping (OutputFileWriter) -> any PageWriter) {
        self.file = file
        self.make = make
    }

    mutating func begin(_ engraving: Engraving, pageCount: Int) throws {
        let writer = try file.open()
        self.writer = writer
        var pages = make(writer)
        try pages.begin(engraving, pageCount: pageCount)
        self.pages = pages
    }

    mutating func write(_ page: Page, index: Int) throws {
        try pages?.write(page, index: index)
    }

    mutating func end(_ engraving: Engraving) throws {
        try pages?.end(engraving)
        try writer?.commit()
    }
}
