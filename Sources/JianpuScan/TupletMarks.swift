import JianpuCore
import JianpuInterchange

/// Tuplets as jianpu-ly + LilyPond print them: a small number (3 for a triplet) over the group, between the two
/// halves of a bracket whose ends hook down towards the notes; the group is the notes under the bracket. Our
/// typesetter sets a beamed group's number alone: the group is then the notes its first underline joins.
enum TupletMarks {
    /// The tuplet brackets over a row whose digits' tops are at `top`: each a `.tuplet(n)` symbol spanning the
    /// bracket, with the pieces of ink it is made of (no ties nor underlines).
    ///
    /// A number is a digit 2–9 smaller than the notes, at most a digit and a half over the row, with a piece of ink
    /// on either side at its height (the bracket's halves, each no taller than half a digit).
    static func brackets(
        _ ink: [InkComponent], characters: [PositionedCharacter], notes: [PositionedCharacter], underlines: [Box] = [], barLines: [Box] = [], top: Double,
        em: Double
    ) -> [(symbol: ScannedSymbol, pieces: [Box])] {
        var found: [(symbol: ScannedSymbol, pieces: [Box])] = []
        for number in characters {
            guard let count = number.character.wholeNumberValue, (2...9).contains(count), !notes.contains(number),
                // At least a third of a note's height: a speck of a lyric's comma is read as a 7 on a page image.
                number.box.height < em * 0.95, number.box.height >= em * 0.35,
                number.box.maxY <= top + em * 0.1, number.box.maxY >= top - em * 1.5,
                // Nor a letter of a word read as a digit (a lyric's, on a page image): it touches the word's other letters.
                !characters.contains(where: { o in
                    o.character.isLetter && abs(o.box.midY - number.box.midY) <= number.box.height * 0.5
                        && max(o.box.x, number.box.x) - min(o.box.maxX, number.box.maxX) < number.box.height * 0.8
                })
            else { continue }
            let halves = ink.filter { piece in
                piece.box.height <= em * 0.6 && piece.box.width >= em * 0.3 && piece.box.y <= number.box.midY + em * 0.15
                    && piece.box.maxY >= number.box.midY - em * 0.15 && piece.box.maxY <= top + em * 0.1
            }
            guard let left = halves.filter({ $0.box.maxX <= number.box.x + em * 0.15 && number.box.x - $0.box.maxX <= em * 0.8 }).max(by: { $0.box.maxX < $1.box.maxX }),
                let right = halves.filter({ $0.box.x >= number.box.maxX - em * 0.15 && $0.box.x - number.box.maxX <= em * 0.8 }).min(by: { $0.box.x < $1.box.x })
            else {
                // A beamed group's number alone (our typesetter's): the group is the notes its first underline joins.
                let bottom = notes.map(\.box.maxY).max() ?? top
                // Centred over it, unlike a bar number (over a bar line, at a beam's end).
                if let beam = underlines.filter({ $0.x < number.box.midX && $0.maxX > number.box.midX && $0.midY > bottom - em * 0.3 }).min(by: { $0.y < $1.y }),
                    abs(beam.midX - number.box.midX) <= beam.width * 0.2,
                    notes.filter({ $0.box.midX > beam.x && $0.box.midX < beam.maxX }).count >= 2,
                    !barLines.contains(where: { $0.x >= number.box.x - em * 0.4 && $0.x <= number.box.maxX + em * 0.4 }),
                    // Nor a number's digit (a tempo's `= 72`).
                    !characters.contains(where: { o in
                        o != number && (o.character.isNumber || o.character == "=") && abs(o.box.midY - number.box.midY) <= number.box.height * 0.3
                            && max(o.box.x, number.box.x) - min(o.box.maxX, number.box.maxX) < number.box.height * 0.6
                    })
                {
                    // Its box starts a little before the beam, so that it comes before the group's first note.
                    found.append((ScannedSymbol(.tuplet(count), box: Box(x: beam.x - em * 0.1, y: number.box.y, width: beam.width + em * 0.1, height: number.box.height)), []))
                }
                continue
            }
            let span = left.box.union(right.box)
            // A group holds a note at least: a volta's bracket over a bar line has its number at its start, not between halves.
            guard notes.contains(where: { $0.box.midX > span.x && $0.box.midX < span.maxX && $0.box.y >= span.y }) else { continue }
            found.append((ScannedSymbol(.tuplet(count), box: span), [left.box, right.box]))
        }
        return found
    }

    /// The time `count` notes of a tuplet take, in notes of their written value: 3 in 2, 5 in 4, 2 in 3 (jianpu's rule).
    static func normal(_ count: Int) -> Int {
        var power = 2
        while power < count { power *= 2 }
        return power == count ? count * 3 / 2 : power / 2
    }

    /// The events with those of each tuplet's group (`groups`: first and last event index, and the count) made
    /// tuplets: their lengths scaled to the time the group takes.
    static func apply(_ groups: [(first: Int, last: Int, count: Int)], to events: inout [ImportedEvent]) {
        for group in groups where group.first <= group.last && group.last < events.count {
            let normal = normal(group.count)
            for index in group.first...group.last {
                events[index].length = events[index].length * WholeNotes(Int64(normal), Int64(group.count))
                events[index].tuplet = ImportedTuplet(actual: group.count, normal: normal, isFirst: index == group.first, isLast: index == group.last)
            }
        }
    }
}
