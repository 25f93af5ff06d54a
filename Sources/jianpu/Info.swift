import ArgumentParser
import JianpuCore
import JianpuPerformance

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a score's title, key, meter, tempo, parts, bars, notes and duration.").under("jianpu")

    @OptionGroup var input: ScoreInput

    func run() throws {
        let score = try input.load()
        // The title, instruments and other words are the file's: shown, never obeyed, by the terminal.
        try CommandOutput.write(TerminalText.visibleLines(ScoreSummary(score: score).description) + "\n")
    }
}
