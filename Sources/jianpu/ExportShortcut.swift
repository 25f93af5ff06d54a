import ArgumentParser
import JianpuCommandLine

/// `jianpu export SCORE -o OUT`, the command line scripts run most, read without argument-parser's command tree.
///
/// Reading the tree (each command's options found by reflection, each option type's conformances looked up once)
/// cost an export of a 0.5 MB score 26 M instructions, a tenth of its serial time. Only this exact shape is
/// taken: any other word, option or order goes through the parser, and so does a value the parser could read
/// as something else (an option, `help`, an empty word).
enum ExportShortcut {
    /// The command for exactly `export SCORE -o OUT` (or `--output OUT`), every other option at its default;
    /// nil for any other command line.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard arguments.count == 4, arguments[0] == "export", arguments[2] == "-o" || arguments[2] == "--output" else { return nil }
        let (file, output) = (arguments[1], arguments[3])
        guard isPlainValue(file), isPlainValue(output) else { return nil }
        var command = Export()
        command.input = ScoreInput()
        command.input.file = file
        command.output = output
        command.movement = nil
        command.chords = true
        var practice = PracticeOptions()
        practice.loop = nil
        practice.loopTimes = nil
        practice.countIn = 0
        practice.click = false
        practice.clickVolume = 80
        practice.tempoSteps = nil
        practice.mute = []
        practice.solo = []
        practice.volume = []
        practice.program = []
        practice.transposition = TranspositionOptions()
        practice.transposition.transpose = nil
        practice.transposition.key = nil
        command.practice = practice
        // The parser checks the groups it read; the defaults pass, and if they ever did not, the parser says why.
        do {
            try command.practice.transposition.validate()
            try command.practice.validate()
        } catch {
            return nil
        }
        return command
    }

    /// Whether the parser reads `word` as a plain value: not empty, not an option or `-`, not `help`.
    private static func isPlainValue(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-") && word != "help"
    }
}
