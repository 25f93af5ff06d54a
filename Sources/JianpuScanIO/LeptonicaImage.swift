import CLeptonica
import JianpuScan

/// A page image held by leptonica: owns one `PIX` and destroys it. Reads PNG, JPEG and TIFF from
/// memory, makes it grey, evens the light and binarises it (Sauvola), straightens a skew of a few
/// degrees, and finds its connected pieces of ink.
///
/// A hostile file stays harmless: its header's size is checked before anything is decoded (at most
/// `maximumPixels`), and a file leptonica cannot decode whole (truncated, corrupt) is refused in words.
public final class LeptonicaImage {
    /// The largest image decoded: 50 megapixels (an A4 page at 600 dpi is 35; a phone's camera 12–48).
    public static let maximumPixels = 50_000_000
    /// Pages finer than this are scaled down to it before they are read: more detail reads no better.
    public static let workingDPI = 300.0

    private var pix: UnsafeMutablePointer<PIX>

    private init(owning pix: UnsafeMutablePointer<PIX>) { self.pix = pix }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    /// Takes ownership of `pix`, or says `problem` when leptonica made none.
    private static func owning(_ pix: UnsafeMutablePointer<PIX>?, or problem: String) throws(ScanProblem) -> LeptonicaImage {
        guard let pix else { throw ScanProblem(problem) }
        return LeptonicaImage(owning: pix)
    }

    /// Decodes the image in `data` (PNG, JPEG or TIFF; a TIFF's first page); `name` is for messages.
    public init(data: [UInt8], name: String) throws(ScanProblem) {
        // Leptonica's own messages go to standard error; every failure is said here instead.
        setMsgSeverity(Int32(L_SEVERITY_NONE))
        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0, bits: Int32 = 0, samples: Int32 = 0, colormap: Int32 = 0
        let headerRead = data.withUnsafeBufferPointer { buffer in
            pixReadHeaderMem(buffer.baseAddress, buffer.count, &format, &width, &height, &bits, &samples, &colormap)
        }
        guard headerRead == 0 else { throw ScanProblem("\(name): not an image leptonica can read (its header is damaged or missing)") }
        guard width > 0, height > 0 else { throw ScanProblem("\(name): the image says it is \(width) × \(height) pixels") }
        guard Int(width) * Int(height) <= Self.maximumPixels else {
            throw ScanProblem("\(name): the image says it is \(width) × \(height) pixels, more than \(Self.maximumPixels / 1_000_000) megapixels: no page needs so many")
        }
        // A PNG ends with its IEND chunk and a JPEG with its end marker: without them the file was cut short
        // (checked here, so libpng never reports it on standard error).
        let pngEnd: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        if format == Int32(IFF_PNG), !data.suffix(64).windows(pngEnd.count).contains(pngEnd) {
            throw ScanProblem("\(name): the PNG is cut short (it has no end): a truncated file")
        }
        if format == Int32(IFF_JFIF_JPEG), !data.suffix(1 << 16).windows(2).contains([0xFF, 0xD9]) {
            throw ScanProblem("\(name): the JPEG is cut short (it has no end marker): a truncated file")
        }
        let decoded = data.withUnsafeBufferPointer { pixReadMem($0.baseAddress, $0.count) }
        guard let decoded else { throw ScanProblem("\(name): the image cannot be decoded whole (truncated or damaged)") }
        pix = decoded
        guard pixGetWidth(pix) == width, pixGetHeight(pix) == height else {
            throw ScanProblem("\(name): the image decodes to another size than its header says")
        }
    }

    /// The image of a PDF page drawn on white: `grey` holds its luminance (0 black, 255 white).
    public init(grey: InkBitmap) throws(ScanProblem) {
        guard let made = pixCreate(Int32(grey.width), Int32(grey.height), 8) else { throw ScanProblem("cannot make an image of the page") }
        pix = made
        let words = pixGetData(pix), wpl = Int(pixGetWpl(pix))
        for y in 0..<grey.height {
            for x in 0..<grey.width {
                // 8-bit pixels sit in 32-bit words most significant byte first.
                let shift = UInt32(24 - 8 * (x & 3))
                words?[y * wpl + x >> 2] |= UInt32(grey.pixels[y * grey.width + x]) << shift
            }
        }
        let resolution = Int32((grey.scale * 72).rounded())
        pixSetResolution(pix, resolution, resolution)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }

