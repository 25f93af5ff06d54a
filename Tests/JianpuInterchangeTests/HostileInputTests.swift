import Foundation
import Testing
import ZIPFoundation

@testable import JianpuInterchange

/// Input made to hurt: entities, truncation, zip bombs and paths out of the archive are refused with their place.
@Suite("MusicXML hostile input")
struct MusicXMLHostileInputTests {
    static func failure(_ text: String) -> ImportError? {
        do {
            _ = try ScoreImporter.convert(Array(text.utf8), file: "bad.musicxml")
            return nil
        } catch {
            return error
        }
    }

    @Test("an external entity is refused, nothing is fetched")
    func externalEntityRefused() throws {
        let error = try #require(
            Self.failure(
                """
                <?xml version="1.0"?>
                <!DOCTYPE score-partwise [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
                <score-partwise><part-list/><part id="P1"><measure><note><lyric><text>&secret;</text></lyric></note></measure></part></score-partwise>
                """))
        #expect(error.message.contains("entities"))
        #expect(error.place == "2:28")
    }

    @Test("a billion laughs is refused before any expansion")
    func billionLaughsRefused() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE score-partwise [\n<!ENTITY a0 \"ha\">\n"
        for level in 1...10 { text += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">\n" }
        text += "]>\n<score-partwise><work><work-title>&a10;</work-title></work></score-partwise>\n"
        let error = try #require(Self.failure(text))
        #expect(error.message.contains("entities"))
    }

    @Test(
        "entity declarations behind comments, processing instructions and white space in the prolog are refused",
        arguments: ["<!-- <a> -->", "<?pi <b>?>", "<!-- ]> --> <?x?>", "\n\t "])
    func entityBehindPrologRefused(prolog: String) throws {
        let text =
            "<?xml version=\"1.0\"?>\n\(prolog)\n<!DOCTYPE score-partwise [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]>\n"
            + "<score-partwise><work><work-title>&b;</work-title></work></score-partwise>\n"
        let error = try #require(Self.failure(text))
        #expect(error.message.contains("entities"))
    }

    @Test("UTF-16 without a byte-order mark is said to be UTF-16")
    func utf16WithoutMarkSaid() throws {
        let text = "<?xml version=\"1.0\"?>\n<score-partwise><part-list/></score-partwise>\n"
        for bytes in [Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }] {
            #expect(throws: ImportError.self) { try ScoreImporter.convert(bytes, file: "x.musicxml") }
            do { _ = try ScoreImporter.convert(bytes, file: "x.musicxml") } catch { #expect(error.message.contains("UTF-16")) }
        }
    }

    @Test("truncated XML is an error at its line and column")
    func truncatedXMLHasItsPlace() throws {
        let error = try #require(Self.failure("<?xml version=\"1.0\"?>\n<score-partwise>\n  <part-list>\n    <score-part id=\"P1\">"))
        #expect(error.message.contains("not well-formed XML"))
        #expect(error.place.hasPrefix("4:"))
    }

    @Test("a document that is not MusicXML is refused by its root")
    func otherRootRefused() throws {
        let error = try #require(Self.failure("<?xml version=\"1.0\"?>\n<score-partwise>\n</score-partwise>"))
        #expect(error.message.contains("no parts"))
    }

    static func archive(_ entries: [(String, Data)]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return Array(try #require(archive.data))
    }

    static let container = Data(
        """
        <?xml version="1.0"?><container><rootfiles><rootfile full-path="score.xml"/></rootfiles></container>
        """.utf8)

    @Test("a compressed .mxl is read through its container")
    func mxlRead() throws {
        let xml = try Data(contentsOf: MusicXMLImportTests.fixtures.appendingPathComponent("transpose.musicxml"))
        let bytes = try Self.archive([("META-INF/container.xml", Self.container), ("score.xml", xml)])
        let results = try ScoreImporter.convert(bytes, file: "t.mxl")
        #expect(results.first?.text.contains("1' 3' | 5' - |") == true)
    }

    @Test("a zip bomb is refused from its declared size before inflating")
    func zipBombRefused() throws {
        let bomb = Data(count: ScoreImporter.maximumMusicXMLBytes + 1)
        let bytes = try Self.archive([("META-INF/container.xml", Self.container), ("score.xml", bomb)])
        #expect(bytes.count < 1 << 20)
        do {
            _ = try ScoreImporter.convert(bytes, file: "bomb.mxl")
            Issue.record("a zip bomb was read")
        } catch {
            #expect(error.message.contains("inflates to"))
        }
    }

    @Test("an entry named with ../ is refused")
    func pathOutsideRefused() throws {
        let bytes = try Self.archive([("../evil.xml", Data("<score-partwise/>".utf8))])
        do {
            _ = try ScoreImporter.convert(bytes, file: "evil.mxl")
            Issue.record("a ../ entry was accepted")
        } catch {
            #expect(error.message.contains("outside the archive"))
        }
    }
}
