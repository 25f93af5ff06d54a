/// Reads the structure of printed jianpu from a vector page: the digits from its text layer, the
/// marks (dots, underlines, dashes, bar lines) from its ink, joined by geometry.
///
/// The note digits are the digits of the most common size; rows are digits sharing a line; every piece
/// of ink that is not a character is a mark, told by its shape (a small round piece is a dot, a thin flat
/// one a line, a thin tall one a bar line) and given to the row it is nearest.
public enum PageReader {
    /// The page's systems (one row each: parts are not told apart yet), rows, bars and symbols, and its header text.
    public static func page(_ content: PageContent) -> ScannedPage {
        var page = ScannedPage(number: content.number, width: content.width, height: content.height)
        let digits = content.characters.filter { ("0"..."7").contains($0.character) }
        // Digits in words (a footer's `2.24.1—www…`, the key's `1=C`) are text, not notes: they do not count for the notes' size.
        let inWords = digitsInWords(content.characters)
        guard let guess = noteSize(digits.filter { !inWords.contains($0) }) ?? noteSize(digits) else {
            page.header = lines(of: content.characters)
            return page
        }
        // A short score's stacked meter can have as many digits as its notes: the notes' size is counted without it.
        var (meters, meterDigits) = stackedMeters(digits, em: guess)
        let em = noteSize(digits.filter { !meterDigits.contains($0) && !inWords.contains($0) }) ?? guess
        if em != guess { (meters, meterDigits) = stackedMeters(digits, em: em) }
        let ink = content.components ?? content.ink.map { InkComponents.find(in: $0) } ?? []
        var content = content
        content.characters = splittingMergedDigits(content.characters, ink: ink, bitmap: content.ink, em: em)
        let notes = onTheirInk(
            content.characters.filter { ("0"..."7").contains($0.character) && abs($0.box.height - em) <= em * 0.05 && !meterDigits.contains($0) }, ink: ink)
        if let bitmap = content.ink {
            content.characters = namingAccidentals(content.characters, ink: ink, bitmap: bitmap, em: em)
            content.characters += inkAccidentals(ink, notes: notes, characters: content.characters, classify: { classify($0, bitmap: bitmap) })
            // Grace notes' digits too (two thirds of a note's size or less), whose signs are larger beside them.
            let graceDigits = content.characters.filter { ("1"..."7").contains($0.character) && $0.box.height >= em * 0.4 && $0.box.height < em * 0.9 }
            content.characters += inkAccidentals(ink, notes: graceDigits, characters: content.characters, larger: 1.25, classify: { classify($0, bitmap: bitmap) })
        }
        var brackets = ink.filter { $0.box.height >= em * 2.5 && $0.box.width <= em * 1.2 }.map(\.box)
        // A system's line that a staff's lines start from (jianpu-ly's WithStaff) is one piece with them: found as the
        // longest column of ink at the piece's left edge.
        if let bitmap = content.ink {
            for piece in ink where piece.box.height >= em * 2.5 && piece.box.width > em * 1.2 {
                if let line = InkComponents.leftLine(in: bitmap, box: piece.box, reach: em), line.height >= em * 2.5 { brackets.append(line) }
            }
        }
        // A chord's digits stacked over its lowest are read with it, not as rows of their own.
        let chordFoot = StackedChords.members(notes, em: em, dots: ink.map(\.box).filter { MarkShapes.isDot($0, em: em) }, ink: ink)
        // Percent signs stand among the notes (a row of them alone is a row); their dots are no marks.
        // So do multi-bar rests, whose number is no note.
        let percents = PercentRepeats.signs(ink, bitmap: content.ink, em: em)
        let rests = MultiBarRests.rests(ink, characters: content.characters, bitmap: content.ink, em: em)
        let wholeBarPieces = Set(percents.flatMap(\.pieces) + rests.map(\.box))
        var wholeBars: [PositionedCharacter: SymbolKind] = [:]
        for sign in percents { wholeBars[PositionedCharacter(PercentRepeats.character, box: sign.box)] = .percentRepeat }
        for rest in rests { wholeBars[PositionedCharacter(MultiBarRests.character, box: rest.box)] = .multiBarRest(rest.count) }
        let restNumbers = Set(rests.flatMap(\.number))
        let rows = withoutLinesAbove(
            withoutBarNumbers(
                rowsOf(notes.filter { chordFoot[$0] == nil && !restNumbers.contains($0.box) } + wholeBars.keys, em: em)
                    .map { rightOfBrackets($0, brackets: brackets) }.filter { !$0.isEmpty }, em: em, stacked: chordFoot),
            ink: ink, em: em)
        let firstRowTop = rows.first.map { row in (row + chordFoot.filter { row.contains($0.value) }.map(\.key)).map(\.box.y).min() ?? 0 } ?? content.height
        let headerCharacters = content.characters.filter { $0.box.maxY < firstRowTop - em * 0.2 }
        page.header = lines(of: headerCharacters)
        let firstNote = rows.first?.first?.box.x ?? 0
        page.heading = HeaderReader.header(
            headerCharacters, lines: page.header, em: em,
            meterCandidates: content.characters.filter { $0.box.maxX <= firstNote && $0.box.y < (rows.first?.last?.box.maxY ?? 0) })
        page.heading.composer = ComposerLine.composer(headerCharacters, title: page.heading.title, pageWidth: content.width)
        if let key = page.heading.key, key.count == 1, let bitmap = content.ink,
            let sign = keySign(after: key, in: headerCharacters, ink: ink, classify: { classify($0, bitmap: bitmap) })
        {
            page.heading.key = key + sign
        }
        // Octave dots set as text (LilyPond's `:` for two) are read from their ink, as drawn dots are.
        var marks = OctaveDots.withoutLetterDots(
            MarkShapes.marks(ink.filter { !wholeBarPieces.contains($0.box) }, characters: content.characters.filter { !":.·•˙‧".contains($0.character) }, em: em), ink: ink, notes: notes, em: em)
        // Underlines drawn close together can touch: a piece is as many underlines as strokes cross its middle.
        if let bitmap = content.ink {
            marks = marks.flatMap { mark -> [ScannedSymbol] in
                guard case .underline = mark.kind else { return [mark] }
                return Array(repeating: mark, count: max(1, InkComponents.strokes(in: bitmap, across: mark.box)))
            }
        }
        // A bar line that another mark crosses (a tie over it) is one piece with it: found as a column of ink
        // through the whole piece.
        if let bitmap = content.ink {
            for piece in ink where piece.box.height >= em * 1.5 && piece.box.width > em * 0.3 && piece.box.width <= em * 4 {
                if let x = InkComponents.fullColumn(in: bitmap, box: piece.box) {
                    // A final bar line's thick stroke is kept as wide as it is (RowReader tells a final bar line by it).
                    let line = RowReader.isThickLine(piece.box, bitmap: bitmap, em: em) ? piece.box : Box(x: x, y: piece.box.y, width: 1 / bitmap.scale, height: piece.box.height)
                    marks.append(ScannedSymbol(.barLine, box: line, confidence: 0.7))
                } else if let line = InkComponents.leftLine(in: bitmap, box: piece.box, reach: piece.box.width), line.height >= em * 1.3 {
                    // A bar line touching a mark that reaches past its end (a dynamic's letter under the row, on a page image).
                    marks.append(ScannedSymbol(.barLine, box: line, confidence: 0.6))
                }
            }
        }
        let accidentals = content.characters.compactMap { c -> ScannedSymbol? in
            switch c.character {
            case "♯", "#": ScannedSymbol(.accidental(1), box: c.box)
            case "♭": ScannedSymbol(.accidental(-1), box: c.box)
            case "♮": ScannedSymbol(.accidental(0), box: c.box)
            default: nil
            }
        }
        let underlines = marks.filter { $0.kind == .underline }
        var previousBottom: Double?
        var rowsWithBarLines = 0
        for row in rows {
            let stacked = chordFoot.filter { row.contains($0.value) }.map(\.key)
            let top = (row + stacked).map(\.box.y).min() ?? 0, bottom = row.map(\.box.maxY).max() ?? 0
            // A sign or dot well before the row's first note is a word's (a part's name: `Oboe`'s b, `Violin`'s i), no mark.
            let firstX = row.first?.box.x ?? 0
            var mine = (marks.filter { $0.kind != .octaveDot(0) || $0.box.maxX >= firstX - em } + accidentals.filter { $0.box.maxX >= firstX - em } + meters).filter { mark in
                mark.box.midY >= top - em * 0.45 && mark.box.midY <= bottom + em * 0.45
            }
            // Underlines stacked under those (semiquavers and shorter) reach further down: each is taken
            // when it lies just under one already taken.
            for _ in 0..<3 {
                let lowest = mine.filter { $0.kind == .underline && $0.box.midY > bottom }
                mine += underlines.filter { mark in
                    mark.box.midY > bottom + em * 0.45 && mark.box.midY < bottom + em * 2 && !mine.contains(mark)
                        && lowest.contains { above in
                            mark.box.midY > above.box.midY && mark.box.midY - above.box.midY <= em * 0.45
                                && min(mark.box.maxX, above.box.maxX) - max(mark.box.x, above.box.x) > em * 0.2
                        }
                }
            }
            mine += OctaveDots.stacked(
                marks.filter { $0.kind == .octaveDot(0) && !mine.contains($0) }, taken: mine, digits: (row + stacked).map(\.box), em: em,
                beamReach: content.components == nil ? 0.7 : 0.5)
            // Digits far below the music with no bar line (a footer's date or version, a page number) are no row.
            let hasBarLine = mine.contains { $0.kind == .barLine }
            defer { previousBottom = bottom }
            if !hasBarLine, rowsWithBarLines > 0, let previousBottom, top - previousBottom > em * 3 { continue }
            if hasBarLine { rowsWithBarLines += 1 }
            let tuplets = TupletMarks.brackets(
                ink, characters: content.characters, notes: row + stacked, underlines: mine.filter { $0.kind == .underline }.map(\.box),
                barLines: mine.filter { $0.kind == .barLine }.map(\.box), top: top, em: em)
            let bracketPieces = Set(tuplets.flatMap(\.pieces))
            mine = mine.filter { !bracketPieces.contains($0.box) } + tuplets.map(\.symbol)
            let numbers = Set(
                content.characters.filter { c in tuplets.contains { $0.symbol.box.x <= c.box.midX && c.box.midX <= $0.symbol.box.maxX && c.box.maxY <= $0.symbol.box.maxY + em * 0.2 } }.map(\.box))
            let graces = GraceNotes.graces(
                content.characters, notes: row.filter { wholeBars[$0] == nil }, ink: ink, bitmap: content.ink, barLines: mine.filter { $0.kind == .barLine }.map(\.box),
                exclude: numbers, em: em)
            // A grace's own sign and octave dots are in its box: no marks of the notes beside it.
            mine =
                GraceNotes.withoutTheirLines(mine, graces: graces, em: em).filter { mark in
                    switch mark.kind {
                    case .accidental, .octaveDot: !graces.contains { $0.box.contains(mark.box) }
                    default: true
                    }
                } + graces
            let symbols =
                row.map { ScannedSymbol(wholeBars[$0] ?? .digit(Int(String($0.character)) ?? 0), box: $0.box) }
                + stacked.map { ScannedSymbol(.chordDigit(Int(String($0.character)) ?? 0), box: $0.box) } + mine
            var read = RowReader.row(symbols, em: em)
            for volta in RepeatMarks.voltas(ink, top: top, em: em, classify: { classify($0, bitmap: content.ink) }) {
                for index in read.bars.indices where read.bars[index].box.midX > volta.from && read.bars[index].box.midX < volta.to {
                    read.bars[index].ending = volta.numbers.first
                    if volta.numbers.count > 1 { read.bars[index].endingNumbers = volta.numbers }
                }
            }
            page.systems.append(ScannedSystem(rows: [read]))
        }
        var read = page.systems.flatMap(\.rows)
        markingBars(&read, heading: &page.heading, content: content, ink: ink, em: em)
        page.systems = systems(read, brackets: brackets, em: em)
        return page
    }

