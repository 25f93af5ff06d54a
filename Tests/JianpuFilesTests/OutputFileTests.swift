import Foundation
import Subprocesses
import Testing

@testable import JianpuFiles

/// The one mechanism every output goes through: checked first, replaced whole, never the input.
@Suite("Output files")
struct OutputFileTests {
    /// Kept until the test process ends (`ScratchFolder`): a file `FilesRead` remembers must not be deleted while
    /// the others run, or its inode, reused by another test's file, would make that file "the input".
    let folder = ScratchFolder.make("files")

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

    @Test("an output made a hard link of a read input after its checks is refused at the commit, the input kept")
    func outputBecomingAnInputIsRefusedAtTheEnd() throws {
        FileManager.default.createFile(atPath: folder + "/score.jp", contents: Data("the score".utf8))
        FilesRead.remember(folder + "/score.jp")
        let writer = try OutputFile(folder + "/o.wav").open()
        try writer.write(Array("RIFF".utf8))
        #expect(link(folder + "/score.jp", folder + "/o.wav") == 0)
        #expect(throws: FileProblem.self) { try writer.commit() }
        #expect(contents("score.jp") == "the score")
        #expect(names() == ["o.wav", "score.jp"])
    }

    @Test("a long output sent to disk while it is written is the bytes written, in order, and the old file until the commit")
    func longOutputWrittenOutAsItGoes() throws {
        FileManager.default.createFile(atPath: folder + "/long.musicxml", contents: Data("old".utf8))
        let writer = try OutputFile(folder + "/long.musicxml").open()
        var expected: [UInt8] = []
        // 20 MB in pieces of 1 MB (the first and second 8 MB sent to disk on the way), each piece its own bytes.
        for piece in 0..<20 {
            let bytes = [UInt8](repeating: UInt8(piece), count: 1 << 20)
            try writer.write(bytes)
            expected += bytes
        }
        #expect(contents("long.musicxml") == "old")
        try writer.commit()
        #expect(FileManager.default.contents(atPath: folder + "/long.musicxml") == Data(expected))
        #expect(names() == ["long.musicxml"])
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
        // Named from the folder, never by changing the process's directory: other tests run beside this one.
        #expect(throws: FileProblem.self) { try OutputFile(folder + "/" + name, inputs: [folder + "/s.jp"]) }
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

    @Test(
        "an output is refused when it is any input by identity: another name, a link, a hard link, a SoundFont, a log's -wal file",
        arguments: ["other.sf2", "link.sf2", "hard.sf2", "q.sqlite-wal", "q.sqlite-shm", "q.sqlite-journal"])
    func everyInputIsProtected(name: String) throws {
        FileManager.default.createFile(atPath: folder + "/font.sf2", contents: Data("RIFF sfbk".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.sf2", withDestinationPath: "font.sf2")
        #expect(link(folder + "/font.sf2", folder + "/hard.sf2") == 0)
        let inputs = [folder + "/s.jp", folder + "/font.sf2", folder + "/q.sqlite", folder + "/q.sqlite-wal", folder + "/q.sqlite-shm", folder + "/q.sqlite-journal"]
        if name == "other.sf2" {
            #expect(throws: Never.self) { try OutputFile(folder + "/other.sf2", inputs: inputs) }
        } else {
            #expect(throws: FileProblem.self) { try OutputFile(folder + "/" + name, inputs: inputs) }
        }
        #expect(contents("font.sf2") == "RIFF sfbk")
    }

    @Test("a link is written through to its target, as the shell's > does; a dangling link creates its target")
    func linksAreWrittenThrough() throws {
        FileManager.default.createFile(atPath: folder + "/real.mid", contents: Data("old".utf8))
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.mid", withDestinationPath: "real.mid")
        try FileManager.default.createSymbolicLink(atPath: folder + "/sub/chain.mid", withDestinationPath: "../link.mid")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.mid", withDestinationPath: "sub/new.mid")
        try OutputFile(folder + "/link.mid").write(Array("new".utf8))
        #expect(contents("real.mid") == "new")
        try OutputFile(folder + "/sub/chain.mid").write(Array("newer".utf8))
        #expect(contents("real.mid") == "newer")
        try OutputFile(folder + "/dangling.mid").write(Array("made".utf8))
        #expect(contents("sub/new.mid") == "made")
        for name in ["link.mid", "sub/chain.mid", "dangling.mid"] {
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) != nil, "\(name) is still a link")
        }
        #expect(names() == ["dangling.mid", "link.mid", "real.mid", "sub"])
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/sub").sorted()) == ["chain.mid", "new.mid"])
    }

    @Test("a descriptor is written where it stands, never renamed over", arguments: ["/dev/fd/", "/proc/self/fd/"])
    func descriptorsAreWrittenInPlace(prefix: String) throws {
        let path = folder + "/stream.txt"
        FileManager.default.createFile(atPath: path, contents: Data("kept ".utf8))
        let descriptor = open(path, O_WRONLY | O_APPEND)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let output = try OutputFile(prefix + "\(descriptor)")
        #expect(output.isDevice)
        try output.write(Array("appended".utf8))
        #expect(contents("stream.txt") == "kept appended")
        #expect(names() == ["stream.txt"])
    }

    @Test("a name of 250 bytes and more is written: the temporary name beside it is the one shortened", arguments: [250, 255])
    func longNames(length: Int) throws {
        let name = String(repeating: "a", count: length - 4) + ".mid"
        try OutputFile(folder + "/" + name).write(Array("long".utf8))
        #expect(contents(name) == "long")
        #expect(names() == [name])
        let chinese = String(repeating: "谱", count: 83) + ".m"  // 251 bytes: the temporary name is cut at a whole character
        try OutputFile(folder + "/" + chinese).write(Array("谱".utf8))
        #expect(contents(chinese) == "谱")
    }

    @Test("a full device is a write error, not a trap or a success")
    func fullDeviceFails() throws {
        let writer = try OutputFile("/dev/full").open()
        #expect(throws: FileProblem.self) { try writer.write(Array(repeating: 1, count: 4096)) }
    }
    // A disk that fills mid-write is tested on the programs (`ulimit -f` in a shell): a limit set
    // here would also cut the writes of the tests running beside this one.

    func inode(_ name: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.systemFileNumber] as? UInt64
    }

