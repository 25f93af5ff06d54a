import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Hostile and absurd input: never a crash, never a hang, always a diagnostic with a place.
@Suite("Robustness")
struct RobustnessTests {
    /// Parses, flattens every movement, exports every timeline as MIDI; returns the diagnostics.
    @discardableResult
    static func exercise(_ text: String) -> [Diagnostic] {
        let (score, diagnostics) = ScoreParser.parse(text, file: "f.jp")
        for movement in score.movements {
            _ = Flattener.timeline(of: movement)
            _ = Flattener.timeline(of: movement, rollsArpeggios: true)
        }
        for timeline in Flattener.exportedTimelines(of: score) {
            let bytes = StandardMIDIFile.data(for: timeline)
            #expect(bytes.starts(with: Array("MThd".utf8)))
        }
        for diagnostic in diagnostics {
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "\(diagnostic) for \(text.debugDescription)")
        }
        return diagnostics
    }

    @Test("empty or blank text is one error, not a crash", arguments: ["", " ", "\n\n\n", "\t \r\n  ", "% only a comment"])
    func blank(text: String) {
        let diagnostics = Self.exercise(text)
        #expect(diagnostics.contains { $0.severity == .error })
    }

    @Test(
        "absurd numbers are refused with errors, not traps",
        arguments: [
            "R*99999999999999999999", "R*10001", "999999999[ 1 ]", "99999999999999999999999[ 1 ]", "R999999999999{ 1 }", "R101{ 1 }",
            "1''''''''", "h.........1", "4=0 1", "4=99999999999999999999 1", "99999/4 1", "4/99999999999999999999 1",
            "4/4,99999999999999999999 1", "1=C########## 1", "g[99999999999999999999] 1", "R*-1", "-1[ 1 ]",
        ])
    func absurdNumbers(text: String) {
        let diagnostics = Self.exercise(text)
        #expect(!diagnostics.isEmpty)
    }

    @Test("a grace group holds at most 32 notes: more is one located error, not a note per byte")
    func graceGroupLimit() {
        #expect(Self.exercise("g[" + String(repeating: "1", count: 32) + "] 1 2 3 4").allSatisfy { $0.severity != .error })
        let diagnostics = Self.exercise("1 2 g[" + String(repeating: "1", count: 100_000) + "] 3 4")
        #expect(diagnostics.contains { $0.severity == .error && $0.location.column == 5 && $0.message.contains("100000 grace notes: expected at most 32") })
    }

    @Test("a name as long as a file is shown cut short, and its nearest names are found from its start")
    func longInstrumentName() {
        let name = String(repeating: "x", count: 200_000)
        let warning = Self.exercise("instrument=\(name)\n1 2 3 4").first { $0.message.contains("unknown instrument") }
        #expect(warning.map { $0.message.count < 300 } == true)
        #expect(GeneralMIDI.nearestNames(to: name).count == 3)
        #expect(Wording.suggestions(for: name, among: ["xx", name]).isEmpty)
        #expect(Wording.suggestions(for: "DMajorr", among: ["DMajor", String(repeating: "D", count: 100_000)]) == ["DMajor"])
    }

    @Test("large but legal numbers play: R*10000, R100{ }, a 64-tuplet, 4=10000")
    func largeLegal() {
        #expect(Self.exercise("R*10000").allSatisfy { $0.severity == .warning })
        #expect(T.timeline("R*10000 1 1 1 1").notes.first?.onset == WholeNotes(10000))
        #expect(T.timeline("R100{ 1 1 1 1 }").notes.count == 400)
        #expect(T.timeline("64[ " + String(repeating: "1 ", count: 64) + "]").notes.count == 64)
        #expect(T.timeline("4=10000 1").tempoMap.changes.first?.quarterNotesPerMinute == 10000)
    }

    @Test("a score cut off mid-word anywhere still parses")
    func truncated() {
        let full = "title=Cut\n1=D\n3/4\n4=90\nR{ q1 q2 3[ q3 q4 q5 ] g[#4]5 } A{ 1 - 2 | 3. q4 }\nNextPart\n,135 - - | 0 - - |"
        for end in full.indices {
            Self.exercise(String(full[..<end]))
        }
    }

    @Test("binary bytes are refused by the loader, invalid UTF-8 too")
    func binaryAndInvalid() {
        #expect(ScoreLoader.parse([0, 0, 0, 0], path: "b").diagnostics.count == 1)
        #expect(ScoreLoader.parse([0xC3, 0x28, 0x31], path: "b").score == nil)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let bytes = (0..<200).map { _ in UInt8.random(in: 1...255, using: &rng) }
            let (score, diagnostics) = ScoreLoader.parse(bytes, path: "r")
            #expect(score != nil || !diagnostics.isEmpty)
            #expect(diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
        }
    }

    @Test("a 10 MB single line of notes parses completely")
    func tenMegabyteLine() {
        let unit = "1 2 3 4 "
        let count = 10 * 1024 * 1024 / unit.utf8.count
        let text = String(repeating: unit, count: count)
        let (score, diagnostics) = ScoreParser.parse(text, file: "big.jp")
        #expect(diagnostics.isEmpty)
        let notes = score.movements.first?.parts.first?.items.filter { if case .note = $0 { true } else { false } }.count
        #expect(notes == count * 4)
    }

    @Test("groups nested past the limit are one located error, never a trap", arguments: ["3[ ", "R{ ", "R2{ "])
    func deepNesting(opener: String) {
        let closer = opener.hasSuffix("[ ") ? " ]" : " }"
        let text = String(repeating: opener, count: 30_000) + "q1 q2 q3" + String(repeating: closer, count: 30_000) + " 1 1 1 1"
        let errors = Self.exercise(text).filter { $0.severity == .error }
        let deep = errors.filter { $0.message.hasPrefix("groups nested more than \(PerformanceLimits.maximumNesting) deep") }
        #expect(deep.map(\.location.column) == [1 + opener.count * PerformanceLimits.maximumNesting])
    }

    @Test("ten thousand unclosed R{ are reported up to the nesting limit, once past it, and the notes stay")
    func unclosedRepeats() {
        let text = String(repeating: "R{ ", count: 10_000) + "1 1 1 1"
        let diagnostics = Self.exercise(text)
        #expect(diagnostics.filter { $0.message.hasPrefix("unterminated repeat") }.count == PerformanceLimits.maximumNesting)
        #expect(diagnostics.filter { $0.message.hasPrefix("groups nested more than") }.count == 1)
        #expect(T.parse(text).score.movements.first?.parts.first?.items.count == 4)
    }

    @Test("ten thousand stray closers are each reported")
    func strayClosers() {
        let text = "1 1 1 1 " + String(repeating: "} ] ", count: 10_000)
        #expect(Self.exercise(text).count == 20_000)
    }

    static let alphabet = Array("0123456789x-.,'#bqsdhc\\~[]{}()|<>=/ *RAgLPH:%\n^\"&NextPartScore1=G6=F#4/4,8".unicodeScalars).map(Character.init)

    static func conformanceLines() -> [String] {
        let folder = T.packageRoot.appendingPathComponent("Tests/Conformance")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".jp") }.sorted().flatMap { name -> [String] in
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init)
        }
    }

    @Test("conformance scores are found on disk for the fuzz test")
    func conformanceFound() {
        #expect(Self.conformanceLines().count > 20)
    }

    @Test("2,000 seeded mutations of conformance lines: parse, flatten and export never crash; every diagnostic has a place")
    func fuzz() {
        let lines = Self.conformanceLines()
        guard !lines.isEmpty else { Issue.record("no conformance lines"); return }
        var rng = SplitMix64(seed: 0x6A69_616E_7075)
        for _ in 0..<2_000 {
            // A random line, sometimes with the line before it for context (keys, meters).
            let index = Int.random(in: 0..<lines.count, using: &rng)
            var characters = Array(index > 0 && Bool.random(using: &rng) ? lines[index - 1] + "\n" + lines[index] : lines[index])
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let position = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where !characters.isEmpty: characters.remove(at: position)
                case 1: characters.insert(Self.alphabet.randomElement(using: &rng)!, at: position)
                case 2 where !characters.isEmpty:
                    let end = min(characters.count, position + Int.random(in: 1...8, using: &rng))
                    characters.insert(contentsOf: characters[position..<end], at: position)
                case 3 where characters.count > 1:
                    let other = Int.random(in: 0..<characters.count, using: &rng)
                    characters.swapAt(position, other)
                default: characters.append(Self.alphabet.randomElement(using: &rng)!)
                }
            }
            Self.exercise(String(characters))
        }
    }

    /// A random structure: deep (groups inside groups), wide (many endings, bars or parts) or long
    /// (repeats of repeats), closed or left open, from a seeded generator.
    static func structure(using rng: inout SplitMix64) -> String {
        let openers = ["3[ ", "R{ ", "R3{ ", "5[ ", "R100{ "]
        switch Int.random(in: 0..<7, using: &rng) {
        case 0:  // deep, sometimes unclosed or closed with the wrong bracket
            let depth = Int.random(in: 50...3_000, using: &rng)
            var text = "", closers: [String] = []
            for _ in 0..<depth {
                let opener = openers.randomElement(using: &rng)!
                text += opener
                closers.append(opener.hasSuffix("[ ") ? "] " : "} ")
            }
            text += "q1 q2 q3 "
            let closed = Int.random(in: 0...depth, using: &rng)
            text += closers.suffix(closed).reversed().map { Bool.random(using: &rng) ? $0 : ($0 == "] " ? "} " : "] ") }.joined()
            return text
        case 1:  // wide endings, nested once
            let width = Int.random(in: 2...5_000, using: &rng)
            let endings = (0..<width).map { _ in "1" }.joined(separator: " | ")
            return Bool.random(using: &rng) ? "R{ 1 2 } A{ \(endings) }" : "R{ R{ 1 } A{ \(endings) } } A{ \(endings) }"
        case 2:  // long: repeats of repeats of bars and multibar rests
            let levels = Int.random(in: 1...6, using: &rng)
            var text = String(repeating: "1 2 3 4 | ", count: Int.random(in: 1...5, using: &rng)) + "R*\(Int.random(in: 1...10_000, using: &rng)) "
            for _ in 0..<levels { text = "R\(Int.random(in: 2...40, using: &rng)){ \(text)} " }
            return text
        case 3:  // many parts and movements
            let parts = Int.random(in: 2...3_000, using: &rng)
            return (0..<parts).map { "\($0 % 7 + 1) 2 3 4 |" }.joined(separator: Bool.random(using: &rng) ? "\nNextPart\n" : "\nNextScore\n")
        case 5:  // wide bars: one bar of thousands of notes, in one or several parts
            let notes = Int.random(in: 1_000...20_000, using: &rng)
            let parts = Int.random(in: 1...4, using: &rng)
            let bar = "\(notes)/4 " + String(repeating: "1 ", count: notes) + "|"
            return Array(repeating: bar, count: parts).joined(separator: "\nNextPart\n")
        case 6:  // many parts of many instruments: more than MIDI's channels
            let parts = Int.random(in: 14...60, using: &rng)
            let names = GeneralMIDI.programNames
            return (0..<parts).map { _ in "instrument=\(names[Int.random(in: 0..<24, using: &rng)])\n1 2 3 4 |" }.joined(separator: "\nNextPart\n")
        default:  // a long line of bars with jumps
            return "Segno " + String(repeating: "1 2 3 4 | ", count: Int.random(in: 1...20_000, using: &rng)) + "ToCoda DS 5 6 7 1 Fine"
        }
    }

    @Test("500 seeded lines of jumps in any order, however little sense they make: every one ends, and plays at most twice what is written")
    func jumpFuzz() {
        var rng = SplitMix64(seed: 0x4A55_4D50)
        let words = ["Segno", "ToCoda", "DS", "DC", "Fine", "1", "2 3", "|", "R{ 4 }"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 1...40, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "1" }.joined(separator: " ")
            Self.exercise(text)
            let written = text.split(separator: " ").filter { $0.allSatisfy(\.isNumber) }.count
            let played = Flattener.exportedTimelines(of: ScoreParser.parse(text, file: "f.jp").score).reduce(0) { $0 + $1.notes.count }
            // A repeat plays its note twice, and a jump goes back once.
            #expect(played <= 4 * written, "\(text)")
        }
    }

    @Test("80 seeded deep, wide and long structures, wide bars and many parts: parse, flatten and export stay bounded; every diagnostic has a place; no part shares a MIDI channel silently")
    func structuralFuzz() {
        var rng = SplitMix64(seed: 0x5354_5255_4354)
        for _ in 0..<80 {
            let text = Self.structure(using: &rng)
            Self.exercise(text)
            let timelines = Flattener.exportedTimelines(of: ScoreParser.parse(text, file: "f.jp").score)
            let played = timelines.reduce(0) { $0 + $1.notes.count }
            #expect(played <= text.utf8.count + PerformanceLimits.maximumAddedItems, "\(text.prefix(80))")
            for timeline in timelines {
                // No drums by accident, and no part sounds as another instrument unless that is said.
                #expect(!timeline.parts.contains { $0.channel == 9 || $0.channel > 15 })
                let said = Set(TimelinePart.sharedChannels(timeline.parts).map(\.part))
                var first: [UInt8: Int] = [:]
                for (index, part) in timeline.parts.enumerated() {
                    if let earlier = first[part.channel], timeline.parts[earlier].program != part.program || earlier == 0 {
                        #expect(said.contains(index), "part \(index) shares channel \(part.channel) silently in \(text.prefix(80))")
                    }
                    first[part.channel] = first[part.channel] ?? index
                }
            }
        }
    }
}