    /// The character the glyph classifier reads in `box` of the page's ink, if it is sure.
    static func classify(_ box: Box, bitmap: InkBitmap?) -> Character? {
        guard let bitmap, let classifier = GlyphClassifier.trained else { return nil }
        let x = Int((box.x * bitmap.scale).rounded()), y = Int((box.y * bitmap.scale).rounded())
        let width = min(bitmap.width - x, Int((box.width * bitmap.scale).rounded())), height = min(bitmap.height - y, Int((box.height * bitmap.scale).rounded()))
        guard x >= 0, y >= 0, width > 0, height > 0 else { return nil }
        let (label, probability) = classifier.classify(bitmap, x: x, y: y, width: width, height: height)
        return probability >= 0.5 && label.count == 1 ? label.first : nil
    }

    /// The digits with their boxes narrowed to their glyph's ink: poppler gives a character set in a word the
    /// width of its advance, which in LilyPond's spaced digits reaches well into the gap after it.
    static func onTheirInk(_ digits: [PositionedCharacter], ink: [InkComponent]) -> [PositionedCharacter] {
        digits.map { digit in
            let box = digit.box
            let pieces = ink.filter { p in
                p.box.x >= box.x - 0.5 && p.box.maxX <= box.maxX + 0.5 && p.box.y >= box.y - 0.5 && p.box.maxY <= box.maxY + 0.5 && p.box.height >= box.height * 0.4
            }
            guard let first = pieces.first else { return digit }
            let glyph = pieces.dropFirst().reduce(first.box) { $0.union($1.box) }
            return PositionedCharacter(digit.character, box: Box(x: glyph.x, y: box.y, width: glyph.width, height: box.height))
        }
    }

