import JianpuCore

/// Writing a length as jianpu words: one note word (`q1.`), a note and dashes (`1 - -`), or tied pieces.
enum JianpuLengths {
    /// One piece of a written length: a word of `beams` (0 crotchet, 1 `q`, 2 `s`, 3 `d`, 4 `h`) and dots, or a dash.
    enum Piece: Hashable {
        case word(beams: Int, dots: Int)
        case dash
    }

    /// The length letter for a number of beams.
    static func letter(_ beams: Int) -> String { ["", "q", "s", "d", "h"][max(0, min(beams, 4))] }

    static func length(beams: Int, dots: Int) -> WholeNotes {
        let base = WholeNotes(1, Int64(4 << beams))
        var total = base, add = base
        for _ in 0..<dots { add = add / 2; total += add }
        return total
    }

    /// The single words, longest first.
    static let singles: [(beams: Int, dots: Int, length: WholeNotes)] = {
        var all: [(Int, Int, WholeNotes)] = []
        for beams in 0...4 { for dots in 0...2 { all.append((beams, dots, length(beams: beams, dots: dots))) } }
        return all.sorted { $0.2 > $1.2 }.map { (beams: $0.0, dots: $0.1, length: $0.2) }
    }()

    /// Groups of pieces, each group one struck or tied word (a word and its dashes), whose lengths add
    /// up to `length`; `exact` is false when the length is not a sum of written values (the rest is dropped).
    /// Rests take no dashes.
    static func pieces(_ length: WholeNotes, isRest: Bool) -> (groups: [[Piece]], exact: Bool) {
        var groups: [[Piece]] = []
        var left = length
        let quarter = WholeNotes.quarter
        while left > .zero && groups.count < 64 {
            if let single = singles.first(where: { $0.length == left }), !isRest || left <= quarter {
                groups.append([.word(beams: single.beams, dots: single.dots)])
                return (groups, true)
            }
            let quarters = (left / quarter)
            let whole = quarters.numerator / quarters.denominator
            if whole >= 1 && isRest {
                // Rests are written a crotchet at a time, as people count them (`0 0 0`).
                let count = Int(min(whole, 64))
                groups.append(contentsOf: Array(repeating: [.word(beams: 0, dots: 0)], count: count))
                left -= quarter * Int64(count)
                continue
            }
            if whole >= 2 && !isRest {
                let count = Int(min(whole, 64))
                groups.append([.word(beams: 0, dots: 0)] + Array(repeating: .dash, count: count - 1))
                left -= quarter * Int64(count)
                continue
            }
            guard let single = singles.first(where: { $0.length <= left }) else { return (groups, false) }
            groups.append([.word(beams: single.beams, dots: single.dots)])
            left -= single.length
        }
        return (groups, left == .zero)
    }

    /// A pickup's length as a meter's suffix (`8`, `4.`), nil when it is no single value.
    static func pickupSuffix(_ length: WholeNotes) -> String? {
        for denominator in [1, 2, 4, 8, 16, 32, 64] {
            let plain = WholeNotes(1, Int64(denominator))
            if length == plain { return "\(denominator)" }
            if length == plain * WholeNotes(3, 2) { return "\(denominator)." }
        }
        return nil
    }

    /// A tempo's beat as written before `=` (`4`, `4.`, `2`), nil when it is none of those.
    static func beatText(_ beat: WholeNotes) -> String? {
        for denominator in [1, 2, 4, 8, 16, 32] {
            let plain = WholeNotes(1, Int64(denominator))
            var dotted = plain, add = plain
            for dots in 0...2 {
                if beat == dotted { return "\(denominator)" + String(repeating: ".", count: dots) }
                add = add / 2
                dotted += add
            }
        }
        return nil
    }
}

extension WholeNotes {
    /// The multiple of `grid` nearest this length, a half rounded up: where a length no written value makes
    /// is moved to (a 64th of a whole note, a 32nd inside a tuplet).
    func nearestMultiple(of grid: WholeNotes) -> WholeNotes {
        let steps = self / grid
        let (whole, part) = steps.numerator.quotientAndRemainder(dividingBy: steps.denominator)
        return WholeNotes(whole + (2 * part >= steps.denominator ? 1 : 0)) * grid
    }
}
