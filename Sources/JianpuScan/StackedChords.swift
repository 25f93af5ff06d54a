/// Chords printed as a column of digits over one place in the row: the lowest digit sits on the row, the
/// others stacked right above it, each with its own octave dots (jianpu-ly + LilyPond and our typesetter
/// both set them so).
enum StackedChords {
    /// The digits stacked over another note digit, each with the digit at the foot of its column (the one on the row).
    ///
    /// A digit is stacked when another note digit lies right under it: their columns overlap by half the
    /// narrower's width and the gap between their boxes is under half a digit (a part's row below is
    /// further off). Octave dots between two digits push them apart (LilyPond sets a dotted digit's neighbour
    /// above its dots): the gap between the digits' own `ink` may then hold those `dots` (boxes of dot-shaped
    /// ink) and little paper besides (`bridged`). A column holds four digits at most.
    static func members(_ notes: [PositionedCharacter], em: Double, dots: [Box] = [], ink: [InkComponent] = []) -> [PositionedCharacter: PositionedCharacter] {
        var below: [PositionedCharacter: PositionedCharacter] = [:]
        for upper in notes {
            let under = notes.filter { lower in
                lower != upper && lower.box.midY - upper.box.midY >= em * 0.6
                    && min(lower.box.maxX, upper.box.maxX) - max(lower.box.x, upper.box.x) > min(lower.box.width, upper.box.width) * 0.5
                    && (lower.box.y - upper.box.maxY <= em * 0.45
                        || lower.box.y - upper.box.maxY <= em * 1.6 && !dots.isEmpty && !inNumber(upper, notes)
                            && bridged(from: glyph(upper.box, ink: ink), to: glyph(lower.box, ink: ink), dots: dots))
            }
            if let nearest = under.min(by: { $0.box.midY < $1.box.midY }) { below[upper] = nearest }
        }
        var foot: [PositionedCharacter: PositionedCharacter] = [:]
        for upper in below.keys {
            var base = upper, steps = 0
            while let next = below[base], steps < 4 {
                base = next
                steps += 1
            }
            if steps < 4 { foot[upper] = base }
        }
        return foot
    }

    /// Whether the gap between two digits' glyphs (their ink, one over the other) is filled by octave dots in their
    /// column: one to three dots, with at most 0.6 of a glyph's height of paper before, between and after them, the
    /// most of it above them.
    /// Measured on the ink, not the boxes: a page image's digit boxes reach beyond their glyphs and already touch.
    static func bridged(from upper: Box, to lower: Box, dots: [Box]) -> Bool {
        let height = max(upper.height, lower.height), gap = lower.y - upper.maxY
        guard gap > 0, gap <= height * 1.6 else { return false }
        let left = max(upper.x, lower.x) - height * 0.1, right = min(upper.maxX, lower.maxX) + height * 0.1
        let between = dots.filter { $0.midX >= left && $0.midX <= right && $0.y >= upper.maxY - height * 0.05 && $0.maxY <= lower.y + height * 0.05 }
            .sorted { $0.y < $1.y }
        guard !between.isEmpty, between.count <= 3 else { return false }
        var reached = upper.maxY
        var steps: [Double] = []
        for dot in between {
            steps.append(dot.y - reached)
            reached = max(reached, dot.maxY)
        }
        steps.append(lower.y - reached)
        // The dots are the lower digit's (above it): the widest paper is between them and the upper digit. Dots
        // hugging both digits are two rows' (one's below, the next one's above).
        return steps.allSatisfy { $0 <= height * 0.6 } && steps[0] >= (steps.dropFirst().max() ?? 0)
    }

    /// Whether a digit is one of a number's (a bar number's `15` over a note): another digit stands tight beside it on its line.
    static func inNumber(_ digit: PositionedCharacter, _ digits: [PositionedCharacter]) -> Bool {
        digits.contains { o in
            o != digit && abs(o.box.midY - digit.box.midY) <= digit.box.height * 0.3
                && max(o.box.x, digit.box.x) - min(o.box.maxX, digit.box.maxX) < digit.box.height * 0.3
        }
    }