    /// Meters set among the notes in their size (LilyPond's `2` over `4`): digits stacked one above the
    /// other, the lower a 2, 4, 8 or 16; numbers of several digits read together. Each meter is given
    /// as a symbol with its box, and the digits it is made of.
    static func stackedMeters(_ digits: [PositionedCharacter], em: Double) -> (meters: [ScannedSymbol], digits: Set<PositionedCharacter>) {
        var pairs: [(top: PositionedCharacter, bottom: PositionedCharacter)] = []
        for top in digits {
            for bottom in digits
            where
                (bottom.box.midY > top.box.midY + top.box.height * 0.5 && bottom.box.y - top.box.maxY < top.box.height * 0.3
                // A font whose characters' boxes are far taller than their glyphs (LilyPond's staff numbers) overlaps the two.
                || bottom.box.y - top.box.y >= top.box.height * 0.2 && bottom.box.y - top.box.y <= top.box.height * 0.5 && top.box.height > em * 2.5)
                && min(bottom.box.maxX, top.box.maxX) - max(bottom.box.x, top.box.x) > min(top.box.width, bottom.box.width) * 0.6
                && abs(bottom.box.height - top.box.height) < top.box.height * 0.1
                && !StackedChords.isChord(top: top, bottom: bottom, digits: digits, em: em)
            {
                pairs.append((top, bottom))
            }
        }
        pairs.sort { $0.top.box.x < $1.top.box.x }
        var meters: [ScannedSymbol] = []
        var used: Set<PositionedCharacter> = []
        var index = 0
        while index < pairs.count {
            var group = [pairs[index]]
            while index + 1 < pairs.count, abs(pairs[index + 1].top.box.midY - group[0].top.box.midY) < em * 0.2,
                pairs[index + 1].top.box.x - group[group.count - 1].top.box.maxX < em * 0.3, pairs[index + 1].top.box.x > group[group.count - 1].top.box.x
            {
                index += 1
                group.append(pairs[index])
            }
            index += 1
            let beats = Int(String(group.map(\.top.character))), type = Int(String(group.map(\.bottom.character)))
            guard let beats, let type, [2, 4, 8, 16, 32].contains(type), (1...99).contains(beats) else { continue }
            let box = group.reduce(group[0].top.box) { $0.union($1.top.box).union($1.bottom.box) }
            meters.append(ScannedSymbol(.meter(beats, type), box: box))
            for pair in group { used.insert(pair.top); used.insert(pair.bottom) }
        }
        return (meters, used)
    }

