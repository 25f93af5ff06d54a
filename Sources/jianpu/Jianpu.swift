import ArgumentParser

@main
struct Jianpu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jianpu",
        abstract: "Play, check and convert jianpu (numbered musical notation) scores.",
        subcommands: [Check.self, Info.self, Export.self]
    )
}
