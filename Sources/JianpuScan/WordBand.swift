/// A band of a page image made ready for OCR: cut from the grey page (tesseract binarises better itself than a
/// music page's Sauvola threshold leaves the letters), set on a white margin (a word touching the edge is
/// misread), and scaled so that its small letters are about `targetXHeight` pixels tall, the size tesseract's
/// models read best.
public struct WordBand: Sendable {
    /// Luminance, 0 black and 255 white, `width` × `height`, row by row.
    public var pixels: [UInt8]
    public var width: Int, height: Int
    /// Band pixels per page point.
    public var scale: Double
    /// The page point at the band's pixel (0, 0).
    public var originX: Double, originY: Double

    /// The height of a small letter (an x) tesseract reads best, in pixels.
    public static let targetXHeight = 25.0
    /// The white border set around the band, in pixels.
    public static let margin = 16

    /// The band of `grey` (luminance, `scale` pixels a point) in `region` (points), scaled for letters whose
    /// x-height is `xHeight` points; nil when the region holds no pixels or no ink. With `ink` (the binarised page,
    /// pixel for pixel), paper away from any ink is made white: a photo's noise and shading would cost tesseract
    /// seconds and read as specks.
    public static func cut(_ grey: InkBitmap, region: Box, xHeight: Double?, ink: InkBitmap? = nil) -> WordBand? {
        let x0 = max(0, Int((region.x * grey.scale).rounded(.down))), y0 = max(0, Int((region.y * grey.scale).rounded(.down)))
        let x1 = min(grey.width, Int((region.maxX * grey.scale).rounded(.up))), y1 = min(grey.height, Int((region.maxY * grey.scale).rounded(.up)))
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return nil }
        // Letters already near the size read best are left as they are (scaling blurs); others are brought to it,
        // at most four times larger or half as large.
        var factor = 1.0
        if let xHeight, xHeight > 0 {
            let pixels = xHeight * grey.scale
            if pixels < 18 || pixels > 40 { factor = min(4, max(0.5, targetXHeight / pixels)) }
        }
        let width = Int((Double(x1 - x0) * factor).rounded()) + 2 * margin, height = Int((Double(y1 - y0) * factor).rounded()) + 2 * margin
        var pixels = [UInt8](repeating: 255, count: width * height)
        var darkest: UInt8 = 255
        for y in margin..<(height - margin) {
            // Bilinear: each band pixel from the four page pixels around its centre.
            let sy = min(Double(y1 - y0 - 1), max(0, (Double(y - margin) + 0.5) / factor - 0.5))
            let top = Int(sy), bottom = min(y1 - y0 - 1, top + 1), fy = sy - Double(top)
            for x in margin..<(width - margin) {
                let sx = min(Double(x1 - x0 - 1), max(0, (Double(x - margin) + 0.5) / factor - 0.5))
                let left = Int(sx), right = min(x1 - x0 - 1, left + 1), fx = sx - Double(left)
                func at(_ px: Int, _ py: Int) -> Double {
                    let gx = x0 + px, gy = y0 + py
                    if let ink, ink.width == grey.width, ink.height == grey.height {
                        let near =
                            ink.pixels[gy * ink.width + gx] >= 128 || gx > 0 && ink.pixels[gy * ink.width + gx - 1] >= 128
                            || gx + 1 < ink.width && ink.pixels[gy * ink.width + gx + 1] >= 128 || gy > 0 && ink.pixels[(gy - 1) * ink.width + gx] >= 128
                            || gy + 1 < ink.height && ink.pixels[(gy + 1) * ink.width + gx] >= 128
                        if !near { return 255 }
                    }
                    return Double(grey.pixels[gy * grey.width + gx])
                }
                let value = (at(left, top) * (1 - fx) + at(right, top) * fx) * (1 - fy) + (at(left, bottom) * (1 - fx) + at(right, bottom) * fx) * fy
                let byte = UInt8(max(0, min(255, value.rounded())))
                pixels[y * width + x] = byte
                darkest = min(darkest, byte)
            }
        }
        guard darkest < 128 else { return nil }
        let bandScale = grey.scale * factor
        return WordBand(
            pixels: pixels, width: width, height: height, scale: bandScale,
            originX: Double(x0) / grey.scale - Double(margin) / bandScale, originY: Double(y0) / grey.scale - Double(margin) / bandScale)
    }

    /// The page box (points) of a box in band pixels.
    public func pageBox(left: Int, top: Int, right: Int, bottom: Int) -> Box {
        Box(x: originX + Double(left) / scale, y: originY + Double(top) / scale, width: Double(right - left) / scale, height: Double(bottom - top) / scale)
    }
}
