import JianpuCore
import JianpuNotation

extension WrittenScore {
    /// Each part's bars of `movement` (the written score's own, the `movementIndex`th of its score, 0-based), numbered as printed.
    public func bars(of movement: Movement, movementIndex: Int) -> [[WrittenBar]] {
        var parts = movement.parts.map { _ in [WrittenBar]() }
        readBars(of: movement, movementIndex: movementIndex) { part, bar in parts[part].append(bar) }
        return parts
    }

    /// Hands each part's bars of `movement` to `take` as they are read, the parts in order, each bar
    /// once nothing written later can change it: so a reader that lays bars out as they come holds
    /// only a few. Events are known by ids of movement `movementIndex` (0-based); the bars are
    /// numbered as this written score prints them, their struck notes dressed in the verses' syllables.
    /// With `piece`, a bar of many events comes in pieces of at least that many, so that no reader holds a wide bar whole.
    /// `verses`, when given, are each part's verses already split (`LyricSyllables.verse` of its `lyrics`), so that a
    /// reader that needs them too splits them once.
    public func readBars(
        of movement: Movement, movementIndex: Int, piece: Int? = nil, verses: [[LyricVerse]]? = nil, take: (_ part: Int, _ bar: WrittenBar) -> Void
    ) {
        withoutActuallyEscaping(take) { take in
            for (index, part) in movement.parts.enumerated() {
                let split = verses.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? part.lyrics.map(LyricSyllables.verse)
                var reader = WrittenBarReader(part: index, movement: movementIndex, verses: split, slurs: part.slurs, annotations: part.annotations)
                reader.performerMarks = PerformerMarkDresser(marks: part.marks, hairpins: part.hairpins, rehearsalMarks: part.rehearsalMarks)
                reader.piece = piece.map { max($0, 1) }
                reader.hand = { bar in
                    var bar = bar
                    bar.number = printedNumber(atWritten: bar.start)
                    take(index, bar)
                }
                for item in part.items {
                    reader.visit(item, ratio: .whole)
                    reader.handOnFinished()
                }
                reader.finish()
            }
        }
    }
}
