/// Repeat signs and volta brackets: what changes the order bars are played in.
///
/// A repeat sign is a bar line with two dots beside it, one above the digits' middle and one below
/// (dots left of the line end a repeat, dots right of it start one). A volta bracket is a wide line
/// with a hook above a row, its number (`1.`, `2.`) inside it at the left; the bars under it are that ending.
enum RepeatMarks {
    /// The dots of repeat signs in a row, and where repeats end and start (the dots' middles).
    static func repeatDots(
        _ symbols: [ScannedSymbol], middle: Double, height: Double, em: Double
    )
        -> (dots: Set<ScannedSymbol>, ends: [Double], starts: [Double])
    {
        let dots = symbols.filter { if case .octaveDot = $0.kind { true } else { false } }
        let lines = symbols.filter { $0.kind == .barLine && $0.box.y <= middle && $0.box.maxY >= middle }
        var found: Set<ScannedSymbol> = [], ends: [Double] = [], starts: [Double] = []
        for upper in dots where upper.box.midY < middle && middle - upper.box.midY <= height * 0.6 {
            for lower in dots
            where lower.box.midY > middle && lower.box.midY - middle <= height * 0.6
                && abs(lower.box.midX - upper.box.midX) <= em * 0.15
            {
                guard let line = lines.min(by: { abs($0.box.midX - upper.box.midX) < abs($1.box.midX - upper.box.midX) }),
                    abs(line.box.midX - upper.box.midX) <= em * 0.9
                else { continue }
                found.insert(upper); found.insert(lower)
                if line.box.midX > upper.box.midX { ends.append(upper.box.midX) } else { starts.append(upper.box.midX) }
            }
        }
        return (found, ends, starts)
    }

    /// The volta brackets above a row whose digits' tops are at `top`: the passes each names (`1.`, `1.2.`) and the
    /// stretch of the row it covers. `classify` reads a piece of ink as a character.
    static func voltas(_ ink: [InkComponent], top: Double, em: Double, classify: (Box) -> Character?) -> [(numbers: [Int], from: Double, to: Double)] {
        var result: [(numbers: [Int], from: Double, to: Double)] = []
        for piece in ink
        where piece.box.width >= em * 1.5 && piece.box.height >= em * 0.3 && piece.box.height <= em * 2.2
            && piece.box.maxY <= top + em * 0.2 && piece.box.maxY >= top - em * 2.5
        {
            // Its numbers: digit-high pieces inside it from near its left end, one after another (`1.2.`: their dots are smaller).
            let inside = ink.filter { other in
                other.box.x >= piece.box.x && other.box.x <= piece.box.x + em * 4 && other.box.y >= piece.box.y
                    && other.box.maxY <= piece.box.maxY + em * 0.2 && other.box.height >= em * 0.35 && other.box.height <= em * 1.1
                    && other.box.width < em
            }.sorted { $0.box.x < $1.box.x }
            guard let first = inside.first, first.box.x <= piece.box.x + em * 1.5 else { continue }
            var digits = [first]
            for next in inside.dropFirst() where next.box.x - (digits.last?.box.maxX ?? 0) <= em * 0.8 { digits.append(next) }
            // A number the classifier cannot read (LilyPond sets it bold) is taken as the one after the bracket before.
            let read = digits.map { classify($0.box).flatMap { Int(String($0)) }.flatMap { (1...9).contains($0) ? $0 : nil } }
            // Numbers partly read run on from the one read, by place (`1.2.` with only its 2 read is 1, 2); none read
            // are marked by 0 and counted on below.
            let start = read.indices.first { read[$0] != nil }.map { (read[$0] ?? 0) - $0 } ?? 0
            let numbers = read.allSatisfy({ $0 != nil }) ? read.compactMap { $0 } : read.indices.map { start > 0 ? start + $0 : 0 }
            result.append((numbers, piece.box.x, piece.box.maxX))
        }
        result.sort { $0.from < $1.from }
        for index in result.indices where result[index].numbers.first == 0 {
            // Brackets of one repeat follow one another; one far from the last begins another repeat's endings.
            let follows = index > 0 && result[index].from - result[index - 1].to <= em * 2
            let first = follows ? (result[index - 1].numbers.last ?? 0) + 1 : 1
            result[index].numbers = result[index].numbers.indices.map { first + $0 }
        }
        return result
    }
}
