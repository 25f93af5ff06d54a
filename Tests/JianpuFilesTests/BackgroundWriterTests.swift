import Foundation
import Subprocesses
import Testing

@testable import JianpuFiles

/// An output's pieces written on a thread of their own: in order, whole, and a failure said at the end.
@Suite("Background writer")
struct BackgroundWriterTests {
    let folder = ScratchFolder.make("background")

    @Test("pieces small and large are written in the order given, each whole, though the maker refills its buffer")
    func piecesInOrder() throws {
        let writer = try OutputFile(folder + "/out.musicxml").open()
        let aside = BackgroundWriter(writer)
        var expected: [UInt8] = []
        var piece: [UInt8] = []
        for number in 0..<40 {
            // The maker's buffer refilled where it is, as the streamed part's is: what was handed on must not change.
            piece.removeAll(keepingCapacity: true)
            piece += [UInt8](repeating: UInt8(number), count: 100_000 + number)
            aside.write(piece)
            expected += piece
        }
        let large = [UInt8](repeating: 0xEE, count: 5 << 20)
        aside.write(large)
        expected += large
        try aside.finish()
        try writer.commit()
        #expect(FileManager.default.contents(atPath: folder + "/out.musicxml") == Data(expected))
    }

    @Test("a piece that cannot be written is the error finish() throws, and the pieces after it are dropped")
    func failureAtTheEnd() throws {
        let writer = try OutputFile("/dev/full").open()
        let aside = BackgroundWriter(writer)
        for _ in 0..<8 { aside.write([UInt8](repeating: 1, count: 1 << 16)) }
        #expect(throws: FileProblem.self) { try aside.finish() }
    }
}
