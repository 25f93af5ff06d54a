/// The segno and coda signs on a page image. Specks, letters and a dynamic's pieces stand above the notes there too,
/// so a sign is taken only by its whole shape and only on a page whose words send the music back (D.S., D.C.): a
/// segno is its S with a dot either side, a coda sign a ring crossed by a column and a row of ink through its middle.
extension PageReader {
    /// The signs over the rows of a page image, set on the bars as `settingNavigationSigns` sets a vector page's.
    static func settingNavigationSignsByShape(
        _ ink: [InkComponent], characters: [PositionedCharacter], bitmap: InkBitmap, on rows: inout [ScannedRow], em: Double
    ) {
        guard rows.contains(where: { $0.bars.contains { $0.jumpsAtEnd.contains(.dalSegno) || $0.jumpsAtEnd.contains(.daCapo) } }) else { return }
        // The classifier may read a sign as a ♭ or ♯: those characters do not hide it; a digit or letter does.
        let texts = characters.filter { $0.character.isLetter || $0.character.isNumber || $0.character == "=" }
        for piece in ink where piece.box.height >= em * 0.5 && piece.box.height <= em * 2 && piece.box.width >= em * 0.3 && piece.box.width <= em * 1.5 {
            let box = piece.box
            guard
                let row = rows.indices.first(where: { rows[$0].box.y >= box.maxY - em * 0.3 && rows[$0].box.y - box.maxY <= em * 2.5 }),
                !texts.contains(where: { c in c.box.x - 0.5 <= box.midX && box.midX <= c.box.maxX + 0.5 && c.box.y - 0.5 <= box.midY && box.midY <= c.box.maxY + 0.5 }),
                // A sign stands alone: a word's letters (an unread `Coda`) are pieces side by side.
                !ink.contains(where: { other in
                    other != piece && other.box.height >= em * 0.4 && abs(other.box.midY - box.midY) < em * 0.5 && abs(other.box.midX - box.midX) < em * 1.5
                })
            else { continue }
            let mark: NavigationMark
            if InkComponents.fullColumn(in: bitmap, box: box) != nil, fullRow(in: bitmap, box: box),
                case let count = InkComponents.inkCount(in: bitmap, box: box), count.pixels > 0, Double(count.ink) / Double(count.pixels) < 0.5
            {
                mark = .toCoda
            } else {
                // Its dots are so small that a page image's pieces may leave them out: looked for in the bitmap, as islands.
                let side = box.width * 0.4, band = Box(x: 0, y: box.y + box.height * 0.15, width: 0, height: box.height * 0.7)
                let maximum = max(4, Int(em * 0.15 * bitmap.scale * em * 0.15 * bitmap.scale))
                guard InkComponents.fullColumn(in: bitmap, box: box) == nil,
                    hasIsland(in: bitmap, box: Box(x: box.x - em * 0.2, y: band.y, width: side + em * 0.2, height: band.height), maximum: maximum),
                    hasIsland(in: bitmap, box: Box(x: box.maxX - side, y: band.y, width: side + em * 0.2, height: band.height), maximum: maximum)
                else { continue }
                mark = .segno
            }
            let starts = rows[row].bars.map { $0.symbols.first?.box.x ?? $0.box.x }
            guard let bar = starts.indices.min(by: { abs(starts[$0] - box.midX) < abs(starts[$1] - box.midX) }) else { continue }
            if !rows[row].bars[bar].jumpsAtStart.contains(mark) { rows[row].bars[bar].jumpsAtStart.append(mark) }
        }
    }

    /// Whether a row of ink runs across the whole width of `box` (a coda sign's crossbar).
    static func fullRow(in bitmap: InkBitmap, box: Box) -> Bool {
        let left = max(0, Int((box.x * bitmap.scale).rounded(.up))), right = min(bitmap.width - 1, Int((box.maxX * bitmap.scale).rounded(.down)) - 1)
        let top = max(0, Int((box.y * bitmap.scale).rounded(.down))), bottom = min(bitmap.height - 1, Int((box.maxY * bitmap.scale).rounded(.up)))
        guard left < right, top <= bottom else { return false }
        return (top...bottom).contains { y in (left...right).allSatisfy { bitmap.isInk($0, y) } }
    }

    /// Whether a small piece of ink (at most `maximum` pixels, ink all round it paper) starts in `box`: a dot.
    static func hasIsland(in bitmap: InkBitmap, box: Box, maximum: Int) -> Bool {
        let left = max(0, Int((box.x * bitmap.scale).rounded())), right = min(bitmap.width, Int((box.maxX * bitmap.scale).rounded()))
        let top = max(0, Int((box.y * bitmap.scale).rounded())), bottom = min(bitmap.height, Int((box.maxY * bitmap.scale).rounded()))
        guard right > left, bottom > top else { return false }
        var seen: Set<Int> = []
        for y in top..<bottom {
            for x in left..<right where bitmap.isInk(x, y) && !seen.contains(y * bitmap.width + x) {
                // Its piece, followed until it is larger than a dot.
                var stack = [(x, y)], size = 0
                seen.insert(y * bitmap.width + x)
                while let (px, py) = stack.popLast(), size <= maximum {
                    size += 1
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let nx = px + dx, ny = py + dy
                            guard nx >= 0, ny >= 0, nx < bitmap.width, ny < bitmap.height, bitmap.isInk(nx, ny), seen.insert(ny * bitmap.width + nx).inserted else { continue }
                            stack.append((nx, ny))
                        }
                    }
                }
                if size <= maximum && stack.isEmpty && size >= 2 { return true }
            }
        }
        return false
    }
}
