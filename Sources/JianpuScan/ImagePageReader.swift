import Foundation

/// Reads a page image's characters, so that the rest is read as a vector page is (`PageReader`): each
/// piece of ink is classified (`GlyphClassifier`), and the digits, key letters, sharps and flats become
/// characters with boxes like a PDF's text layer gives; an `=` is two short strokes after a 1.
///
/// A digit's box is made the size a font's box would be (the note digits all one height, reaching above
/// and below the ink as DejaVu's do), because the reader's measures are in that size.
public enum ImagePageReader {
    /// A piece read as a character with less probability than this is left as ink.
    static let minimumProbability = 0.6

    /// The page's content: `ink` the binary page, `components` its pieces of ink.
    public static func content(number: Int, ink: InkBitmap, components: [InkComponent], classifier: GlyphClassifier) -> PageContent {
        let scale = ink.scale
        var read: [(component: InkComponent, label: String)] = []
        for component in components {
            let x = Int((component.box.x * scale).rounded()), y = Int((component.box.y * scale).rounded())
            let width = min(ink.width - x, Int((component.box.width * scale).rounded())), height = min(ink.height - y, Int((component.box.height * scale).rounded()))
            // Specks and page-sized pieces (a frame, a photo's dark edge) are no characters.
            guard x >= 0, y >= 0, width > 0, height > 0, width * height >= 12, height >= 4,
                width < ink.width / 4, height < ink.height / 8
            else { continue }
            let (label, probability) = classifier.classify(ink, x: x, y: y, width: width, height: height)
            guard label != "other", probability >= minimumProbability else { continue }
            read.append((component, label))
        }
        let digitHeights = read.filter { $0.label.first?.isNumber == true }.map(\.component.box.height)
        let inkHeight = noteInkHeight(digitHeights)
        // Digits that are no notes though of the notes' size: a key's 1 (an = follows it) and a stacked meter
        // (two digits one above the other).
        let digits = read.filter { $0.label.first?.isNumber == true }.map(\.component.box)
        // A minor key is printed `6=X`, in the words' size: a note's 6 (of the notes' size) followed by two strokes is none.
        func isKeyDigit(_ label: String, _ box: Box) -> Bool {
            label == "1" || label == "6" && inkHeight.map { abs(box.height - $0) > $0 * 0.15 } == true
        }
        let keyOnes = Set(equalsSigns(components, ones: read.filter { isKeyDigit($0.label, $0.component.box) }.map { PositionedCharacter("1", box: $0.component.box) }).map(\.one))
        // A tempo, `= 100`: the digits right after an = shape on its line.
        let tempoSigns = inkHeight.map { equalsShapes(components, size: $0) } ?? []
        func isTempo(_ box: Box) -> Bool {
            tempoSigns.contains { sign in
                abs(sign.midY - box.midY) <= box.height * 0.35 && box.x >= sign.maxX && box.x - sign.maxX <= box.height * 3
            }
        }
        // A meter's digits, of one size, nearly touch; a chord's stacked digits (read with the notes) stand a fifth
        // of a digit apart, and a tuplet's number over a note is smaller.
        func isStacked(_ box: Box) -> Bool {
            digits.contains { other in
                other != box && min(other.maxX, box.maxX) - max(other.x, box.x) > min(other.width, box.width) * 0.5
                    && abs(other.height - box.height) <= box.height * 0.15 && max(other.y, box.y) - min(other.maxY, box.maxY) < box.height * 0.12
            }
        }
        var characters: [PositionedCharacter] = []
        for (component, label) in read {
            let box = component.box
            guard let character = label == "#" ? "♯" : label == "b" ? "♭" : label.first else { continue }
            if character.isNumber, let inkHeight, abs(box.height - inkHeight) <= inkHeight * 0.08, !keyOnes.contains(box), !isStacked(box), !isTempo(box) {
                // A note digit: the box a font gives it, from above its ink to below it.
                characters.append(PositionedCharacter(character, box: Box(x: box.x, y: box.midY - inkHeight * 0.77, width: box.width, height: inkHeight * 1.6)))
            } else {
                // Other characters reach out a little, as their advance does, so that `1=D` reads as one word.
                let pad = box.height * 0.12
                characters.append(PositionedCharacter(character, box: Box(x: box.x - pad, y: box.y, width: box.width + 2 * pad, height: box.height)))
            }
        }
        let signs = equalsSigns(
            components,
            ones: characters.filter { c in c.character == "1" || c.character == "6" && keyOnes.contains { c.box.x <= $0.midX && $0.midX <= c.box.maxX && c.box.y <= $0.midY && $0.midY <= c.box.maxY } }
        ).map(\.sign)
        // A letter is read only as a key's name, right after `1=` (words are not read: their letters would be noise).
        characters = characters.filter { c in
            !c.character.isLetter || signs.contains { abs($0.box.midY - c.box.midY) <= c.box.height * 0.6 && c.box.x >= $0.box.midX && c.box.x - $0.box.maxX <= c.box.height * 0.6 }
        }
        characters += signs
        // Specks (noise, JPEG blocks, paper grain) smaller than any printed dot are no mark.
        let speck = (inkHeight ?? 0) * 0.15
        let marks = components.filter { $0.box.width >= speck || $0.box.height >= speck }
        return PageContent(number: number, width: Double(ink.width) / scale, height: Double(ink.height) / scale, characters: characters, ink: ink, components: marks)
    }

