import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Fermatas, breath marks, articulations, hairpins and rehearsal marks: read onto the note written before
/// them (a rehearsal mark onto the one after), printed and never played.
@Suite("Notation: marks a performer reads")
struct PerformerMarkTests {
    /// The first part of a score of one line of text.
    static func part(_ text: String) -> Part {
        T.parse(text).score.movements.first?.parts.first ?? Part(items: [], location: SourceLocation(file: "", line: 0, column: 0))
    }

    static func marks(_ text: String) -> [String] {
        part(text).marks.map { "\($0.articulation.rawValue)@\($0.note.column)" }
    }

    @Test("each one-word command and its direction forms mark the note, rest or dash written before it, by its column")
    func articulationsOnThePreviousNote() {
        let text = #"1 \fermata 2 ^\staccato 3 _\accent 4 \tenuto | 5 \marcato 6 \staccatissimo 0 \breathe - \fermata |"#
        #expect(Self.marks(text) == ["fermata@1", "staccato@12", "accent@25", "tenuto@36", "marcato@48", "staccatissimo@59", "breathe@76", "fermata@87"])
    }

    @Test("jianpu-ly's plain words staccato and -. and LilyPond's -> mark the note before them as \\staccato and \\accent do")
    func plainWordSpellings() {
        #expect(Self.marks("1 staccato 2 -. 3 -> 4 |") == ["staccato@1", "staccato@12", "accent@17"])
    }

    @Test("a mark before any note, or an unknown command, marks nothing and is not an error")
    func marksWithoutANote() {
        let (score, diagnostics) = T.parse(#"\fermata \turn 1 2 3 4 |"#)
        #expect(score.movements[0].parts[0].marks.isEmpty)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test("marks change nothing that is played: the same notes at the same times and loudness as without them")
    func marksAreSilent() {
        let plain = "1 2 3 4 | 5 - - - | 1 \\p 2 3 4 \\f |"
        let marked = "letterA 1 \\fermata 2 \\< 3 \\staccato 4 \\! | 5 \\breathe - \\fermata - - | 1 \\p \\> 2 -> 3 4 \\f |"
        #expect(T.played(marked) == T.played(plain))
        #expect(T.timeline(marked).notes.map(\.velocity) == T.timeline(plain).notes.map(\.velocity))
    }

    @Test("\\< and \\> start a hairpin at the note before them; \\!, the next dynamic or the next hairpin ends it at the note before")
    func hairpinsFromNoteToNote() {
        // Columns: 1 at 1, 3 at 8, 4 at 13, 6 at 22.
        let part = Self.part(#"1 \< 2 3 \! 4 \> | 5 6 \f 7 \< |"#)
        let spans = part.hairpins.map { "\($0.isCrescendo ? "<" : ">")\($0.start.column)-\($0.end.column)" }
        // The last, opened on the last note, ends where it starts and is dropped.
        #expect(spans == ["<1-8", ">13-22"])
        let chained = Self.part(#"1 \< 2 3 \> 4 5 \!"#).hairpins.map { "\($0.isCrescendo ? "<" : ">")\($0.start.column)-\($0.end.column)" }
        #expect(chained == ["<1-8", ">8-15"])
    }

    @Test("a hairpin left open ends on the part's last note")
    func openHairpinEndsAtTheEnd() {
        let part = Self.part(#"1 \< 2 3 4 |"#)
        #expect(part.hairpins.map { [$0.start.column, $0.end.column] } == [[1, 10]])
    }

    @Test("letterA, letterB, letter3, letterAA mark the note or whole-bar rest written after them; other letter words stay layout words")
    func rehearsalMarks() {
        let part = Self.part("letterA 1 2 3 4 | letter3 R*2 letterAA 5 - - - | letterx 1 2 3 4 |")
        #expect(part.rehearsalMarks.map(\.label) == ["A", "3", "AA"])
        #expect(part.rehearsalMarks.map(\.note.column) == [9, 27, 40])
        #expect(T.errors("letterx 1 2 3 4 |").isEmpty)
    }

    @Test("the written events carry their articulations (nearest first), rehearsal marks and where they stand under a hairpin")
    func writtenEventsCarryTheMarks() {
        let score = T.parse(#"letterB 1 \fermata \staccato 2 \< 3 4 \! |"#).score
        let written = WrittenScore(score.movements[0])
        let events = written.bars(of: score.movements[0], movementIndex: 0)[0].flatMap(\.events)
        #expect(events[0].articulations == [.staccato, .fermata])
        #expect(events[0].rehearsalMarks == ["B"])
        #expect(events.map { $0.hairpin?.startsCrescendo } == [nil, true, nil, nil])
        #expect(events.map { $0.hairpin?.ends } == [nil, false, false, true])
    }
}
