import JianpuCore
import JianpuFiles
import JianpuScan

/// `jianpu scan`'s work: files in (PDF, or the SVG and HTML `jianpu typeset` writes), jianpu text out.
///
/// A file `typeset` made carries its score's text (`EmbeddedSource`): that text is given back exactly and
/// nothing is recognised. Otherwise a PDF's pages are read from their text layer and ink (`PageReader`);
/// page images (PNG, JPEG, TIFF), and PDF pages whose text layer has no digits (scans saved as PDF), are
/// binarised and straightened by leptonica and their pieces of ink classified (`ImagePageReader`).
public enum Scanner {
    /// The largest file read: 64 MB (a songbook PDF of a few hundred pages).
    public static let maximumFileBytes = 64 << 20
    /// The most pages read in one run.
    public static let maximumPages = 500
    /// Pixels per point of the ink bitmap a vector page is drawn into (4: 288 dpi).
    public static let inkScale = 4.0

    /// What kind of file the bytes are.
    enum Kind { case pdf, markup, image(String), unknown }

    static func kind(of bytes: [UInt8]) -> Kind {
        let head = bytes.prefix(1024)
        if head.starts(with: Array("%PDF".utf8)) || find("%PDF-", in: head) { return .pdf }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .image("PNG") }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .image("JPEG") }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .image("TIFF") }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        if text.contains("<svg") || text.contains("<html") || text.contains("<!doctype html") || text.hasPrefix("<?xml") { return .markup }
        return .unknown
    }

    static func find(_ needle: String, in bytes: ArraySlice<UInt8>) -> Bool {
        let needle = Array(needle.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in bytes.startIndex...(bytes.endIndex - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        return false
    }

    /// Reads a page image: binarised and straightened, its pieces classified, its structure read.
    /// With `pictureWidth`, also the page as it was read (straightened, grey) as a PNG that wide at most.
    /// Its words (title, lyrics) are read by `words`, tesseract, where it is installed.
    static func read(_ image: LeptonicaImage, number: Int, name: String, pictureWidth: Int?, words: Words) throws(ScanProblem) -> (page: ScannedPage, picture: [UInt8]?) {
        guard let classifier = GlyphClassifier.trained else { throw ScanProblem("the glyph classifier's weights are damaged: rebuild jianpu") }
        let prepared: (ink: InkBitmap, components: [InkComponent], skewDegrees: Double, picture: [UInt8]?, grey: LeptonicaImage)
        do { prepared = try image.binarised(pictureWidth: pictureWidth) } catch { throw ScanProblem("\(name): \(error)") }
        var content = ImagePageReader.content(number: number, ink: prepared.ink, components: prepared.components, classifier: classifier)
        let regions = WordRegions.regions(of: content)
        if !regions.isEmpty, let engine = words.engine, let ink = content.ink {
            let read = engine.characters(in: ink, grey: prepared.grey.luminance(scale: ink.scale), xHeight: WordRegions.xHeight(of: content), regions: regions)
            content = WordRegions.adding(read, to: content)
        }
        return (PageReader.page(content), prepared.picture)
    }

    /// The width in pixels of the pages' pictures `scan --overlay` embeds: enough to read every dot.
    public static let overlayPictureWidth = 1200

    /// Scans `paths` as consecutive pages of one score.
    public static func scan(_ paths: [String]) throws(ScanProblem) -> ScanResult {
        try scan(paths, pictureWidth: nil).result
    }

    /// Scans `paths` as consecutive pages of one score; with `pictureWidth`, also each page recognised as the
    /// overlay draws it (its picture at most that many pixels wide). A file whose embedded text is given back has no pages.
    public static func scan(_ paths: [String], pictureWidth: Int?) throws(ScanProblem) -> (result: ScanResult, pictures: [OverlayPage]) {
        var pictures: [OverlayPage] = []
        var embedded: [(path: String, text: String)] = []
        // Each page is read as it is drawn and its bitmap let go: a long PDF never holds more than one.
        var pages: [ScannedPage] = []
        let words = Words()
        for path in paths {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path, maximumBytes: maximumFileBytes) } catch {
                throw ScanProblem(error.message)
            }
            switch kind(of: bytes) {
            case .markup:
                let text: String?
                do { text = try EmbeddedSource.fromMarkup(bytes) } catch { throw ScanProblem("\(path): \(error)") }
                guard let text else {
                    throw ScanProblem("\(path): an SVG or HTML page without the jianpu text `jianpu typeset` embeds: only PDFs and their pages are read")
                }
                embedded.append((path, text))
            case .pdf:
                let document = try PopplerDocument(data: bytes, name: path)
                let attached: [UInt8]?
                do { attached = try document.attachment(named: EmbeddedSource.attachmentName, maximumBytes: EmbeddedSource.maximumBytes) } catch {
                    throw ScanProblem("\(path): \(error)")
                }
                if let attached {
                    do { embedded.append((path, try EmbeddedSource.text(attached))) } catch { throw ScanProblem("\(path): \(error)") }
                    continue
                }
                guard pages.count + document.pageCount <= maximumPages else {
                    throw ScanProblem("\(path): more than \(maximumPages) pages in one scan")
                }
                for index in 0..<document.pageCount {
                    guard let page = document.page(index) else { continue }
                    let (width, height) = page.size
                    let characters = page.characters()
                    // A page with no digits in its text is a picture of a page (a scan saved as PDF): read as an image.
                    let isPicture = !characters.contains { ("0"..."7").contains($0.character) }
                    if isPicture {
                        let image: LeptonicaImage
                        do { image = try LeptonicaImage(grey: try page.grey(scale: LeptonicaImage.workingDPI / 72)) } catch {
                            throw ScanProblem("\(path): page \(index + 1): \(error)")
                        }
                        let read = try read(image, number: pages.count + 1, name: "\(path): page \(index + 1)", pictureWidth: pictureWidth, words: words)
                        if pictureWidth != nil { pictures.append(OverlayPage(number: read.page.number, width: read.page.width, height: read.page.height, picture: read.picture)) }
                        pages.append(read.page)
                    } else {
                        let ink: InkBitmap
                        do { ink = try page.ink(scale: inkScale) } catch { throw ScanProblem("\(path): \(error)") }
                        let read = PageReader.page(PageContent(number: pages.count + 1, width: width, height: height, characters: characters, ink: ink))
                        if let pictureWidth {
                            let picture: [UInt8]
                            do { picture = try LeptonicaImage(grey: try page.grey(scale: min(inkScale, Double(pictureWidth) / width))).png(atMostWide: pictureWidth) } catch {
                                throw ScanProblem("\(path): page \(index + 1): \(error)")
                            }
                            pictures.append(OverlayPage(number: read.number, width: width, height: height, picture: picture))
                        }
                        pages.append(read)
                    }
                }
            case .image:
                let image = try LeptonicaImage(data: bytes, name: path)
                let read = try read(image, number: pages.count + 1, name: path, pictureWidth: pictureWidth, words: words)
                if pictureWidth != nil { pictures.append(OverlayPage(number: read.page.number, width: read.page.width, height: read.page.height, picture: read.picture)) }
                pages.append(read.page)
            case .unknown:
                throw ScanProblem("\(path): not a PDF, PNG, JPEG, TIFF, SVG or HTML page")
            }
        }
        if let first = embedded.first {
            guard pages.isEmpty else { throw ScanProblem("\(first.path) holds a whole score of its own: scan it alone, not with other pages") }
            if let other = embedded.first(where: { $0.text != first.text }) {
                throw ScanProblem("\(first.path) and \(other.path) hold different scores: scan them one at a time")
            }
            return (ScanResult(text: first.text, method: .embedded), [])
        }
        guard !pages.isEmpty else { throw ScanProblem("no pages to read") }
        return (ScoreAssembler.score(pages), pictures)
    }
}

