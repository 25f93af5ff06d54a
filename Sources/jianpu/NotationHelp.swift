import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuNotation

/// `jianpu help notation`: the score syntax, every construct with an example; `--man` gives it as
/// the man page `jianpu-notation(5)` (what `scripts/install` installs).
enum NotationHelp {
    static func main(_ options: [String]) -> Never {
        let text: String
        switch options {
        case []: text = NotationReference.text
        case ["--man"]:
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd"
            formatter.timeZone = TimeZone(identifier: "UTC")
            text = NotationReference.manPage(version: CommandConventions.version, date: formatter.string(from: Date()))
        default:
            StandardStreams.error("Error: jianpu help notation takes no options but --man (the man page); found \(options.joined(separator: " "))\n")
            exit(ExitStatus.usage.rawValue)
        }
        exit(StandardStreams.output(text) ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
    }
}
