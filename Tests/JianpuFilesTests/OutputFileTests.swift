import Foundation
import Testing
@testable import JianpuFiles

/// The one mechanism every output goes through: checked first, replaced whole, never the input.
@Suite("Output files")
struct OutputFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "jianpu-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func names() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []
    }

    @Test("a complete write replaces the old file and leaves no temporary file")
    func completeWriteReplaces() throws {
        FileManager.default.createFile(atPath: folder + "/a.mid", contents: Data("old".utf8))
        try OutputFile(folder + "/a.mid").write(Array("new".utf8))
        #expect(contents("a.mid") == "new")
        #expect(names() == ["a.mid"])
    }

    @Test("a writer dropped before its commit leaves the old file as it was and nothing beside it")
    func droppedWriterChangesNothing() throws {
        FileManager.default.createFile(atPath: folder + "/a.wav", contents: Data("good take".utf8))
        do {
            let writer = try OutputFile(folder + "/a.wav").open()
            try writer.write(Array("half a".utf8))
        }
        #expect(contents("a.wav") == "good take")
        #expect(names() == ["a.wav"])
    }

    @Test("an output that is the input is refused, by any name", arguments: ["s.jp", "./s.jp", "sub/../s.jp", "link.jp"])
    func outputThatIsTheInputIsRefused(name: String) throws {
        FileManager.default.createFile(atPath: folder + "/s.jp", contents: Data("1 2 3".utf8))
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.jp", withDestinationPath: folder + "/s.jp")
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        #expect(throws: FileProblem.self) { try OutputFile(name, inputs: [folder + "/s.jp"]) }
        #expect(contents("s.jp") == "1 2 3")
    }

    @Test("a missing folder, a folder, and a read-only file are refused before anything is written")
    func badOutputsAreRefused() throws {
        FileManager.default.createFile(atPath: folder + "/ro.mid", contents: Data("keep".utf8), attributes: [.posixPermissions: 0o444])
        for path in [folder + "/missing/x.mid", folder, folder + "/ro.mid", folder + "/new/"] {
            #expect(throws: FileProblem.self, "\(path)") { try OutputFile(path) }
        }
        #expect(contents("ro.mid") == "keep")
    }

    @Test("a full device is a write error, not a trap or a success")
    func fullDeviceFails() throws {
        let writer = try OutputFile("/dev/full").open()
        #expect(throws: FileProblem.self) { try writer.write(Array(repeating: 1, count: 4096)) }
    }
    // A disk that fills mid-write is tested on the programs (`ulimit -f` in a shell): a limit set
    // here would also cut the writes of the tests running beside this one.
}

@Suite("Input files")
struct InputFileTests {
    @Test("a FIFO is refused without being opened (opening it would block)")
    func fifoIsRefused() throws {
        let path = NSTemporaryDirectory() + "jianpu-fifo-\(UUID().uuidString)"
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: FileProblem(path, "is not a regular file (a pipe or a device): expected a file")) { try InputFile.read(path) }
    }

    @Test("a file over the limit is refused from its size, before it is read")
    func sizeIsCheckedFirst() throws {
        let path = NSTemporaryDirectory() + "jianpu-big-\(UUID().uuidString)"
        FileManager.default.createFile(atPath: path, contents: nil)
        defer { unlink(path) }
        #expect(truncate(path, 1 << 40) == 0) // a sparse terabyte: reading it would never finish
        #expect(throws: FileProblem.self) { try InputFile.read(path, maximumBytes: 64 << 20) }
    }

    @Test("a missing file says so by its name alone")
    func missingFile() {
        #expect(throws: FileProblem("/no/such.jp", "no such file")) { try InputFile.read("/no/such.jp") }
    }
}
