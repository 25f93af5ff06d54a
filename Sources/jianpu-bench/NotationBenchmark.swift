import Foundation
import JianpuCore
import JianpuNotation
import JianpuPerformance

/// Parse + flatten + export throughput on a generated score.
struct NotationBenchmark {
    /// A score of at least `notes` notes in varied syntax: durations, dots, octaves, accidentals,
    /// chords, tuplets, ties, dashes, two parts, key and tempo changes.
    /// With `lyrics`, each line of music has a bar-number comment above it and a lyrics line
    /// under it, as the scores people write do.
    static func generatedScore(notes target: Int, lyrics: Bool = false) -> (text: String, notes: Int) {
        let bars = [
            "q1 q2 3 4' s5 s6 q7, |", "3[ q1 q2 q3 ] #4 5. q6 |", "135 - ,5'1 0 |", "1 ~ 1 2 - |",
            "q.3 s4 q5 q6 b7 1'' |", "s1 s2 s3 s4 q5 q6 g[45] 1 2 |",
        ]
        // Notes each bar sounds (a chord counts its notes, tied notes once, grace notes too).
        let counts = [7, 6, 5, 2, 6, 10]
        var text = "title=Benchmark\n1=D\n4/4\n4=120\n"
        var count = 0, line = 0, secondPart = false
        while count < target {
            if line % 200 == 199 { text += ["1=Bb", "6=E", "4=96", "4.=72"][line / 200 % 4] + "\n" }
            var row = "", words: [String] = []
            for index in 0..<8 {
                let bar = (line + index) % bars.count
                row += bars[bar] + " "
                count += counts[bar]
                words += Array(repeating: "la", count: counts[bar])
            }
            if lyrics { text += "% bars \(line * 8 + 1)-\(line * 8 + 8)\n" }
            text += row + "\n"
            if lyrics { text += "L: " + words.joined(separator: " ") + "\n" }
            line += 1
            if count >= target / 2 && !secondPart {
                text += "NextPart\n1=D\n4/4\n"
                secondPart = true
            }
        }
        return (text, count)
    }

    /// The benchmark's score of 106,000 notes (0.38 MB), or one of about `bytes` when given.
    static func generatedScore(bytes: Int?) -> (text: String, notes: Int) {
        guard let bytes, bytes > 0 else { return generatedScore(notes: 106_000) }
        // The score spends about 3.55 bytes a note; one more line of bars until it is big enough.
        var notes = bytes * 100 / 355
        var generated = generatedScore(notes: notes)
        while generated.text.utf8.count < bytes {
            notes += 48
            generated = generatedScore(notes: notes)
        }
        return generated
    }

    static func run() -> [String] {
        measure("notes only", generatedScore(notes: 106_000)) + measure("with lyrics", generatedScore(notes: 106_000, lyrics: true))
            + ["notation: peak memory \(PeakMemory.megabytes()) MB (target < 100)"]
    }

    /// Runs one phase on the generated score forty times, for a profiler to look at.
    static func repeatPhase(_ phase: String) {
        let text = generatedScore(notes: 106_000).text
        let score = ScoreParser.parse(text, file: "bench.jp").score
        // As `jianpu export` makes a MIDI file: each part's notes kept apart.
        let timelines = Flattener.exportedPartedTimelines(of: score)
        for _ in 0..<40 {
            switch phase {
            case "lex": _ = WordCounter.words(in: text)
            case "parse": _ = ScoreParser.parse(text, file: "bench.jp")
            case "flatten": _ = Flattener.exportedPartedTimelines(of: score)
            default: _ = StandardMIDIFile.data(for: PartedTimeline.concatenating(timelines))
            }
        }
    }

    static func measure(_ name: String, _ generated: (text: String, notes: Int)) -> [String] {
        let (text, expectedNotes) = generated
        let bytes = Double(text.utf8.count)
        var best = Double.infinity, first: Double?
        var phases = (parse: Double.infinity, flatten: Double.infinity)
        var notes = 0, midiBytes = 0
        for _ in 0..<(CommandLine.arguments.contains("--once") ? 1 : 10) {
            let start = DispatchTime.now().uptimeNanoseconds
            let (score, diagnostics) = ScoreParser.parse(text, file: "bench.jp")
            precondition(diagnostics.isEmpty, "the generated score should be clean: \(diagnostics.prefix(3))")
            let parsed = DispatchTime.now().uptimeNanoseconds
            let timelines = Flattener.exportedPartedTimelines(of: score)
            let flattened = DispatchTime.now().uptimeNanoseconds
            phases.parse = min(phases.parse, Double(parsed - start) / 1e9)
            phases.flatten = min(phases.flatten, Double(flattened - parsed) / 1e9)
            let data = StandardMIDIFile.data(for: PartedTimeline.concatenating(timelines))
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // Freeing the score and timelines is left out of the time, as it is of a command that exits.
            withExtendedLifetime((score, timelines)) {}
            best = min(best, seconds)
            if first == nil { first = seconds }
            notes = timelines.reduce(0) { $0 + $1.partNotes.reduce(0) { $0 + $1.count } }
            midiBytes = data.count
        }
        if CommandLine.arguments.contains("--phases") {
            var lexing = Double.infinity
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                let words = WordCounter.words(in: text)
                lexing = min(lexing, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                precondition(words > 0)
            }
            print("notation (\(name)): lexing alone \(String(format: "%.1f", lexing * 1000)) ms")
        }
        return [
            "notation (\(name)): generated score \(String(format: "%.2f", bytes / 1e6)) MB, \(notes) notes (\(expectedNotes) written), MIDI \(midiBytes / 1024) KiB",
            "notation (\(name)): parse + flatten + export \(String(format: "%.1f", best * 1000)) ms (best of 10; parse \(String(format: "%.1f", phases.parse * 1000)) ms, flatten \(String(format: "%.1f", phases.flatten * 1000)) ms)",
            "notation (\(name)): throughput \(String(format: "%.1f", bytes / best / 1e6)) MB/s (target ≥ 20), \(String(format: "%.0f", Double(notes) / best)) notes/s",
            "notation (\(name)): first run, on memory not yet touched: \(String(format: "%.1f", (first ?? best) * 1000)) ms, \(String(format: "%.1f", bytes / (first ?? best) / 1e6)) MB/s",
        ]
    }
}

enum PeakMemory {
    /// The process's peak resident set size so far.
    static func megabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) / 1024
    }
}
