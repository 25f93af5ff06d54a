import ArgumentParser
import JianpuCommandLine

@main
struct Jianpu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jianpu",
        abstract: "Play, check and convert jianpu (numbered musical notation) scores.",
        discussion: "The score syntax: jianpu help notation (or man 5 jianpu-notation).\n" + ExitStatus.helpText,
        version: CommandConventions.version,
        subcommands: [Play.self, Render.self, Export.self, Typeset.self, Check.self, Info.self, Import.self, Scan.self, Serve.self, Quiz.self, Learn.self]
    )

    static func main() {
        // `help notation` is a topic, not a subcommand: argument-parser's own `help` would refuse it.
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count >= 2, arguments[0] == "help", arguments[1] == "notation" { NotationHelp.main(Array(arguments.dropFirst(2))) }
        ProgramEdge.main(Jianpu.self, name: "jianpu")
    }
}