    /// A digit's glyph: the union of the pieces of `ink` inside its box at least half its height, else the box.
    static func glyph(_ box: Box, ink: [InkComponent]) -> Box {
        let pieces = ink.filter { p in
            p.box.x >= box.x - 0.5 && p.box.maxX <= box.maxX + 0.5 && p.box.y >= box.y - 0.5 && p.box.maxY <= box.maxY + 0.5 && p.box.height >= box.height * 0.4
        }
        guard let first = pieces.first else { return box }
        return pieces.dropFirst().reduce(first.box) { $0.union($1.box) }
    }

    /// Whether two digits one over the other are a chord's, not a meter's: the lower stands on a row, in line
    /// with other note digits of the notes' size that stand apart (a meter set among the notes straddles
    /// the row's line).
    static func isChord(top: PositionedCharacter, bottom: PositionedCharacter, digits: [PositionedCharacter], em: Double) -> Bool {
        guard abs(bottom.box.height - em) <= em * 0.05, abs(top.box.height - em) <= em * 0.05 else { return false }
        return digits.contains { other in
            other != bottom && other != top && abs(other.box.height - em) <= em * 0.05 && abs(other.box.midY - bottom.box.midY) <= em * 0.15
                && abs(other.box.midX - bottom.box.midX) > em * 0.8
        }
    }
}

extension StackedChords {
    /// The chords of a row: for each foot digit (its index among `digits`) with digits stacked over it, its column.
    static func columns(_ symbols: [ScannedSymbol], digits: [ScannedSymbol], em: Double) -> [Int: Column] {
        var columns: [Int: Column] = [:]
        for symbol in symbols {
            guard case .chordDigit = symbol.kind else { continue }
            // The foot under it: the row digit its column overlaps most.
            let overlaps = digits.map { min($0.box.maxX, symbol.box.maxX) - max($0.box.x, symbol.box.x) }
            guard let index = overlaps.indices.max(by: { overlaps[$0] < overlaps[$1] }), overlaps[index] > 0 else { continue }
            columns[index, default: Column(foot: digits[index])].stacked.append((symbol, []))
        }
        for index in columns.keys { columns[index]?.stacked.sort { $0.digit.box.midY > $1.digit.box.midY } }
        return columns
    }

    /// A chord as a column: its foot digit on the row and the digits over it, each with the marks that are its own.
    struct Column {
        var foot: ScannedSymbol
        /// Bottom to top; each digit's accidental and octave dots.
        var stacked: [(digit: ScannedSymbol, marks: [ScannedSymbol])] = []
        var footDots: [ScannedSymbol] = []

        /// Gives an octave dot in the column to the digit nearest it, as a dot above or below that digit.
        mutating func dot(_ dot: ScannedSymbol, height: Double) {
            let all = [foot] + stacked.map(\.digit)
            guard let nearest = all.indices.min(by: { abs(all[$0].box.midY - dot.box.midY) < abs(all[$1].box.midY - dot.box.midY) }),
                abs(all[nearest].box.midY - dot.box.midY) <= height * 1.6
            else { return }
            let octave = ScannedSymbol(.octaveDot(dot.box.midY < all[nearest].box.midY ? 1 : -1), box: dot.box, confidence: dot.confidence)
            if nearest == 0 { footDots.append(octave) } else { stacked[nearest - 1].marks.append(octave) }
        }

        /// Gives a sharp or flat just left of a stacked digit, on its line, to that digit.
        mutating func accidental(_ sign: ScannedSymbol, height: Double, em: Double) {
            guard
                let index = stacked.indices.first(where: { i in
                    let digit = stacked[i].digit.box
                    return abs(digit.midY - sign.box.midY) <= height * 0.6 && sign.box.maxX <= digit.midX && digit.x - sign.box.maxX <= em * 0.8
                })
            else { return }
            stacked[index].marks.insert(sign, at: 0)
        }

        /// The stacked digits in reading order: each one's sign, the digit, its dots.
        func stackedSymbols() -> [ScannedSymbol] {
            stacked.flatMap { entry in
                let signs = entry.marks.filter { if case .accidental = $0.kind { true } else { false } }
                let dots = entry.marks.filter { if case .octaveDot = $0.kind { true } else { false } }
                return signs + [entry.digit] + dots
            }
        }
    }
}
