/// Octave dots stacked beyond the marks next to a row: the second dot of a note two octaves up or down,
/// and the dots under a note's underlines (LilyPond sets them below the beams).
enum OctaveDots {
    /// The dots among `dots` (not yet given to a row) that belong to the row of `digits`: each lies over or
    /// under a digit, just beyond a dot or underline already `taken` on the same side of the row, in its column.
    /// `beamReach` (in `em`) is how far below an underline its dot may lie: LilyPond leaves more room under a beam
    /// than between two dots (on a page image the digits' boxes, and with them `em`, are larger than their ink).
    static func stacked(_ dots: [ScannedSymbol], taken: [ScannedSymbol], digits: [Box], em: Double, beamReach: Double = 0.5) -> [ScannedSymbol] {
        guard let top = digits.map(\.y).min(), let bottom = digits.map(\.maxY).max() else { return [] }
        var chain = taken.filter { mark in
            (mark.kind == .octaveDot(0) || mark.kind == .underline) && (mark.box.midY > bottom || mark.box.midY < top)
        }
        var found: [ScannedSymbol] = []
        // Each round reaches one dot further out: three dots at most on a side.
        for _ in 0..<3 {
            let more = dots.filter { dot in
                guard !found.contains(dot), let column = digits.first(where: { $0.x - em * 0.1 <= dot.box.midX && dot.box.midX <= $0.maxX + em * 0.1 }) else {
                    return false
                }
                return chain.contains { near in
                    let below = dot.box.midY > bottom && near.box.midY > bottom && dot.box.midY > near.box.midY
                    let above = dot.box.midY < top && near.box.midY < top && dot.box.midY < near.box.midY
                    let overlaps = min(near.box.maxX, column.maxX) - max(near.box.x, column.x) > 0
                    return (below || above) && overlaps && abs(dot.box.midY - near.box.midY) <= em * (near.kind == .underline ? beamReach : 0.5)
                }
            }
            guard !more.isEmpty else { break }
            found += more
            chain += more
        }
        return found
    }
}

extension OctaveDots {
    /// The marks without the dots of letters (a lyric's i or j, read from an image without its letters): a dot with
    /// a short stroke of about its width starting right under it, that is no note's, is a letter's dot.
    static func withoutLetterDots(_ marks: [ScannedSymbol], ink: [InkComponent], notes: [PositionedCharacter], em: Double) -> [ScannedSymbol] {
        let stems = ink.filter { piece in
            piece.box.height <= em * 0.9 && piece.box.height >= em * 0.2 && piece.box.width <= em * 0.35
                && !notes.contains { n in min(n.box.maxX, piece.box.maxX) > max(n.box.x, piece.box.x) && min(n.box.maxY, piece.box.maxY) > max(n.box.y, piece.box.y) }
        }
        return marks.filter { mark in
            guard mark.kind == .octaveDot(0) else { return true }
            return !stems.contains { stem in
                stem.box != mark.box && stem.box.y >= mark.box.maxY - em * 0.02 && stem.box.y - mark.box.maxY <= em * 0.2
                    && abs(stem.box.midX - mark.box.midX) <= max(mark.box.width, em * 0.08) && stem.box.height >= mark.box.height * 1.5
                    && stem.box.width <= mark.box.width * 3
            }
        }
    }
}
