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
        for index in movement.parts.indices {
            let split = verses.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            readBars(ofPart: index, of: movement, movementIndex: movementIndex, piece: piece, verses: split) { take(index, $0) }
        }
    }

    /// Hands the bars of part `part` (0-based) of `movement` to `take` as `readBars(of:movementIndex:piece:verses:take:)`
    /// does, that part alone: parts are read independently, so readers may read them side by side.
    /// `verses`, when given, are the part's verses already split. Without `syllableTexts`, the sung notes have their
    /// `syllableSlot` and no `lyrics`: for a reader that says the syllables its own way.
    public func readBars(
        ofPart part: Int, of movement: Movement, movementIndex: Int, piece: Int? = nil, verses: [LyricVerse]? = nil, syllableTexts: Bool = true,
        take: (_ bar: WrittenBar) -> Void
    ) {
        guard movement.parts.indices.contains(part) else { return }
        let written = movement.parts[part]
        withoutActuallyEscaping(take) { take in
            // Without the syllables' texts, the reader asks only whether there are verses: they are not split for it.
            let split = verses ?? (syllableTexts ? written.lyrics.map(LyricSyllables.verse) : written.lyrics.map { _ in LyricVerse(stanza: nil, syllables: []) })
            var reader = WrittenBarReader(part: part, movement: movementIndex, verses: split, slurs: written.slurs, annotations: written.annotations)
            reader.performerMarks = PerformerMarkDresser(marks: written.marks, hairpins: written.hairpins, rehearsalMarks: written.rehearsalMarks)
            reader.piece = piece.map { max($0, 1) }
            reader.syllableTexts = syllableTexts
            reader.hand = { bar in
                bar.number = printedNumber(atWritten: bar.start)
                take(bar)
            }
            for item in written.items {
                reader.visit(item, ratio: .whole)
                reader.handOnFinished()
            }
            reader.finish()
        }
    }
}