    /// The ink height of the note digits: the most common digit height (in bins of 4%), their median.
    static func noteInkHeight(_ heights: [Double]) -> Double? {
        guard let smallest = heights.min(), smallest > 0 else { return nil }
        var bins: [Int: [Double]] = [:]
        for height in heights { bins[Int((log(height / smallest) / log(1.04)).rounded()), default: []].append(height) }
        // A digit's height varies by a pixel or two: a bin and its neighbours count together.
        let best = bins.keys.max { a, b in
            let countA = (bins[a - 1]?.count ?? 0) + (bins[a]?.count ?? 0) + (bins[a + 1]?.count ?? 0)
            let countB = (bins[b - 1]?.count ?? 0) + (bins[b]?.count ?? 0) + (bins[b + 1]?.count ?? 0)
            return (countA, a) < (countB, b)
        }
        guard let best else { return nil }
        let members = ((best - 1)...(best + 1)).flatMap { bins[$0] ?? [] }.sorted()
        return members[members.count / 2]
    }

    /// The boxes of `=` shapes anywhere: two flat strokes of about one width, no wider than `size`, one
    /// just above the other.
    static func equalsShapes(_ components: [InkComponent], size: Double) -> [Box] {
        let strokes = components.filter { $0.box.height <= $0.box.width * 0.5 && $0.box.width <= size * 1.2 && $0.box.width >= size * 0.25 }
        var shapes: [Box] = []
        for top in strokes {
            for bottom in strokes
            where bottom.box.y > top.box.maxY && bottom.box.y - top.box.maxY <= size * 0.5
                && abs(bottom.box.x - top.box.x) <= size * 0.2 && abs(bottom.box.width - top.box.width) <= size * 0.2
            {
                shapes.append(top.box.union(bottom.box))
            }
        }
        return shapes
    }

    /// The `=` signs: two flat strokes of about one width, one above the other, just right of a `1`.
    static func equalsSigns(_ components: [InkComponent], ones: [PositionedCharacter]) -> [(one: Box, sign: PositionedCharacter)] {
        var signs: [(one: Box, sign: PositionedCharacter)] = []
        for one in ones {
            let size = one.box.height
            let strokes = components.filter { c in
                c.box.height <= c.box.width * 0.5 && c.box.width <= size * 1.2 && c.box.width >= size * 0.25
                    && c.box.x >= one.box.maxX - size * 0.1 && c.box.x <= one.box.maxX + size * 0.6
                    && c.box.midY >= one.box.y && c.box.midY <= one.box.maxY
            }
            guard strokes.count == 2 else { continue }
            let (top, bottom) = strokes[0].box.y < strokes[1].box.y ? (strokes[0].box, strokes[1].box) : (strokes[1].box, strokes[0].box)
            guard abs(top.x - bottom.x) <= size * 0.2, bottom.y - top.maxY <= size * 0.5 else { continue }
            let box = top.union(bottom)
            let pad = size * 0.12
            signs.append((one.box, PositionedCharacter("=", box: Box(x: box.x - pad, y: one.box.y, width: box.width + 2 * pad, height: one.box.height))))
        }
        return signs
    }
}