    @Test(
        "a hard-linked output is written in place, as the shell's > does: every name sees the new content, longer or shorter",
        arguments: ["a much longer new content than the old one", "new"])
    func hardLinkedOutputWrittenInPlace(content: String) throws {
        FileManager.default.createFile(atPath: folder + "/a.mid", contents: Data("the old content".utf8))
        #expect(link(folder + "/a.mid", folder + "/b.mid") == 0)
        let before = inode("a.mid")
        try OutputFile(folder + "/a.mid").write(Array(content.utf8))
        #expect(contents("a.mid") == content)
        #expect(contents("b.mid") == content)
        #expect(inode("a.mid") == before && inode("b.mid") == before)
        #expect(names() == ["a.mid", "b.mid"])
    }

    @Test("a hard-linked output keeps its other name's content when the writer is dropped")
    func hardLinkedOutputDropped() throws {
        FileManager.default.createFile(atPath: folder + "/a.wav", contents: Data("good take".utf8))
        #expect(link(folder + "/a.wav", folder + "/b.wav") == 0)
        do {
            let writer = try OutputFile(folder + "/b.wav").open()
            try writer.write(Array("half".utf8))
        }
        #expect(contents("a.wav") == "good take")
        #expect(names() == ["a.wav", "b.wav"])
    }

    @Test("a loop of links is refused before anything is written, the links kept")
    func linkLoopRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.mid", withDestinationPath: "b.mid")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.mid", withDestinationPath: "a.mid")
        #expect(throws: FileProblem.self) { try OutputFile(folder + "/a.mid") }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/a.mid")) == "b.mid")
        #expect(names() == ["a.mid", "b.mid"])
    }

    @Test("a file the process has open or mapped (a font a library opened) is refused, before the work and at the commit")
    func fileInUseRefused() throws {
        FileManager.default.createFile(atPath: folder + "/font.ttf", contents: Data("a font".utf8))
        try FileManager.default.createSymbolicLink(atPath: folder + "/font.svg", withDestinationPath: "font.ttf")
        let early = open(folder + "/font.ttf", O_RDONLY)
        #expect(throws: FileProblem.self) { try OutputFile(folder + "/font.svg") }
        close(early)
        // Opened only during the work, as fontconfig opens a font while the page is laid out.
        let writer = try OutputFile(folder + "/font.svg").open()
        try writer.write(Array("<svg/>".utf8))
        let during = open(folder + "/font.ttf", O_RDONLY)
        defer { close(during) }
        #expect(throws: FileProblem.self) { try writer.commit() }
        #expect(contents("font.ttf") == "a font")
        #expect(names() == ["font.svg", "font.ttf"])
    }
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
        #expect(truncate(path, 1 << 40) == 0)  // a sparse terabyte: reading it would never finish
        #expect(throws: FileProblem.self) { try InputFile.read(path, maximumBytes: 64 << 20) }
    }

    @Test("a missing file says so by its name alone")
    func missingFile() {
        #expect(throws: FileProblem("/no/such.jp", "no such file", code: ENOENT)) { try InputFile.read("/no/such.jp") }
    }

}
