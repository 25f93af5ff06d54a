import ArgumentParser
import JianpuCommandLine

@main
struct Jianpu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jianpu",
        abstract: "Play, check and convert jianpu (numbered musical notation) scores.",
        discussion: ExitStatus.helpText,
        version: CommandConventions.version,
        subcommands: [Play.self, Render.self, Export.self, Typeset.self, Check.self, Info.self, Import.self, Quiz.self, Learn.self]
    )

    static func main() { ProgramEdge.main(Jianpu.self, name: "jianpu") }
}