    /// The resolution in dots per inch: the file's own when it says a believable one, else the one that
    /// makes the image as wide as an A4 page (phone photos and screenshots carry none that means anything).
    public var dpi: Double {
        let said = Double(pixGetXRes(pix))
        if (70...1300).contains(said) { return said }
        return max(50, Double(width) / 8.27)
    }

    /// The page read for recognition: grey, scaled to at most `workingDPI`, straightened, binarised with
    /// Sauvola's local threshold (uneven light), as ink coverage and its connected pieces; and the skew found.
    public func binarised() throws(ScanProblem) -> (ink: InkBitmap, components: [InkComponent], skewDegrees: Double) {
        let prepared = try binarised(pictureWidth: nil)
        return (prepared.ink, prepared.components, prepared.skewDegrees)
    }

    /// As `binarised()`, and where `pictureWidth` is given, the grey page it was read from (scaled, straightened)
    /// as a PNG at most that many pixels wide: the page as the scan saw it, for `scan --overlay`; and that grey
    /// page itself, pixel for pixel with the ink (OCR reads words better from grey than from a binarised page).
    public func binarised(
        pictureWidth: Int?
    ) throws(ScanProblem) -> (
        ink: InkBitmap, components: [InkComponent], skewDegrees: Double, picture: [UInt8]?, grey: LeptonicaImage
    ) {
        var grey = try Self.owning(pixConvertTo8(flattened().pix, 0), or: "the image cannot be made grey")
        var dpi = self.dpi
        if dpi > Self.workingDPI * 1.15 {
            let factor = Float(Self.workingDPI / dpi)
            grey = try Self.owning(pixScale(grey.pix, factor, factor), or: "the image cannot be scaled")
            dpi = Self.workingDPI
        }
        var binary = try grey.sauvola(dpi: dpi)
        // The skew, from the lines of ink (leptonica searches ±7°); a page straighter than 0.1° is left be.
        var angle: Float = 0, confidence: Float = 0
        var skew = 0.0
        // Music is sparser than text: the sweep runs at half resolution (not a quarter) in half-degree steps.
        let found = pixFindSkewSweepAndSearch(binary.pix, &angle, &confidence, 2, 1, 7, 0.5, 0.01)
        if found == 0, confidence >= 2.5, abs(angle) >= 0.1 {
            let radians = Float(Double(angle) * .pi / 180)
            let straight = try Self.owning(
                pixRotate(grey.pix, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0),
                or: "the image cannot be straightened")
            grey = straight
            binary = try grey.sauvola(dpi: dpi)
            skew = Double(angle)
        }
        let ink = binary.coverage(scale: dpi / 72)
        let picture = try pictureWidth.map { width throws(ScanProblem) in try grey.png(atMostWide: width) }
        return (ink, binary.components(scale: dpi / 72), skew, picture, grey)
    }

    /// This image turned by `degrees` (clockwise positive), white brought in at the corners: a page as a
    /// skewed scanner or camera gives it.
    public func rotated(degrees: Double) throws(ScanProblem) -> LeptonicaImage {
        let radians = Float(degrees * .pi / 180)
        return try Self.owning(pixRotate(pix, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0), or: "the image cannot be turned")
    }

    /// A file format this image can be written in.
    public enum Format: Sendable {
        case png
        /// JPEG at a quality from 1 to 100.
        case jpeg(quality: Int)
        /// TIFF, LZW-compressed.
        case tiff
    }

