import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// The played-order walker visits what the Timeline plays, in the reference's order: repeats pass by
/// pass with the ending of each pass, jumps taken; the written-order walker sees each item once.
@Suite("Played-order walker")
struct PlayedOrderWalkerTests {
    /// Records the digit of each note it is shown, and the tuplets it is handed whole.
    struct Recorder: PlayedOrderWalker {
        var digits: [String] = []
        var stopAfter = Int.max
        var isDone: Bool { digits.count >= stopAfter }
        mutating func visitNote(_ note: Note, ratio: WholeNotes) {
            digits.append(note.isRest ? "0" : Self.digit(note.pitches.first?.midiNumber ?? 0))
        }

        static func digit(_ midi: Int) -> String {
            ["1": 60, "2": 62, "3": 64, "4": 65, "5": 67, "6": 69, "7": 71, "1'": 72].first { $0.value == midi }?.key ?? "?"
        }
    }

    static func items(_ text: String) throws -> [MusicItem] {
        let (score, diagnostics) = T.parse(text)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return try #require(score.movements.first?.parts.first).items
    }

    static func played(_ text: String) throws -> String {
        PerformanceOrder.walk(try items(text), with: Recorder()).digits.joined(separator: " ")
    }

    @Test(
        "a repeat with fewer endings than passes: the first ending serves the early passes, as \\unfoldRepeats",
        arguments: [
            ("R3{ 1 } A{ 2 | 3 }", "1 2 1 2 1 3"),
            ("R{ 1 } A{ 2 | 3 }", "1 2 1 3"),
            ("R3{ 1 } A{ 2 | 3 | 4 }", "1 2 1 3 1 4"),
            ("5 R{ 1 R{ 2 } } 3", "5 1 2 2 1 2 2 3"),
            ("R{ 3[ 1 R{ 2 } 3 ] }", "1 2 2 3 1 2 2 3"),
        ])
    func repeatsInPlayedOrder(text: String, expected: String) throws {
        #expect(try Self.played(text) == expected)
    }

    @Test(
        "jumps are taken as the Timeline takes them, and never visited",
        arguments: [
            ("1 2 Fine 3 DC", "1 2 3 1 2"),
            ("1 Segno 2 ToCoda 3 DS 4", "1 2 3 2 4"),
            ("R{ 1 DC } 2", "1 1 1 2"),
            ("1 DS ToCoda", "1 1"),
            ("R{ 1 } A{ 2 Fine | 3 } DC 4", "1 2 1 3 1 2"),
        ])
    func jumps(text: String, expected: String) throws {
        #expect(try Self.played(text) == expected)
        // The Timeline plays the same notes.
        let pitches = T.pitches(text).map(Recorder.digit)
        #expect(pitches.joined(separator: " ") == expected)
    }

    @Test("the written-order walker sees each item once, the played-order walker each time it is played")
    func writtenAndPlayedOrdersDiffer() throws {
        struct Written: MusicWalker {
            var digits: [String] = []
            mutating func visitNote(_ note: Note, ratio: WholeNotes) { digits.append(Recorder.digit(note.pitches.first?.midiNumber ?? 0)) }
        }
        let items = try Self.items("R3{ 1 } A{ 2 | 3 } DC")
        var written = Written()
        written.walk(items)
        #expect(written.digits == ["1", "2", "3"])
        var played = Recorder()
        played.walk(items)
        #expect(played.digits == ["1", "2", "1", "2", "1", "3"])
        #expect(PerformanceOrder.walk(items, with: Recorder()).digits.count == 12)
    }

    @Test("a walker that is done stops the played order, on the first pass and after a DC")
    func doneStops() throws {
        #expect(PerformanceOrder.walk(try Self.items("R3{ 1 2 } 3"), with: Recorder(stopAfter: 3)).digits == ["1", "2", "1"])
        #expect(PerformanceOrder.walk(try Self.items("1 2 DC 3"), with: Recorder(stopAfter: 3)).digits == ["1", "2", "1"])
    }

    @Test("a rewriter keeps repeats, endings and tuplets as written and rewrites the items inside each")
    func rewriterKeepsTheShape() throws {
        struct OctaveUp: MusicRewriter {
            func rewriteNote(_ note: Note) -> MusicItem {
                var note = note
                note.pitches = note.pitches.map { $0 + 12 }
                return .note(note)
            }
        }
        let items = try Self.items("1 R3{ 3[ 2 2 2 ] } A{ 3 | 4 } 5")
        var rewriter = OctaveUp()
        let rewritten = rewriter.rewrite(items)
        #expect(rewritten.count == items.count)
        struct Pitches: PlayedOrderWalker {
            var midi: [Int] = []
            mutating func visitNote(_ note: Note, ratio: WholeNotes) { midi += note.pitches.map(\.midiNumber) }
        }
        let before = PerformanceOrder.walk(items, with: Pitches()).midi
        let after = PerformanceOrder.walk(rewritten, with: Pitches()).midi
        #expect(before.count == 14)  // 1, three passes of a triplet and an ending, 5
        #expect(after == before.map { $0 + 12 })
    }
}
