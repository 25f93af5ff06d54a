import Foundation
import JianpuAudio
import JianpuChordPad
import JianpuCore

/// `swift run -c release jianpu-bench`: prints the figures the issues ask for (see also scripts/bench).
@main
enum Bench {
    static func main() {
        if let phase = ProcessInfo.processInfo.environment["JIANPU_PROFILE"] {
            let text = NotationBenchmark.generatedScore(notes: 106_000).text
            let score = ScoreParser.parse(text, file: "bench.jp").score
            let timelines = Flattener.exportedTimelines(of: score)
            for _ in 0..<40 {
                switch phase {
                case "lex": _ = Lexer.wordCount(in: text, file: "bench.jp")
                case "parse": _ = ScoreParser.parse(text, file: "bench.jp")
                case "flatten": _ = Flattener.exportedTimelines(of: score)
                default: _ = StandardMIDIFile.data(for: Timeline.concatenating(timelines))
                }
            }
            return
        }
        for line in NotationBenchmark.run() { print(line) }
        if CommandLine.arguments.contains("--notation-only") { return }
        do {
            let soundFont = try SoundFontLocator().locate()
            let result = try RenderBenchmark.run(timeline: RenderBenchmark.syntheticScore(bars: 64), soundFontPath: soundFont)
            print("sound: \(result)")
        } catch {
            print("sound: skipped: \(error)")
        }
        let chordPad = ChordPadBenchmark.run(printReport: false)
        print("chordpad: key byte to note-on at the synth: \(chordPad)")
    }
}
