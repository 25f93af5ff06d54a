import ArgumentParser
import Foundation
import JianpuCommandLine
import JianpuFiles
import JianpuServe

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "The live editor: jianpu text beside its typeset pages, redrawn as you type, in a local web page.",
        discussion:
            "Prints the URL to open (with its token) as its first line and opens a browser where there is one. Files of the folder (or the file's folder) can be opened and saved; MusicXML, ABC and MIDI are imported into a new .jp. Ctrl-C stops it."
    ).under("jianpu")

    @Argument(help: "A score to open, or a folder to serve (default: the current folder).")
    var path: String?

    @Option(help: "The port to listen on (0: any free one).")
    var port: Int = 8123

    @Option(help: "The address to listen on. Only loopback by default: another address lets other machines in (with the token).")
    var host: String = "127.0.0.1"

    @Flag(help: "Do not open a browser.")
    var noBrowser = false

    @Option(help: "The SoundFont the page plays with (default: as `jianpu play` finds one).")
    var soundfont: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() throws {
        let given = path ?? "."
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: given, isDirectory: &isFolder) else { throw CommandFailure("\(given): no such file or folder") }
        let url = URL(fileURLWithPath: given)
        let folder = isFolder.boolValue ? url.path : url.deletingLastPathComponent().path
        var configuration = ServeConfiguration(folder: folder, host: host, port: port, soundFont: soundfont)
        if !isFolder.boolValue { configuration.initialFile = url.lastPathComponent }
        if !ServeConfiguration.isLoopback(host) {
            StandardStreams.error("jianpu: warning: listening on \(host): other machines can reach the editor (they still need the token)\n")
        }
        do {
            try ServeProgram.run(configuration, openBrowser: !noBrowser) { line in
                guard StandardStreams.output(line) else { return }
            }
        } catch let error as ServeError {
            throw CommandFailure(error.message)
        }
    }
}
