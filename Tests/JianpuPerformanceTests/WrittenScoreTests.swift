import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// The written score: one pass over a movement's tree answers where things are written.
@Suite("Written score")
struct WrittenScoreTests {
    static func written(_ text: String) throws -> WrittenScore {
        let movement = try #require(T.parse(text).score.movements.first)
        return WrittenScore(movement, placesOfPart: 0)
    }

    @Test("a repeat and its endings are written once: the bar after them is numbered as printed, not as played")
    func repeatsWrittenOnce() throws {
        let written = try Self.written("R{ 1 1 1 1 | 2 2 2 2 } A{ 3 3 3 3 | 4 4 4 4 } 5 5 5 5 |")
        #expect(written.barStarts == (0..<5).map { WholeNotes(Int64($0)) })
        #expect(written.printedNumber(atWritten: WholeNotes(4)) == 5)
        #expect(written.parts[0].reordersBars)
        #expect(written.parts[0].places.count == 20)
        #expect(written.parts[0].places[16].position == WholeNotes(4))
    }

    @Test("a pickup is bar 0; a whole-bar rest stands for as many printed bars as it rests")
    func pickupAndWholeBarRests() throws {
        let written = try Self.written("3/4,4 5 | 1 1 1 | R*2 | 2 2 2")
        #expect(written.firstNumber == 0)
        #expect(written.printedNumber(atWritten: .zero) == 0)
        #expect(written.printedNumber(atWritten: WholeNotes(1, 4)) == 1)
        // Bars 2 and 3 are the rest, bar 4 the last.
        #expect(written.printedNumber(atWritten: WholeNotes(7, 4)) == 3)
        #expect(written.printedNumber(atWritten: WholeNotes(10, 4)) == 4)
        #expect(written.parts[0].eventCount == 8)
        #expect(!written.parts[0].reordersBars)
    }

    @Test("every part is numbered by the melody's bars at the same written position")
    func partsNumberedAlike() throws {
        let written = try Self.written("1 1 1 1 | 2 2 2 2 | 3 3 3 3\nNextPart\nR*2 | 5 - - - |")
        #expect(written.parts.count == 2)
        #expect(written.parts[1].eventCount == 5)
        #expect(written.printedNumber(atWritten: WholeNotes(2)) == 3)
    }

    @Test("a part read alone has the bars, numbers, events and syllables it has when every part is read")
    func partReadAlone() throws {
        let text = "1=G\n3/4\n1 2 3[ 3 4 5 ] | 6 ~ 6 - | R*2 | 5 g[2] 1 -\nL: la- la la __ la _ la\nNextPart\n1, - 5, | 1, 5, 5, ~ | 5, - - | R*2"
        let movement = try #require(T.parse(text).score.movements.first)
        let written = WrittenScore(movement)
        func outline(_ bar: WrittenBar) -> String {
            let events = bar.events.map { "\($0.id)@\($0.onset)+\($0.length)\($0.lyrics.map(\.text))\($0.syllableSlot.map(String.init) ?? "")" }
            return "\(bar.number) \(bar.start) \(bar.length) \(events)"
        }
        var together: [[String]] = [[], []]
        written.readBars(of: movement, movementIndex: 0) { part, bar in together[part].append(outline(bar)) }
        for part in 0..<2 {
            var alone: [String] = []
            written.readBars(ofPart: part, of: movement, movementIndex: 0) { alone.append(outline($0)) }
            #expect(alone == together[part])
            #expect(!alone.isEmpty)
        }
    }

    @Test("the walker carries the tuplet ratio into nested groups and visits repeat endings once each")
    func walkerRatios() throws {
        struct Lengths: MusicWalker {
            var lengths: [WholeNotes] = []
            mutating func visitNote(_ note: Note, ratio: WholeNotes) { lengths.append(note.length * ratio) }
        }
        let movement = try #require(T.parse("3[ q1 q2 3[ s3 s4 s5 ] ] R{ 1 } A{ 2 | 3 }").score.movements.first)
        var walker = Lengths()
        walker.walk(movement.parts[0].items)
        #expect(walker.lengths == [WholeNotes(1, 12), WholeNotes(1, 12), WholeNotes(1, 36), WholeNotes(1, 36), WholeNotes(1, 36), .quarter, .quarter, .quarter])
    }
}
