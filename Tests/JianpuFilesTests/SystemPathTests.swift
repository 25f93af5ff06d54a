import Foundation
import Testing

@testable import JianpuFiles

/// File names as the system has them: bytes that are not UTF-8 survive the trip through a Swift string.
@Suite("System paths")
struct SystemPathTests {
    @Test(
        "bytes that are not UTF-8 come back as the same bytes, and valid text is left as it is",
        arguments: [Array("out.mid".utf8), [0x6F, 0x75, 0x74, 0xE9, 0x2E, 0x6D, 0x69, 0x64], [0xFF, 0xFE], [0xE2, 0x82], Array("茉莉花.jp".utf8) + [0x80]])
    func roundTrip(bytes: [UInt8]) {
        let path = SystemPath.string(bytes)
        #expect(SystemPath.bytes(path) == bytes)
        #expect(Array(SystemPath.cString(path).dropLast().map { UInt8(bitPattern: $0) }) == bytes)
        if let text = String(validating: bytes, as: UTF8.self) { #expect(path == text) } else { #expect(!path.contains("\u{FFFD}")) }
    }

    @Test("a byte that is not UTF-8 is shown as \\xE9 in a message")
    func shownAsBytes() {
        #expect(SystemPath.visible(SystemPath.string([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70])) == "caf\\xE9.jp")
    }

    @Test("a file whose name is not UTF-8 is written under that name, not under its U+FFFD look-alike")
    func writtenUnderItsOwnName() throws {
        let folder = NSTemporaryDirectory() + "jianpu-path-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/out\u{FFFD}.mid", contents: Data("keep".utf8))
        let name = SystemPath.string(Array((folder + "/out").utf8) + [0xE9] + Array(".mid".utf8))
        try OutputFile(name).write(Array("new".utf8))
        #expect(FileManager.default.contents(atPath: folder + "/out\u{FFFD}.mid") == Data("keep".utf8))
        #expect(try InputFile.read(name) == Array("new".utf8))
    }
}
