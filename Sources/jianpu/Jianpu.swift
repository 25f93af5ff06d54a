import ArgumentParser
import Foundation
import JianpuCommandLine
import JianpuFiles

@main
struct Jianpu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jianpu",
        abstract: "Play, check and convert jianpu (numbered musical notation) scores.",
        version: CommandConventions.version,
        subcommands: [Play.self, Render.self, Export.self, Typeset.self, Check.self, Info.self, Quiz.self]
    )

    /// Closed or full standard streams must not kill a run (`StandardStreams.prepare()`); a mistyped
    /// subcommand gets a did-you-mean (exit 64, as the parser's usage errors); the rest is parsed as usual.
    static func main() {
        StandardStreams.prepare()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = CommandConventions.unknownSubcommand(arguments, root: Self.self) {
            FileHandle.standardError.write(Data(message.utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        main(arguments)
    }
}
