import JianpuAudio
import JianpuCore
import JianpuNotation
import JianpuPerformance
import Testing

/// A schedule keeps printed bar numbers (what `--from` and `--to` name) apart from played bar indexes
/// (what seeking and loops count), through a pickup and a repeat where the two part ways.
@Suite("Played and printed bars")
struct PlayedAndPrintedBarsTests {
    /// A quarter-note pickup (printed bar 0), bar 1 played twice, then bars 2 and 3: five played bars.
    static func timeline() throws -> Timeline {
        let (score, diagnostics) = ScoreParser.parse("4/4,4\n4=120 5 | R{ 1 2 3 4 | } 6 6 6 6 | 7 7 7 7 |\n", file: "bars.jp")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return Flattener.timeline(of: try #require(score.movements.first))
    }

    @Test("each played bar knows its printed number and pass; a printed number finds its played bar")
    func timelineBars() throws {
        let timeline = try Self.timeline()
        #expect(timeline.bars.map(\.number) == [0, 1, 1, 2, 3])
        #expect(timeline.bars.map(\.pass) == [1, 1, 2, 1, 1])
        #expect(timeline.barIndex(printed: 1, pass: 2) == PlayedBarIndex(2))
        #expect(timeline.barIndex(printed: 2) == PlayedBarIndex(3))
    }

    @Test("seeking counts played bars: the third played bar is printed bar 1 the second time, 2.5 s in at ♩=120")
    func scheduleCountsPlayedBars() throws {
        let schedule = try PerformanceSchedule(timeline: try Self.timeline(), sampleRate: 44_100)
        #expect(schedule.frame(atBar: PlayedBarIndex(2)) == 110_250)
        #expect(schedule.bar(atFrame: 110_250) == PlayedBarIndex(2))
        #expect(schedule.timeline.bars[schedule.bar(atFrame: 110_250)].number == 1)
        #expect(schedule.frames(ofBars: PlayedBarIndex(1)...PlayedBarIndex(2)) == 22_050..<198_450)
    }

    @Test("a loop that ends on the last played bar runs to the end of that bar, 8.5 s in at ♩=120")
    func loopOverTheLastBar() throws {
        let schedule = try PerformanceSchedule(timeline: try Self.timeline(), sampleRate: 44_100)
        #expect(schedule.endFrame == 374_850)
        #expect(schedule.frames(ofBars: PlayedBarIndex(4)...PlayedBarIndex(4)) == 286_650..<374_850)
        #expect(schedule.frames(ofBars: PlayedBarIndex(3)...PlayedBarIndex(4)) == 198_450..<374_850)
        #expect(schedule.frames(ofBars: PlayedBarIndex(3)...PlayedBarIndex(9)) == 198_450..<374_850)
    }

    @Test("a loop that ends on the last bar of --to stops where the played range does")
    func loopOverTheLastPlayedBar() throws {
        let schedule = try PerformanceSchedule(
            timeline: try Self.timeline(), sampleRate: 44_100, options: PlaybackOptions(endBar: PrintedBarNumber(2)))
        #expect(schedule.frames(ofBars: PlayedBarIndex(3)...PlayedBarIndex(4)) == 198_450..<286_650)
    }

    @Test("--from and --to name printed bars: from 2 starts after both passes of bar 1")
    func optionsNamePrintedBars() throws {
        let schedule = try PerformanceSchedule(
            timeline: try Self.timeline(), sampleRate: 44_100, options: PlaybackOptions(startBar: PrintedBarNumber(2), endBar: PrintedBarNumber(2)))
        #expect(schedule.firstBarIndex == PlayedBarIndex(3) && schedule.lastBarIndex == PlayedBarIndex(3))
        #expect(schedule.startPosition == WholeNotes(9, 4))
        #expect(schedule.endPosition == WholeNotes(13, 4))
        #expect(throws: AudioError.self) {
            try PerformanceSchedule(timeline: try Self.timeline(), sampleRate: 44_100, options: PlaybackOptions(startBar: PrintedBarNumber(4)))
        }
    }
}
