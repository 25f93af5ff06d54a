import Foundation
import Testing

/// `jianpu scan` from the command line: typeset files come back exactly, outputs follow the output rules.
@Suite("jianpu scan")
struct ScanCommandTests {
    @Test("typeset then scan gives the score's text back exactly, and says so", arguments: ["svg", "pdf", "html"])
    func roundTrip(format: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "title=Scan\n1=G\n3/4\n1 2 3 | 5 - - |\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("song.jp"))
        let typeset = try CommandLineTests.run(["typeset", "song.jp", "-o", "song.\(format)"], in: folder)
        #expect(typeset.status == 0)
        let scanned = try CommandLineTests.run(["scan", "song.\(format)", "-o", "back.jp"], in: folder)
        #expect(scanned.status == 0)
        #expect(scanned.errors.contains("read the jianpu text embedded by jianpu typeset"))
        #expect(try String(contentsOf: folder.appendingPathComponent("back.jp"), encoding: .utf8) == text)
        // The output may not be one of the inputs.
        let clobber = try CommandLineTests.run(["scan", "song.\(format)", "-o", "song.\(format)"], in: folder)
        #expect(clobber.status != 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("song.\(format)").path))
    }
}