    /// This image as a file's bytes in `format`.
    public func encoded(_ format: Format) throws(ScanProblem) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status: Int32
        switch format {
        case .png: status = pixWriteMem(&data, &size, pix, Int32(IFF_PNG))
        case .jpeg(let quality): status = pixWriteMemJpeg(&data, &size, pix, Int32(min(100, max(1, quality))), 0)
        case .tiff: status = pixWriteMemTiff(&data, &size, pix, Int32(IFF_TIFF_LZW))
        }
        guard status == 0, let data else { throw ScanProblem("the image cannot be written as \(format)") }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// This image as PNG bytes, scaled down to at most `width` pixels wide (an overlay's page need be no finer).
    public func png(atMostWide width: Int) throws(ScanProblem) -> [UInt8] {
        var image = self
        if self.width > width {
            let factor = Float(Double(width) / Double(self.width))
            image = try Self.owning(pixScale(pix, factor, factor), or: "the page cannot be scaled for its picture")
        }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemPng(&data, &size, image.pix, 0) == 0, let data else { throw ScanProblem("the page's picture cannot be written as PNG") }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// This image as a one-page PDF's bytes (a picture of a page, as a scanner saves it).
    public func pdf() throws(ScanProblem) -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemPdf(&data, &size, pix, Int32(dpi.rounded()), nil) == 0, let data else { throw ScanProblem("the image cannot be written as PDF") }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The image on white where it has an alpha channel (transparent paper is not black ink).
    private func flattened() throws(ScanProblem) -> LeptonicaImage {
        if pixGetSpp(pix) == 4, pixGetDepth(pix) == 32 {
            return try Self.owning(pixAlphaBlendUniform(pix, 0xFFFF_FF00), or: "the image's transparency cannot be flattened")
        }
        return try Self.owning(pixClone(pix), or: "the image cannot be read")
    }

    /// Sauvola's binarisation of this grey image, over a window about a sixth of an inch wide.
    private func sauvola(dpi: Double) throws(ScanProblem) -> LeptonicaImage {
        let half = Int32(max(7, dpi / 12))
        guard width >= Int(2 * half + 3), height >= Int(2 * half + 3) else { throw ScanProblem("the image is too small to hold a page of music") }
        // Tiles of about a megapixel keep leptonica's sums small.
        let tilesAcross = Int32(max(1, min(width / Int(4 * half + 8), width / 1000))), tilesDown = Int32(max(1, min(height / Int(4 * half + 8), height / 1000)))
        var binary: UnsafeMutablePointer<PIX>?
        guard pixSauvolaBinarizeTiled(pix, half, 0.35, tilesAcross, tilesDown, nil, &binary) == 0 else {
            throw ScanProblem("the image cannot be binarised")
        }
        return try Self.owning(binary, or: "the image cannot be binarised")
    }

    /// This 8-bit grey image's luminance (0 black, 255 white), `scale` pixels a point; nil for another depth.
    public func luminance(scale: Double) -> InkBitmap? {
        guard pixGetDepth(pix) == 8, let words = pixGetData(pix) else { return nil }
        let width = self.width, height = self.height, wpl = Int(pixGetWpl(pix))
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height {
            let row = y * wpl
            // 8-bit pixels sit in 32-bit words most significant byte first.
            for x in 0..<width { pixels[y * width + x] = UInt8(truncatingIfNeeded: words[row + x >> 2] >> UInt32(24 - 8 * (x & 3))) }
        }
        return InkBitmap(width: width, height: height, scale: scale, pixels: pixels)
    }

    /// This 1-bit image as coverage: 255 ink, 0 paper.
    private func coverage(scale: Double) -> InkBitmap {
        let width = self.width, height = self.height
        let words = pixGetData(pix), wpl = Int(pixGetWpl(pix))
        var pixels = [UInt8](repeating: 0, count: width * height)
        if let words {
            for y in 0..<height {
                let row = y * wpl
                for x in 0..<width where words[row + x >> 5] & (0x8000_0000 >> UInt32(x & 31)) != 0 {
                    pixels[y * width + x] = 255
                }
            }
        }
        return InkBitmap(width: width, height: height, scale: scale, pixels: pixels)
    }

    /// The 8-connected pieces of ink of this 1-bit image, their boxes in points (`scale` pixels a point).
    private func components(scale: Double) -> [InkComponent] {
        guard let boxes = pixConnCompBB(pix, 8) else { return [] }
        var owned: UnsafeMutablePointer<BOXA>? = boxes
        defer { boxaDestroy(&owned) }
        var result: [InkComponent] = []
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { continue }
            result.append(InkComponent(box: Box(x: Double(x) / scale, y: Double(y) / scale, width: Double(w) / scale, height: Double(h) / scale), pixels: Int(w * h)))
        }
        return result.sorted { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }
    }
}

extension Collection where Element == UInt8 {
    /// Every run of `length` consecutive bytes, as arrays.
    fileprivate func windows(_ length: Int) -> [[UInt8]] {
        let bytes = Array(self)
        guard bytes.count >= length else { return [] }
        return (0...(bytes.count - length)).map { Array(bytes[$0..<($0 + length)]) }
    }
}
