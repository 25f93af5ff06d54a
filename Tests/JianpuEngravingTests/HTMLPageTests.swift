import Foundation
import JianpuCore
import JianpuEngraving
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

    /// One look at the page while it plays: the audio time and the highlighted events.
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
    static let jianpu = EngravingSupport.packageRoot.appendingPathComponent(".build/debug/jianpu").path

    @Test("the page loads with no console errors, shows every note head, and the highlight follows the audio")
    func pagePlaysAndHighlights() throws {
        let page = EngravingSupport.temporary("twinkle.html")
        defer { try? FileManager.default.removeItem(at: page) }
        let made = try EngravingSupport.run(Self.jianpu, ["typeset", EngravingSupport.packageRoot.appendingPathComponent("Scores/twinkle-twinkle.jp").path, "-o", page.path])
        #expect(made.status == 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url(http"), "the page must need no network")
        #expect(html.contains("src=\"data:audio/ogg;base64,"))

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
}
