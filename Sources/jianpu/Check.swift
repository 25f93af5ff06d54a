import ArgumentParser
import JianpuCore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report problems in a score as file:line:column: message, without playing it.").under("jianpu")

    @OptionGroup var input: ScoreInput

    @Flag(help: "Refuse what the reference implementation refuses: bars of the wrong length are errors.")
    var strict = false

    func run() throws {
        _ = try input.load(strict: strict, reporting: true)
    }
}
