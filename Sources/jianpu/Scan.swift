import ArgumentParser
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuScan
import JianpuScanIO

#if canImport(Glibc)
import Glibc
#endif

/// `jianpu scan`: printed jianpu in as jianpu text.
struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read printed jianpu (PDF, PNG, JPEG, TIFF) as jianpu text.",
        discussion:
            "The SVG, PDF and HTML that `jianpu typeset` writes carry their score's text, which comes back exactly. Other PDFs are read from their text and drawing; page images (and PDF pages that are pictures) are binarised, straightened and their symbols recognised by a small trained classifier. Read: digits, octave and augmentation dots, underlines, dashes, bar lines, sharps and flats, the key (1=D, 6=F# minor) and key changes, meters (and changes), tempo, ties, chords (stacked digits), tuplets, grace notes, repeat signs, volta endings, D.C./D.S./Fine/Coda, the title, lyrics (words through tesseract on page images), and several parts per system (rows joined by a bracket or brace); not yet: a grace note's own sign, dots and value, percent repeats, multi-bar rest counts. Bars whose beats do not add up are warnings with their page, system and bar. `--overlay read.html` (or .svg) draws each page with every bar read over it, its number and text, red where it does not add up, to check the reading by eye."
    ).under("jianpu")

    @Argument(help: "The pages: PDF files (every page), PNG, JPEG or TIFF images, or the SVG/HTML jianpu typeset writes; several files are consecutive pages.")
    var files: [String]

    @Option(name: .shortAndLong, help: "The jianpu file to write; standard output when omitted.")
    var output: String?

    @Option(
        help: ArgumentHelp(
            "An overlay to check the reading by: each page with every bar read drawn over it (its box, number and jianpu text; red where its beats do not add up).", valueName: "read.html|read.svg"))
    var overlay: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the pages to read: a PDF, page images, or the SVG/HTML jianpu typeset writes") }
    }

    func run() throws {
        // The output is checked against every input before anything is read.
        FilesRead.remember(files)
        let target = try output.map { try OutputFile($0, inputs: files) }
        var overlayTarget: (file: OutputFile, format: Scanner.OverlayFormat)?
        if let overlay {
            do { overlayTarget = try Scanner.overlayTarget(overlay, inputs: files + (output.map { [$0] } ?? [])) } catch { throw CommandFailure(error.message) }
        }
        // A PDF that draws millions of shapes would keep poppler busy for hours: said in a line, nothing written.
        PageTimeLimit.shared.onOverrun { page in
            StandardStreams.error(
                "jianpu: \(TerminalText.visible(page)) took more than \(Int(PageTimeLimit.defaultSeconds)) s to read (a page of music takes under a second): the PDF draws far more than a page of music; nothing was written\n"
            )
            TemporaryFiles.removeAll()
            _exit(1)
        }
        let result: ScanResult
        let pictures: [OverlayPage]
        do {
            (result, pictures) = try Scanner.scan(files, pictureWidth: overlayTarget == nil ? nil : Scanner.overlayPictureWidth)
        } catch { throw CommandFailure(error.message) }
        switch result.method {
        case .embedded:
            StandardStreams.error("jianpu scan: read the jianpu text embedded by jianpu typeset\n")
        case .recognized:
            for warning in result.warnings { StandardStreams.error("jianpu scan: warning: \(TerminalText.visible(warning.description))\n") }
        }
        if let target {
            try target.write(Array(result.text.utf8))
        } else {
            try CommandOutput.write(isatty(STDOUT_FILENO) == 1 ? TerminalText.visibleLines(result.text) : result.text)
        }
        if let overlayTarget {
            guard result.method == .recognized else {
                throw CommandFailure("no overlay written: the jianpu text was embedded in the file, nothing on its pages was read")
            }
            let title = files.count == 1 ? "jianpu scan of \(files[0])" : "jianpu scan of \(files.count) files"
            try overlayTarget.file.write(Scanner.overlay(pictures, result: result, format: overlayTarget.format, title: title))
        }
    }
}
