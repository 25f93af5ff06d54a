import CLibraryLoader
import CTesseract
import Glibc
import JianpuScan

/// Tesseract reading the words of a page image (titles, lyrics, D.S. and Fine) in English and simplified Chinese:
/// the one owner of a `TessBaseAPI`, which holds the languages' models once loaded.
///
/// Only the regions given are read, each alone, not the whole page. Tesseract's messages go to /dev/null
/// (its `debug_file`), not to standard error.
public final class TesseractEngine {
    private let handle: OpaquePointer

    /// The languages read: English and simplified Chinese (Debian's `tesseract-ocr-eng`, `tesseract-ocr-chi-sim`).
    public static let languages = "eng+chi_sim"

    /// Whether tesseract can be opened here: CLibraryLoader stops the program when a library it is asked for is
    /// missing, so the library is looked for first, under the names the loader knows.
    public static var isInstalled: Bool {
        // Debian's tesseract runs on OpenMP, whose threads spin and wait on a busy 2-core machine: one thread reads
        // a page's few words in a third of the time. Set before the library (and OpenMP with it) is first opened.
        setenv("OMP_THREAD_LIMIT", "1", 0)
        return clibraryloader_can_open("TessBaseAPICreate") == 1
    }

    /// An engine with `languages` loaded, or nil where tesseract or its language data is not installed.
    public init?(languages: String = TesseractEngine.languages) {
        guard Self.isInstalled, let handle = TessBaseAPICreate() else { return nil }
        self.handle = handle
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        guard TessBaseAPIInit3(handle, nil, languages) == 0 else {
            TessBaseAPIDelete(handle)
            return nil
        }
        // Each region is a block of lines of words (a title, a verse or two).
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_BLOCK)
        // Printed words are dark on light: the second, inverted reading tesseract tries on a doubtful line only costs time.
        _ = TessBaseAPISetVariable(handle, "tessedit_do_invert", "0")
    }

    deinit { TessBaseAPIDelete(handle) }

    /// The characters tesseract reads in `regions` (in points) of the page, with their boxes in points; words read
    /// with less confidence than `minimumConfidence` (0–100) are left out. `grey` is the page's luminance where
    /// there is one (a page image), else the words are read from the binary `ink`; `xHeight` (points) is the
    /// words' expected x-height, to scale them to the size tesseract reads best.
    public func characters(
        in ink: InkBitmap, grey: InkBitmap? = nil, xHeight: Double? = nil, regions: [Box], minimumConfidence: Float = 50
    ) -> [PositionedCharacter] {
        // Paper white, ink black, as tesseract expects a grey page.
        let page = grey ?? InkBitmap(width: ink.width, height: ink.height, scale: ink.scale, pixels: ink.pixels.map { $0 >= 128 ? 0 : 255 })
        var found: [PositionedCharacter] = []
        for region in regions {
            guard let band = WordBand.cut(page, region: region, xHeight: xHeight, ink: grey == nil ? nil : ink) else { continue }
            band.pixels.withUnsafeBufferPointer { buffer in
                TessBaseAPISetImage(handle, buffer.baseAddress, Int32(band.width), Int32(band.height), 1, Int32(band.width))
            }
            let dpi = Int32((band.scale * 72).rounded())
            TessBaseAPISetSourceResolution(handle, dpi)
            _ = TessBaseAPISetVariable(handle, "user_defined_dpi", "\(dpi)")
            guard TessBaseAPIRecognize(handle, nil) == 0, let iterator = TessBaseAPIGetIterator(handle) else { continue }
            defer { TessResultIteratorDelete(iterator) }
            // Read a word at a time: each character gets its word's height and an even share of its width, so that
            // the words' letters touch and the words part where the page leaves a space.
            repeat {
                guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let word = String(cString: text)
                TessDeleteText(text)
                let confidence = TessResultIteratorConfidence(iterator, RIL_WORD)
                var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
                // A word of dots and strokes alone is the music's ink read as text (octave dots under the notes, underlines):
                // its characters would hide those marks from the reader.
                guard confidence >= minimumConfidence, !word.isEmpty, !word.allSatisfy({ ".:;,·'`\"_~|".contains($0) }),
                    TessPageIteratorBoundingBox(TessResultIteratorGetPageIteratorConst(iterator), RIL_WORD, &left, &top, &right, &bottom) != 0
                else { continue }
                let box = band.pageBox(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom))
                let share = box.width / Double(word.count)
                for (index, character) in word.enumerated() {
                    found.append(PositionedCharacter(character, box: Box(x: box.x + Double(index) * share, y: box.y, width: share, height: box.height)))
                }
            } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        }
        return found
    }
}
