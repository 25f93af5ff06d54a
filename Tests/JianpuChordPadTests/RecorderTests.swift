import Foundation
import JianpuCore
import Subprocesses
import Testing

@testable import JianpuChordPad

/// A tiny Standard MIDI File reader: note events with absolute ticks, per track.
struct SMFReader {
    struct Note: Equatable { var track: Int; var tick: Int; var on: Bool; var channel: UInt8; var key: UInt8 }
    var format = 0, division = 0
    var notes: [Note] = []
    var tempos: [Int] = []
    var programs: [(channel: UInt8, program: UInt8, tick: Int)] = []

    init(_ bytes: [UInt8]) throws {
        struct Bad: Error {}
        func be(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        guard bytes.count >= 14, Array(bytes[0..<4]) == Array("MThd".utf8) else { throw Bad() }
        format = be(8, 2)
        let tracks = be(10, 2)
        division = be(12, 2)
        var offset = 14
        for track in 0..<tracks {
            guard Array(bytes[offset..<(offset + 4)]) == Array("MTrk".utf8) else { throw Bad() }
            let length = be(offset + 4, 4)
            var at = offset + 8
            let end = at + length
            var tick = 0
            var status: UInt8 = 0
            func varLength() -> Int {
                var value = 0
                while true { let byte = bytes[at]; at += 1; value = value << 7 | Int(byte & 0x7F); if byte < 0x80 { return value } }
            }
            while at < end {
                tick += varLength()
                var byte = bytes[at]
                if byte == 0xFF {
                    let type = bytes[at + 1]; at += 2
                    let size = varLength()
                    if type == 0x51 { tempos.append(be(at, 3)) }
                    at += size
                    continue
                }
                if byte >= 0x80 { status = byte; at += 1 } else { byte = status }
                let kind = status & 0xF0, channel = status & 0x0F
                switch kind {
                case 0x80, 0x90:
                    let key = bytes[at], velocity = bytes[at + 1]; at += 2
                    notes.append(Note(track: track, tick: tick, on: kind == 0x90 && velocity > 0, channel: channel, key: key))
                case 0xC0: programs.append((channel, bytes[at], tick)); at += 1
                case 0xD0: at += 1
                default: at += 2
                }
            }
            offset = end
        }
    }
}

@Suite("Performance recorder")
struct RecorderTests {
    @Test("a take becomes a Standard MIDI File with real timing at 120 bpm")
    func take() throws {
        var pad = dMajorPad()
        var recorder = PerformanceRecorder()
        recorder.start(at: 100)
        recorder.record(pad.initialCommands, at: 100)
        recorder.record(pad.handle(press("1"), at: 100.5), at: 100.5)  // D chord at 0.5 s
        recorder.record(pad.handle(press("z"), at: 101.0), at: 101.0)  // melody D4 at 1 s
        recorder.record(pad.handle(release("z"), at: 101.25), at: 101.25)
        recorder.record(pad.handle(press("5"), at: 102.0), at: 102.0)  // A chord at 2 s
        recorder.record(pad.handle(controlC, at: 103.0), at: 103.0)
        let bytes = recorder.midiFile(endingAt: 103.0)
        let file = try SMFReader(bytes)
        #expect(file.format == 1)
        #expect(file.division == 384)
        #expect(file.tempos == [500_000])
        // 1 s at 120 bpm = 2 quarters = 768 ticks.
        let melody = file.notes.filter { $0.channel == 0 }
        #expect(
            melody == [
                SMFReader.Note(track: 1, tick: 768, on: true, channel: 0, key: 62),
                SMFReader.Note(track: 1, tick: 960, on: false, channel: 0, key: 62),
            ])
        let chordOns = file.notes.filter { $0.channel == 1 && $0.on }
        #expect(chordOns.filter { $0.tick == 384 }.map(\.key).sorted() == [50, 54, 57, 62])
        #expect(chordOns.filter { $0.tick == 1536 }.map(\.key).sorted() == [57, 61, 64, 69])
        let dOffs = file.notes.filter { $0.channel == 1 && !$0.on && [50, 54, 62].contains($0.key) }
        #expect(dOffs.allSatisfy { $0.tick == 1536 })
        let aOffs = file.notes.filter { $0.channel == 1 && !$0.on && [61, 64, 69].contains($0.key) }
        #expect(aOffs.count == 3 && aOffs.allSatisfy { $0.tick == 2304 })
        #expect(file.programs.contains { $0.channel == 1 && $0.program == 24 })
    }