    /// Characters grouped into lines of text, top to bottom: a line holds characters whose middles are within a third
    /// of their height of the last one's.
    static func textLines(_ characters: [PositionedCharacter]) -> [[PositionedCharacter]] {
        var lines: [[PositionedCharacter]] = []
        for character in characters.sorted(by: { $0.box.midY < $1.box.midY }) {
            if let last = lines.last?.last, abs(last.box.midY - character.box.midY) <= max(last.box.height, character.box.height) * 0.3 {
                lines[lines.count - 1].append(character)
            } else {
                lines.append([character])
            }
        }
        return lines
    }

    /// The digits of words that hold a letter: characters on one line with no gap wider than a fifth of their height between them.
    static func digitsInWords(_ characters: [PositionedCharacter]) -> Set<PositionedCharacter> {
        var found: Set<PositionedCharacter> = []
        for line in textLines(characters) {
            var word: [PositionedCharacter] = []
            func close() {
                if word.contains(where: { $0.character.isLetter }) { found.formUnion(word.filter { $0.character.isNumber }) }
                word = []
            }
            for character in line.sorted(by: { $0.box.x < $1.box.x }) {
                if let previous = word.last, character.box.x - previous.box.maxX > max(character.box.height, previous.box.height) * 0.2 { close() }
                word.append(character)
            }
            close()
        }
        return found
    }

