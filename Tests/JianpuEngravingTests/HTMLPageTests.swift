import Foundation
import JianpuCore
import JianpuEngraving
import Subprocesses
import Testing

/// The playing page opened in a real browser (headless Debian chromium), driven over the DevTools protocol.
@Suite("The HTML page that plays")
struct HTMLPageTests {
    struct Report: Decodable {
        var errors: [String]
        var heads: Int
        var shown: Int
        var play: String
        var samples: [Sample]
        var barStart: Double
        var afterClick: Double
    }

    /// One look at the page while it plays: the performance time and the highlighted events.
    struct Sample: Decodable {
        var time: Double
        var events: [String]
        var lit: Int
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            time = try container.decode(Double.self)
            events = (try container.decodeIfPresent(String.self) ?? "").split(separator: " ").map(String.init)
            lit = try container.decode(Int.self)
        }
    }

    static let browserScript = EngravingSupport.packageRoot.appendingPathComponent("Tests/JianpuEngravingTests/Browser/play_page.py").path
    static let jianpu = PackageFolder.program("jianpu")

    @Test("the page loads with no console errors, shows every note head, and the highlight follows the audio")
    func pagePlaysAndHighlights() throws {
        let page = EngravingSupport.temporary("twinkle.html")
        defer { try? FileManager.default.removeItem(at: page) }
        let made = try EngravingSupport.run(Self.jianpu, ["typeset", EngravingSupport.packageRoot.appendingPathComponent("Scores/twinkle-twinkle.jp").path, "-o", page.path])
        #expect(made.status == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url(http"), "the page must need no network")
        #expect(html.contains("const song = {notes:[["))

        let output = try EngravingSupport.run("python3", [Self.browserScript, page.path, "3"]).output
        let report = try JSONDecoder().decode(Report.self, from: Data(output.utf8))
        #expect(report.errors.isEmpty, "console: \(report.errors)")
        let engraving = EngravingSupport.engrave(try EngravingSupport.shipped("twinkle-twinkle.jp"))
        let expectedHeads = engraving.pages.flatMap(\.glyphs).filter { $0.role == .note || $0.role == .grace }.count
        #expect(report.heads == expectedHeads)
        #expect(report.shown == report.heads)
        #expect(report.play == "ok")

        // Audio time advances, and at each moment the melody's lit note is the one the score sounds then.
        let times = report.samples.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "audio time \(times)")
        let melody = engraving.performance.filter { $0.part == 0 }
        var seen = Set<String>()
        for sample in report.samples {
            guard let expected = melody.last(where: { $0.seconds <= sample.time }) else { continue }
            let nearBoundary = melody.contains { abs($0.seconds - sample.time) < 0.03 }
            let lit = sample.events.first { $0.contains("p0l") }
            if !nearBoundary { #expect(lit == expected.event, "at \(sample.time) s") }
            #expect(sample.lit > 0)
            if let lit { seen.insert(lit) }
        }
        #expect(seen.count >= 3, "the highlight moved over \(seen)")
        // A click on bar 4 plays from bar 4.
        #expect(report.barStart > 0)
        #expect(report.afterClick >= report.barStart && report.afterClick < report.barStart + 1, "clicked at \(report.barStart) s, playing at \(report.afterClick) s")
    }

    @Test("through repeats, the performance order comes back to the written notes of the repeated bars")
    func performanceFollowsRepeats() throws {
        let engraving = EngravingSupport.engrave(try EngravingSupport.score("4/4\nR{ 1 2 3 4 } A{ 5 - - - | 6 - - - }\n"))
        let events = engraving.performance.map(\.event)
        #expect(events.count == 10)
        #expect(Array(events[0..<4]) == Array(events[5..<9]))
        #expect(Set(events).count == 6)
        let seconds = engraving.performance.map(\.seconds)
        #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $0 < $1 })
    }

    static let practiceScript = EngravingSupport.packageRoot.appendingPathComponent("Tests/JianpuEngravingTests/Browser/practice_page.py").path

    /// What the page's synthesizer scheduled in one scenario: `[audio time, key or "click"/"accent", part]`.
    struct Scenario: Decodable {
        struct Entry: Decodable {
            var time: Double, key: Int?, click: String?, part: Int?
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                time = try container.decode(Double.self)
                if let key = try? container.decode(Int.self) { self.key = key; click = nil } else { key = nil; click = try container.decode(String.self) }
                part = try? container.decode(Int.self)
            }
        }
        var started: Double
        var log: [Entry]
        var seen: [Double]
        var notes: [Entry] { log.filter { $0.key != nil } }
        /// Audio seconds between the melody's first notes.
        var melodyGaps: [Double] {
            let melody = notes.filter { $0.part == 0 }.map(\.time)
            return zip(melody, melody.dropFirst()).prefix(3).map { $1 - $0 }
        }
    }

    struct PracticeReport: Decodable {
        var plain, tempo, mute, loop, countIn: Scenario
        var errors: [String]
        var parts: Int
    }

    @Test("the page's controls change what its synthesizer plays: tempo, a muted part, a loop, a count-in; no console errors, no network")
    func practiceControls() throws {
        let page = EngravingSupport.temporary("practice.html")
        let score = EngravingSupport.temporary("practice.jp")
        defer { try? FileManager.default.removeItem(at: page); try? FileManager.default.removeItem(at: score) }
        // A bar a second: crotchets at ♩=240.
        try "4=240\n1 2 3 4 | 5 6 7 1' | 1 2 3 4 |\nNextPart\n1, - - - | 5,, - - - | 1, - - - |\n".write(to: score, atomically: true, encoding: .utf8)
        let made = try EngravingSupport.run(Self.jianpu, ["typeset", score.path, "-o", page.path])
        try #require(made.status == 0)
        let output = try EngravingSupport.run("python3", [Self.practiceScript, page.path]).output
        let report = try JSONDecoder().decode(PracticeReport.self, from: Data(output.utf8))
        #expect(report.errors.isEmpty, "console: \(report.errors)")
        #expect(report.parts == 2)
        // The written notes, a quarter of a second apart, both parts.
        #expect(report.plain.notes.filter { $0.part == 0 }.prefix(4).map(\.key) == [60, 62, 64, 65])
        #expect(report.plain.melodyGaps.allSatisfy { abs($0 - 0.25) < 0.005 }, "\(report.plain.melodyGaps)")
        #expect(report.plain.notes.contains { $0.part == 1 })
        // Twice the tempo: an eighth of a second apart.
        #expect(report.tempo.melodyGaps.count == 3 && report.tempo.melodyGaps.allSatisfy { abs($0 - 0.125) < 0.005 }, "\(report.tempo.melodyGaps)")
        // The accompaniment muted: none of its notes scheduled, the melody's all.
        #expect(!report.mute.notes.contains { $0.part == 1 })
        #expect(report.mute.notes.filter { $0.part == 0 }.count >= 8)
        // Bar 1 looped: only its notes, over and over; the time seen stays in the bar and comes back.
        let looped = report.loop.notes.filter { $0.part == 0 }.map(\.key)
        #expect(looped.count >= 8 && looped.allSatisfy { [60, 62, 64, 65].contains($0 ?? 0) }, "\(looped)")
        #expect(Array(looped.prefix(8)) == [60, 62, 64, 65, 60, 62, 64, 65])
        #expect(report.loop.seen.allSatisfy { $0 <= 1.001 }, "\(report.loop.seen)")
        #expect(zip(report.loop.seen, report.loop.seen.dropFirst()).contains { $1 < $0 }, "the loop never came back: \(report.loop.seen)")
        // A bar of count-in: four clicks a beat apart, the first accented, then the music a bar later.
        let clicks = report.countIn.log.prefix { $0.key == nil }
        #expect(clicks.map(\.click) == ["accent", "click", "click", "click"])
        let first = try #require(report.countIn.notes.first)
        #expect(abs(first.time - (clicks.first?.time ?? 0) - 1) < 0.005, "the music starts \(first.time - (clicks.first?.time ?? 0)) s after the count-in")
    }
}
