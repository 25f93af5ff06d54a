import Testing

@testable import JianpuCore
@testable import JianpuNotation

/// The lexer reads the text once for the outline and each part again from where it starts;
/// both readings must see the same words at the same places.
@Suite("Lexer")
struct LexerTests {
    /// Every word handed on, as `line:column text` (headers and boundaries marked).
    struct Recorder: WordSink {
        let bytes: [UInt8]
        var words: [String] = []
        var starts: [LexerPosition] = []
        var stopsAtBoundary = false

        mutating func music(_ range: Range<Int>, at location: JianpuCore.SourceLocation) {
            words.append("\(location.line):\(location.column) \(String(decoding: bytes[range], as: UTF8.self))")
        }

        mutating func header(_ header: Header, at location: JianpuCore.SourceLocation) {}

        mutating func boundary(_ boundary: PartBoundary, at location: JianpuCore.SourceLocation, resume: LexerPosition) -> Bool {
            words.append("\(location.line):\(location.column) \(boundary)")
            starts.append(resume)
            return !stopsAtBoundary
        }
    }

    static let texts = [
        "1 2 3\nNextPart\n4 5\n",
        "1 2 NextPart 3 4 NextPart\n5\n",
        "title=A\n1 2\nNextPart instrument=Flute\n3 (4)~\nL: la la\nNextScore title=B\n5 6 % a comment\n%% tempo: 4=80\n7\n",
        "１ ２ NextPart ３\n",
        "1\nL:\nla\nNextPart\n\nLP:\nNextPart\n:LP\n2 NextPart NextPart 3\n",
        "1\tNextPart\t2\r\n\"text NextPart\" 3\n",
    ]

    @Test("each part read again from its start sees the words the whole reading saw there", arguments: texts)
    func partsReadAgainSeeTheSameWords(text: String) {
        let bytes = TextBytes.normalised(Array(text.utf8))
        var whole = Lexer(bytes: bytes, file: "s.jp", sink: Recorder(bytes: bytes))
        whole.scan()
        let starts: [LexerPosition?] = [nil] + whole.sink.starts
        var again: [String] = []
        for (index, start) in starts.enumerated() {
            var part = Lexer(bytes: bytes, file: "s.jp", sink: Recorder(bytes: bytes, stopsAtBoundary: true), readsHeaders: false)
            part.scan(from: start)
            again += part.sink.words
            // A part ends at the next boundary (the last part at the end of the text).
            #expect(part.sink.starts.count == (index < starts.count - 1 ? 1 : 0))
        }
        #expect(again == whole.sink.words)
        #expect(!again.isEmpty)
    }

    @Test("a header's value is read only in the whole reading, and a chords= warning is given once")
    func headersReadOnce() {
        let bytes = Array("chords=zz\n1 2\nNextPart\n3\n".utf8)
        var whole = Lexer(bytes: bytes, file: "s.jp", sink: Recorder(bytes: bytes))
        whole.scan()
        #expect(whole.diagnostics.count == 1)
        var part = Lexer(bytes: bytes, file: "s.jp", sink: Recorder(bytes: bytes, stopsAtBoundary: true), readsHeaders: false)
        part.scan()
        #expect(part.diagnostics.isEmpty)
        #expect(part.sink.words == ["2:1 1", "2:3 2", "3:1 nextPart"])
    }
}
