import JianpuAudio
import JianpuChordPad
import JianpuCore

/// `swift run -c release jianpu-bench`: prints the figures the issues ask for (see also scripts/bench).
///
/// `--notation-only` stops after the notation figures, `--phases` adds the lexer's time alone,
/// `--once` measures one run instead of the best of ten, and `--repeat-phase lex|parse|flatten|export`
/// runs one phase forty times and nothing else, for a profiler (`perf record`); `--print-score [bytes]`
/// prints the generated score (of about that many bytes), to time `jianpu export` on it; `--spacing file.jp …` prints how evenly each
/// file's page spaces its beats (`SpacingMeasure`, for `scripts/spacing-check`).
@main
enum Bench {
    static func main() {
        if let flag = CommandLine.arguments.firstIndex(of: "--repeat-phase"), flag + 1 < CommandLine.arguments.count {
            NotationBenchmark.repeatPhase(CommandLine.arguments[flag + 1])
            return
        }
        if let flag = CommandLine.arguments.firstIndex(of: "--spacing") {
            for path in CommandLine.arguments[(flag + 1)...] { print(SpacingBenchmark.line(for: path)) }
            return
        }
        if let flag = CommandLine.arguments.firstIndex(of: "--print-score") {
            // An optional size in bytes: the score is generated at about that size (scripts/bench's 0.5 MB).
            let bytes = CommandLine.arguments.dropFirst(flag + 1).first.flatMap { Int($0) }
            print(NotationBenchmark.generatedScore(bytes: bytes).text, terminator: "")
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
