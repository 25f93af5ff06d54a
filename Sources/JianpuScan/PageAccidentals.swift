/// Sharps and flats on a vector page whose text does not name them: set in a music font without Unicode,
/// or drawn as ink with no text at all (LilyPond's), read by the glyph classifier.
extension PageReader {
    /// Sharps and flats a vector page sets in a music font whose glyphs have no Unicode (LilyPond's): a
    /// character of the text layer that is neither letter, digit nor sign, whose ink the glyph classifier reads as ♯ or ♭.
    /// They are given back as `♯` and `♭` with their ink's box.
    static func namingAccidentals(_ characters: [PositionedCharacter], ink: [InkComponent], bitmap: InkBitmap, em: Double) -> [PositionedCharacter] {
        guard let classifier = GlyphClassifier.trained else { return characters }
        var named = characters
        for (index, c) in characters.enumerated()
        where c.character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control || $0.properties.generalCategory == .privateUse || $0.value == 0xFFFD }) {
            // Its ink: the tallest piece inside its box, about a digit's height.
            let pieces = ink.filter { p in
                p.box.x >= c.box.x - 0.5 && p.box.maxX <= c.box.maxX + 0.5 && p.box.y >= c.box.y - 0.5 && p.box.maxY <= c.box.maxY + 0.5
            }
            guard let glyph = pieces.max(by: { $0.box.height < $1.box.height }), glyph.box.height >= em * 0.6, glyph.box.height <= em * 1.6,
                glyph.box.width <= em * 0.8
            else { continue }
            let x = Int((glyph.box.x * bitmap.scale).rounded()), y = Int((glyph.box.y * bitmap.scale).rounded())
            let width = min(bitmap.width - x, Int((glyph.box.width * bitmap.scale).rounded())), height = min(bitmap.height - y, Int((glyph.box.height * bitmap.scale).rounded()))
            guard x >= 0, y >= 0, width > 0, height > 0 else { continue }
            let (label, probability) = classifier.classify(bitmap, x: x, y: y, width: width, height: height)
            if probability >= 0.5, label == "#" || label == "b" {
                named[index] = PositionedCharacter(label == "#" ? "♯" : "♭", box: glyph.box)
            } else if isNaturalShape(glyph.box, em: em), let note = noteAfter(glyph.box, in: characters, em: em), note.box.height >= em * 0.8 {
                // The music font's other glyph just before a note: LilyPond's natural, which cancels a sign held in the bar.
                named[index] = PositionedCharacter("♮", box: glyph.box)
            }
        }
        return named
    }

    /// A piece about a digit tall and narrow, as a natural sign is (a sharp or flat is told by the classifier first).
    static func isNaturalShape(_ box: Box, em: Double) -> Bool {
        box.height >= em * 0.8 && box.height <= em * 1.6 && box.width >= em * 0.2 && box.width <= em * 0.6
    }

    /// The digit just right of `box` on its line (within half a digit), if any.
    static func noteAfter(_ box: Box, in characters: [PositionedCharacter], em: Double) -> PositionedCharacter? {
        characters.first { c in
            ("0"..."7").contains(c.character) && c.box.x >= box.maxX - em * 0.05 && c.box.x - box.maxX <= em * 0.5
                && min(c.box.maxY, box.maxY) - max(c.box.y, box.y) > em * 0.3
        }
    }

    /// Sharps and flats a vector page draws as ink with no character at all (LilyPond's small raised flat, and
    /// a grace note's sign, which poppler's text drops): a piece just left of a digit, not a character's own, about
    /// the digit's height (up to `larger` times a note's sign beside it), that the glyph classifier reads as one.
    static func inkAccidentals(
        _ ink: [InkComponent], notes: [PositionedCharacter], characters: [PositionedCharacter], larger: Double = 1, classify: (Box) -> Character?
    ) -> [PositionedCharacter] {
        var found: [PositionedCharacter] = []
        for note in notes {
            let size = note.box.height
            let candidates = ink.filter { p in
                p.box.maxX <= note.box.x + size * 0.05 && note.box.x - p.box.maxX <= size * 0.4 && p.box.height >= size * 0.5 && p.box.height <= size * 1.5 * larger
                    && p.box.width <= size * 0.6 * larger && min(p.box.maxY, note.box.maxY) - max(p.box.y, note.box.y) > size * 0.3
            }
            guard let piece = candidates.max(by: { $0.box.x < $1.box.x }),
                !characters.contains(where: { c in c.box.x - 0.5 <= piece.box.x && piece.box.maxX <= c.box.maxX + 0.5 && c.box.y - 0.5 <= piece.box.y && piece.box.maxY <= c.box.maxY + 0.5 })
            else { continue }
            switch classify(piece.box) {
            case "b": found.append(PositionedCharacter("♭", box: piece.box))
            case "#": found.append(PositionedCharacter("♯", box: piece.box))
            case "♮": found.append(PositionedCharacter("♮", box: piece.box))
            // Nothing the classifier knows, shaped as a natural: LilyPond's, drawn as ink on a page image.
            case nil where isNaturalShape(piece.box, em: size) && piece.box.height >= size * 0.9: found.append(PositionedCharacter("♮", box: piece.box))
            default: break
            }
        }
        return found
    }

    /// The sign (`b` or `#`) after the key's letter in `1=E♭` where the page draws it as ink only (LilyPond's
    /// flat has no text): the piece just right of the letter, about its height, that the glyph classifier reads as one.
    static func keySign(after letter: String, in characters: [PositionedCharacter], ink: [InkComponent], classify: (Box) -> Character?) -> String? {
        guard
            let key = characters.first(where: { c in
                String(c.character) == letter
                    && characters.contains { e in
                        e.character == "=" && abs(e.box.midY - c.box.midY) < c.box.height * 0.5 && c.box.x - e.box.maxX >= -c.box.width * 0.3
                            && c.box.x - e.box.maxX < c.box.height * 0.5
                    }
            })?.box
        else { return nil }
        let piece = ink.filter { p in
            p.box.x >= key.maxX - key.width * 0.2 && p.box.x - key.maxX <= key.height * 0.6
                && min(p.box.maxY, key.maxY) - max(p.box.y, key.y) > key.height * 0.4
                && p.box.height >= key.height * 0.6 && p.box.height <= key.height * 1.6 && p.box.width <= key.height * 0.8
        }.min { $0.box.x < $1.box.x }
        // Nothing of the text lies there: the sign is not the next word's first letter.
        guard let piece, !characters.contains(where: { c in c.box.x < piece.box.midX && piece.box.midX < c.box.maxX && c.box.y < piece.box.midY && piece.box.midY < c.box.maxY })
        else { return nil }
        switch classify(piece.box) {
        case "b": return "b"
        case "#": return "#"
        default: return nil
        }
    }
}
