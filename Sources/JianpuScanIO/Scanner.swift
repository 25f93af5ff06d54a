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
    static func read(_ image: LeptonicaImage, number: Int, name: String) throws(ScanProblem) -> ScannedPage {
        guard let classifier = GlyphClassifier.trained else { throw ScanProblem("the glyph classifier's weights are damaged: rebuild jianpu") }
        let prepared: (ink: InkBitmap, components: [InkComponent], skewDegrees: Double)
        do { prepared = try image.binarised() } catch { throw ScanProblem("\(name): \(error)") }
        return PageReader.page(ImagePageReader.content(number: number, ink: prepared.ink, components: prepared.components, classifier: classifier))
    }

    /// Scans `paths` as consecutive pages of one score.
    public static func scan(_ paths: [String]) throws(ScanProblem) -> ScanResult {
        var embedded: [(path: String, text: String)] = []
        // Each page is read as it is drawn and its bitmap let go: a long PDF never holds more than one.
        var pages: [ScannedPage] = []
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
                        pages.append(try read(image, number: pages.count + 1, name: "\(path): page \(index + 1)"))
                    } else {
                        let ink: InkBitmap
                        do { ink = try page.ink(scale: inkScale) } catch { throw ScanProblem("\(path): \(error)") }
                        pages.append(PageReader.page(PageContent(number: pages.count + 1, width: width, height: height, characters: characters, ink: ink)))
                    }
                }
            case .image:
                let image = try LeptonicaImage(data: bytes, name: path)
                pages.append(try read(image, number: pages.count + 1, name: path))
            case .unknown:
                throw ScanProblem("\(path): not a PDF, PNG, JPEG, TIFF, SVG or HTML page")
            }
        }
        if let first = embedded.first {
            guard pages.isEmpty else { throw ScanProblem("\(first.path) holds a whole score of its own: scan it alone, not with other pages") }
            if let other = embedded.first(where: { $0.text != first.text }) {
                throw ScanProblem("\(first.path) and \(other.path) hold different scores: scan them one at a time")
            }
            return ScanResult(text: first.text, method: .embedded)
        }
        guard !pages.isEmpty else { throw ScanProblem("no pages to read") }
        return ScoreAssembler.score(pages)
    }
}