    @Test("an instrument changed during the take is changed in the file at that moment")
    func programChangeDuringTheTake() throws {
        var pad = dMajorPad()
        var recorder = PerformanceRecorder()
        recorder.start(at: 0)
        recorder.record(pad.initialCommands, at: 0)
        recorder.record(pad.handle(press("1"), at: 0.5), at: 0.5)  // D chord on the first program
        recorder.record(pad.handle(press("0"), at: 1.0), at: 1.0)  // the chord program one up
        recorder.record(pad.handle(press("5"), at: 1.0), at: 1.0)  // A chord on it
        recorder.record(pad.handle(controlC, at: 2.0), at: 2.0)
        let file = try SMFReader(recorder.midiFile(endingAt: 2.0))
        let chordPrograms = file.programs.filter { $0.channel == 1 }
        #expect(chordPrograms.map(\.program) == [24, 25])
        #expect(chordPrograms.map(\.tick) == [0, 768])
        #expect(file.programs.filter { $0.channel == 0 }.count == 1)
    }

    @Test("millisecond precision")
    func precision() {
        #expect(PerformanceRecorder.position(seconds: 1.2345) == WholeNotes(1235, 2000))
        #expect(PerformanceRecorder.position(seconds: 2) == WholeNotes(1))
    }

    @Test("mido reads the file back, when it is installed", .enabled(if: Prerequisite.met(ProcessRunner.pythonHasMido)))
    func mido() throws {
        var pad = dMajorPad()
        var recorder = PerformanceRecorder()
        recorder.start(at: 0)
        recorder.record(pad.handle(press("6"), at: 0.25), at: 0.25)
        recorder.record(pad.handle(release("6"), at: 1.25), at: 1.25)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chordpad-\(UUID().uuidString).mid").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(recorder.midiFile()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = "import mido,sys\nm=mido.MidiFile(sys.argv[1])\nt=0\nfor x in m:\n  t+=x.time\n  if x.type=='note_on' and x.velocity>0: print(round(t,3), x.note)"
        let output = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, path])
        #expect(output.split(separator: "\n").map(String.init) == ["0.25 59", "0.25 62", "0.25 66", "0.25 71"])
    }
}

enum ProcessRunner {
    /// Runs a program to its end: what it wrote to standard output and error.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let run = try Subprocess.run(executable, arguments)
        return run.output + run.errors
    }

    static let pythonHasMido = (try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import mido"]).status) == 0
}

@Suite("Take outputs")
struct TakeOutputsTests {
    @Test("--record a pipe nobody reads is refused before the performance; one with a reader is held open and gets the take")
    func recordIntoAPipe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-takes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("r.mid").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: ChordPadError.self) { try TakeOutputs(out: nil, record: pipe) }
        // A reader first (opened without waiting for a writer), then the take: written into the pipe at the end.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let outputs = try TakeOutputs(out: nil, record: pipe)
        let file = try #require(outputs.record)
        var recorder = PerformanceRecorder(melodyChannel: 0, chordChannel: 1)
        recorder.start(at: 0)
        let saved = TakeOutputs.save(recorder, to: file, stream: outputs.recordStream, endingAt: 1, seconds: 1)
        guard case .success = saved else { Issue.record("\(saved)"); return }
        var bytes = [UInt8](repeating: 0, count: 4)
        #expect(read(reader, &bytes, 4) == 4)
        #expect(bytes == Array("MThd".utf8))
    }
}