extension Scanner {
    /// The OCR engine of one scan, loaded at the first page image that needs it (loading its languages takes a
    /// while) and only then; nil where tesseract is not installed.
    final class Words {
        private var loaded: TesseractEngine??
        var engine: TesseractEngine? {
            if let loaded { return loaded }
            let engine = TesseractEngine()
            loaded = .some(engine)
            return engine
        }
    }

    /// What `--overlay` writes, told by its name's ending.
    public enum OverlayFormat: Sendable { case svg, html }

    /// Checks `--overlay`'s path as `-o`'s is checked (its folder writable, none of the `inputs`) and tells its
    /// format from its ending (`.svg`, or `.html`/`.htm`); the file is written later, beside itself then renamed.
    public static func overlayTarget(_ path: String, inputs: [String]) throws(ScanProblem) -> (file: OutputFile, format: OverlayFormat) {
        let lowered = path.lowercased()
        let format: OverlayFormat
        if lowered.hasSuffix(".svg") {
            format = .svg
        } else if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") {
            format = .html
        } else {
            throw ScanProblem("\(path): an overlay is written as .svg or .html: name it so")
        }
        do { return (try OutputFile(path, inputs: inputs), format) } catch { throw ScanProblem(error.description) }
    }

    /// The overlay of a scan's pages in `format`, as the bytes to write.
    public static func overlay(_ pictures: [OverlayPage], result: ScanResult, format: OverlayFormat, title: String) -> [UInt8] {
        switch format {
        case .svg: Array(ScanOverlay.svg(pictures, bars: result.bars).utf8)
        case .html: Array(ScanOverlay.html(pictures, bars: result.bars, title: title).utf8)
        }
    }
}