    /// The most common height of the digits, rounded to a tenth of a point: the size of the note digits.
    static func noteSize(_ digits: [PositionedCharacter]) -> Double? {
        var counts: [Int: Int] = [:]
        for digit in digits { counts[Int((digit.box.height * 10).rounded()), default: 0] += 1 }
        guard let best = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { return nil }
        return Double(best.key) / 10
    }

    /// Characters as lines of text, top to bottom (a line: characters whose middles are close), each line
    /// left to right with a space where the gap is wide.
    static func lines(of characters: [PositionedCharacter]) -> [String] {
        textLines(characters).map { line in
            var text = ""
            var previous: PositionedCharacter?
            for character in line.sorted(by: { $0.box.x < $1.box.x }) {
                if let previous, character.box.x - previous.box.maxX > character.box.height * 0.2 { text += " " }
                text.append(character.character)
                previous = character
            }
            return text
        }
    }
}

/// Pieces of ink told apart by their shape, relative to the note digits' size `em`.
enum MarkShapes {
    /// Whether a piece of ink has a dot's shape: small, about as wide as tall.
    static func isDot(_ box: Box, em: Double) -> Bool {
        box.width <= em * 0.28 && box.height <= em * 0.28 && box.width >= em * 0.06 && box.height >= em * 0.06
            && box.width / box.height < 1.8 && box.height / box.width < 1.8
    }

    /// The marks among `ink`: what is not a character's own ink, as dots, lines and bar lines.
    static func marks(_ ink: [InkComponent], characters: [PositionedCharacter], em: Double) -> [ScannedSymbol] {
        var result: [ScannedSymbol] = []
        for piece in ink {
            let box = piece.box
            // A character's own ink: the piece lies inside a character's box and is most of its size.
            let isCharacter = characters.contains { c in
                box.x >= c.box.x - 0.5 && box.maxX <= c.box.maxX + 0.5 && box.y >= c.box.y - 0.5 && box.maxY <= c.box.maxY + 0.5
                    && (box.height >= c.box.height * 0.4 || box.width >= c.box.width * 0.6 && box.height >= c.box.height * 0.25)
            }
            if isCharacter { continue }
            if isDot(box, em: em) {
                result.append(ScannedSymbol(.octaveDot(0), box: box, confidence: 0.9))
            } else if box.height <= em * 0.16 && box.width >= em * 0.3 {
                result.append(ScannedSymbol(.underline, box: box, confidence: 0.9))
            } else if box.width <= em * 0.3 && box.height >= em * 0.9 {
                result.append(ScannedSymbol(.barLine, box: box, confidence: 0.9))
            } else if box.width >= em * 0.7 && box.height <= em * 0.6 && box.height <= box.width * 0.4 && box.height > em * 0.16 {
                // A flat arc: a tie or a slur.
                result.append(ScannedSymbol(.tie, box: box, confidence: 0.8))
            }
        }
        return result
    }
}
