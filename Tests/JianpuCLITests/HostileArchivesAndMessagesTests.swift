import Foundation
import Subprocesses
import Testing

/// The fourth campaign's failures outside the quiz: hostile `.mxl` archives and tuplets nested past 64 bits
/// (traps), names and causes said as they are (links in a loop, names too long, a full temporary folder),
/// escapes in what a run says it wrote, and warnings at the header they are about.
@Suite("hostile archives and honest messages")
struct HostileArchivesAndMessagesTests: FolderSuite {
    let folder: URL

    init() throws {
        folder = try Self.makeFolder("jianpu-hostile4")
    }

    func file(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    /// A stored (uncompressed) ZIP of `entries`, written by hand so that its offsets can be made to lie.
    static func zip(_ entries: [(name: String, data: [UInt8])]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16 & 0xFFFF) }
        var out: [UInt8] = [], directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8), crc = Self.crc32(entry.data)
            let offset = out.count
            out +=
                u32(0x0403_4b50) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc) + u32(entry.data.count) + u32(entry.data.count)
                + u16(name.count) + u16(0) + name + entry.data
            directory +=
                u32(0x0201_4b50) + u16(20) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(crc) + u32(entry.data.count)
                + u32(entry.data.count) + u16(name.count) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(offset) + name
        }
        let start = out.count
        return out + directory + u32(0x0605_4b50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count) + u32(directory.count) + u32(start) + u16(0)
    }

    static func crc32(_ bytes: [UInt8]) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return Int(crc ^ 0xFFFF_FFFF)
    }

    static let archive = zip([
        ("META-INF/container.xml", Array("<container><rootfiles><rootfile full-path=\"score.xml\"/></rootfiles></container>".utf8)),
        (
            "score.xml",
            Array(
                """
                <?xml version="1.0"?><score-partwise version="4.0"><part-list><score-part id="P1"><part-name>P</part-name></score-part></part-list>\
                <part id="P1"><measure number="1"><attributes><divisions>1</divisions></attributes><note><pitch><step>C</step><octave>4</octave></pitch>\
                <duration>4</duration><type>whole</type></note></measure></part></score-partwise>
                """.utf8)
        ),
    ])

    @Test(
        "an .mxl whose directory or entries point past its end is one error naming the file, never a trap",
        arguments: [
            "the directory's offset", "the directory's size", "an entry's local header", "an entry's size",
        ])
    func archiveOffsetsPastTheEnd(field: String) throws {
        var bytes = Self.archive
        let end = bytes.count - 22
        func put(_ value: UInt32, at index: Int) { for k in 0..<4 { bytes[index + k] = UInt8(value >> (8 * UInt32(k)) & 0xFF) } }
        // The second directory entry: after the first's 46 bytes and name.
        let second = Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16
        let entry = second + 46 + "META-INF/container.xml".utf8.count
        switch field {
        case "the directory's offset": put(0xFFFF_FFF0, at: end + 16)
        case "the directory's size": put(0x7FFF_FFFF, at: end + 12)
        case "an entry's local header": put(0xFFFF_FF00, at: entry + 42)
        default: put(0x7FFF_FFFF, at: entry + 20)
        }
        try file("bad.mxl", bytes)
        try file("good.mxl", Self.archive)
        #expect(try shell("$J import good.mxl -o good.jp").status == 0)
        let outcome = try shell("$J import bad.mxl -o bad.jp")
        #expect(outcome.status == 1, "\(outcome.errors)")
        #expect(outcome.errors.contains("bad.mxl") && outcome.errors.contains("not a readable .mxl (ZIP) archive"), "\(outcome.errors)")
        #expect(outcome.errors.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.jp").path))
    }

    @Test("tuplets nested past 64 bits of time modification are refused in words by MusicXML export, never a trap", arguments: ["musicxml", "mxl"])
    func deepTupletsExport(format: String) throws {
        let nested = String(repeating: "3[ ", count: 40) + "q1 q2 q3 " + String(repeating: "] ", count: 40)
        try file("t.jp", Array("1=C\n4/4\n\(nested)|\n".utf8))
        let outcome = try shell("$J export t.jp -o t.\(format)")
        #expect(outcome.status == 1, "\(outcome.errors)")
        #expect(outcome.errors.contains("too fine"), "\(outcome.errors)")
    }

    @Test("an input that is a loop of links, has a name too long or a path through a file is said so, not called missing")
    func inputCauses() throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: "loop")
        try file("s.jp", Array("1 2 3 4 |\n".utf8))
        let long = String(repeating: "x", count: 300) + ".jp"
        #expect(try shell("$J check loop").errors.contains("loop of symbolic links"))
        #expect(try shell("$J check \(long)").errors.contains("name longer than the file system allows"))
        #expect(try shell("$J check s.jp/x.jp").errors.contains("a part of its path is a file"))
        #expect(try shell("'\(HostileInputTests.chordpad)' --tunings loop --list-tunings").errors.contains("loop of symbolic links"))
        #expect(try shell("$J render s.jp -o o.wav --soundfont loop").errors.contains("loop of symbolic links"))
    }

    @Test("what a run says it wrote shows the escapes in a file's name, never sends them")
    func writtenNamesVisible() throws {
        try file("s.jp", Array("1 2 3 4 |\n".utf8))
        let name = "r\u{1B}]0;PWNED\u{07}.wav"
        let outcome = try shell("$J render s.jp -o \"$(printf 'r\\033]0;PWNED\\007.wav')\"")
        try #require(outcome.status == 0, "\(outcome.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        #expect(!outcome.errors.contains("\u{1B}") && !outcome.errors.contains("\u{07}"))
        #expect(outcome.errors.contains("rendered r␛]0;PWNED␇.wav"), "\(outcome.errors)")
    }

    @Test("a control character left out of a header's MusicXML is warned at that header's line")
    func headerWarningsAtTheirLines() throws {
        try file("h.jp", Array("title=t\nsubtitle=S\u{0B}x\ncomposer=C\u{01}y\n1=C\n4/4\n1 2 3 4 |\n".utf8))
        let outcome = try shell("$J export h.jp -o h.musicxml")
        #expect(outcome.status == 0)
        let lines = outcome.errors.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("h.jp:2:") } && lines.contains { $0.hasPrefix("h.jp:3:") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("h.jp:1:1:") })
    }

    @Test("render with a temporary folder full from the start says the disk is full", .enabled(if: canMountTmpfs, "needs root and a system that lets it mount a tmpfs"))
    func fullTemporaryFolder() throws {
        try file("s.jp", Array("1 2 3 4 |\n".utf8))
        let outcome = try shell(
            """
            mkdir t && mount -t tmpfs -o size=64k tmpfs t || exit 1
            dd if=/dev/zero of=t/fill bs=4k 2>/dev/null
            TMPDIR="$PWD/t" $J render s.jp -o o.wav; status=$?
            umount t; exit $status
            """)
        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("the disk is full"), "\(outcome.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o.wav").path))
    }
}
