import ArgumentParser
import JianpuFiles

@main
struct Jianpu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jianpu",
        abstract: "Play, check and convert jianpu (numbered musical notation) scores.",
        subcommands: [Play.self, Render.self, Export.self, Check.self, Info.self, Quiz.self]
    )

    /// Closed or full standard streams must not kill a run: see `StandardStreams.prepare()`.
    static func main() {
        StandardStreams.prepare()
        main(nil)
    }
}
