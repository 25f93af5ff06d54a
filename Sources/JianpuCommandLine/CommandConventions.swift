import ArgumentParser
import JianpuCore
import JianpuFiles

/// What every program of the package does the same way: its version, and a did-you-mean for a
/// mistyped subcommand.
public enum CommandConventions {
    /// The package's version, shown by `jianpu --version` and `chordpad --version`.
    public static let version = "0.4.0"

    /// For a word where `root` expects a subcommand but that names none (`jianpu pley`): the
    /// error line and usage hint, with the closest names; nil when the arguments look right.
    /// Words after the first option are left to the parser (an option's value is not a subcommand).
    public static func unknownSubcommand(_ arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root._commandName]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { $0._commandName == word }) {
                command = next
                path.append(word)
                continue
            }
            if word == "help" { return nil }
            let names = subcommands.map { $0._commandName }
            var suggestion = Wording.didYouMean(word, among: names)
            let usage = path.joined(separator: " ")
            // A score given without a command: say how to play it.
            if suggestion.isEmpty, word.contains("."), names.contains("play") {
                suggestion = " (to play a score: \(usage) play \(word))"
            }
            return "Error: '\(word)' is not a \(usage) command\(suggestion)\n"
                + "Usage: \(usage) <subcommand>: \(names.joined(separator: ", "))\n"
                + "  See '\(usage) --help' for more information.\n"
        }
        return nil
    }

    /// The options whose value is a path (a file or a folder), in every program.
    public static let pathOptions: Set<String> = [
        "-o", "--output", "--out", "--db", "--profile", "--soundfont", "--record",
        "--plot", "--tunings", "--chords", "--midi-in",
    ]

    /// The path options whose file a library opens by a name given as text (SQLite, FluidSynth): a name that
    /// is not UTF-8 cannot reach them byte for byte, so it is refused rather than changed.
    public static let textOnlyPathOptions: Set<String> = ["--db", "--soundfont"]

    /// The error line for a path option given an empty value (`-o ''`, `--db=`), or a name that is not UTF-8 to an
    /// option in `textOnlyPathOptions`; nil when there is none.
    /// An empty path is no name at all: joined to a file name it would mean the root folder (`import
    /// --all -o ''` wrote into `/`), and SQLite took it for a temporary database.
    public static func pathProblem(_ arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return nil }
            if textOnlyPathOptions.contains(word), index + 1 < arguments.count, SystemPath.hasRawBytes(arguments[index + 1]) {
                return
                    "\(word) \(SystemPath.visible(arguments[index + 1])): this name is not UTF-8, and the library that opens it takes names as text (it would open another file); rename it or link to it by a UTF-8 name"
            }
            if pathOptions.contains(word), index + 1 < arguments.count, arguments[index + 1].isEmpty {
                return "\(word) '': an empty path names no file or folder; give a name (. for the current folder)"
            }
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--"), pathOptions.contains(String(word[..<equals])),
                word.index(after: equals) == word.endIndex
            {
                return "\(word[..<equals]) '': an empty path names no file or folder; give a name (. for the current folder)"
            }
            index += 1
        }
        return nil
    }
}
