import JianpuAudio
import JianpuChordPad
import JianpuCore

/// `swift run -c release jianpu-bench`: prints the figures the issues ask for (see also scripts/bench).
@main
enum Bench {
    static func main() {
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
