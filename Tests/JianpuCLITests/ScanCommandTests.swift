import Foundation
import Subprocesses
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

    /// A PDF of 3 KB whose page draws a form that draws another ten times, nine deep: a billion lines.
    static var nestedFormsBomb: [UInt8] {
        let levels = 9
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /F\(levels) \(5 + levels) 0 R >> >> >>",
            "<< /Length \("/F\(levels) Do".utf8.count) >>\nstream\n/F\(levels) Do\nendstream",
        ]
        for level in 0...levels {
            let body = level == 0 ? "0 0 m 100 100 l S" : Array(repeating: "/F\(level - 1) Do", count: 10).joined(separator: " ")
            let resources = level == 0 ? "" : "/Resources << /XObject << /F\(level - 1) \(4 + level) 0 R >> >>"
            objects.append("<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] \(resources) /Length \(body.utf8.count) >>\nstream\n\(body)\nendstream")
        }
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(repeating: "0", count: 10 - String($0).count) + "\($0) 00000 n \n" }.joined()
        pdf += "trailer << /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Array(pdf.utf8)
    }

    @Test("a PDF bomb (forms nested to a billion lines) is refused in a line once a page overruns its time, nothing written")
    func pdfBombIsStopped() throws {
        let folder = URL(fileURLWithPath: ScratchFolder.make())
        try Data(Self.nestedFormsBomb).write(to: folder.appendingPathComponent("bomb.pdf"))
        let scanned = try CommandLineTests.run(["scan", "bomb.pdf", "-o", "back.jp"], in: folder)
        // The page's 20 s budget ends the run; the subprocess's own 5-minute limit is only a hang guard.
        #expect(!scanned.timedOut)
        #expect(scanned.status == 1)
        #expect(scanned.errors.contains("bomb.pdf: page 1 took more than 20 s to read"), "\(scanned.errors)")
        #expect(scanned.errors.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("back.jp").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bomb.pdf"])
    }
}
