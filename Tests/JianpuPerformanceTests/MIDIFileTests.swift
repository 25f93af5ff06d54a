import Foundation
import Subprocesses
import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

@Suite("Standard MIDI File")
struct MIDIFileTests {
    static func file(_ text: String) -> [UInt8] { StandardMIDIFile.data(for: T.timeline(text)) }

    @Test("the header is MThd, length 6, format 1, one track per part plus the conductor, 384 ticks a quarter")
    func header() throws {
        let bytes = Self.file("1 1 1 1\nNextPart\n5 5 5 5\nNextPart\n3 3 3 3")
        #expect(Array(bytes[0..<14]) == Array("MThd".utf8) + [0, 0, 0, 6, 0, 1, 0, 4, 0x01, 0x80])
        let reader = try SMFReader(bytes)
        #expect(reader.format == 1)
        #expect(reader.trackCount == 4)
        #expect(reader.tracks.count == 4)
        #expect(reader.division == 384)
    }

    @Test("the conductor track holds the title, time signature, key signature and tempo")
    func conductorTrack() throws {
        let reader = try SMFReader(Self.file("title=Song\n1=D\n3/4\n4=100\n1 1 1"))
        let conductor = reader.tracks[0].events.map(\.bytes)
        #expect(conductor.contains([0xFF, 0x03] + Array("Song".utf8)))
        #expect(conductor.contains([0xFF, 0x58, 3, 2, 24, 8]))
        #expect(conductor.contains([0xFF, 0x59, 2, 0]))
        // 60e6 / 100 = 600000 = 0x0927C0
        #expect(conductor.contains([0xFF, 0x51, 0x09, 0x27, 0xC0]))
        #expect(reader.tracks[0].events.allSatisfy { $0.bytes[0] == 0xFF })
    }

    @Test(
        "key signatures: flats are negative, minor keys set the mode byte",
        arguments: [
            ("1=Bb", [UInt8(0xFE), 0]), ("6=E", [1, 1]), ("1=C", [0, 0]), ("6=C", [0xFD, 1]),
        ])
    func keySignature(key: String, body: [UInt8]) throws {
        let reader = try SMFReader(Self.file("\(key) 1 1 1 1"))
        #expect(reader.metas(0x59).map(\.body) == [body])
    }

    @Test("tempo changes appear at their ticks with 60e6/bpm microseconds; the default is 84")
    func tempoEvents() throws {
        let reader = try SMFReader(Self.file("1 1 1 1 | 4.=60 1 1 1 1"))
        let tempos = reader.metas(0x51)
        #expect(tempos.map(\.tick) == [0, 1536])
        #expect(tempos.map { $0.body.reduce(0) { $0 << 8 | Int($1) } } == [714_285, 666_666])
    }

    @Test(
        "variable-length quantities encode as the SMF specification shows",
        arguments: [
            (0, [UInt8(0x00)]), (127, [0x7F]), (128, [0x81, 0x00]), (16383, [0xFF, 0x7F]), (16384, [0x81, 0x80, 0x00]),
            (0x0FFF_FFFF, [0xFF, 0xFF, 0xFF, 0x7F]), (-5, [0x00]), (Int.max, [0xFF, 0xFF, 0xFF, 0x7F]),
        ])
    func variableLength(value: Int, bytes: [UInt8]) throws {
        #expect(StandardMIDIFile.variableLength(value) == bytes)
        var index = 0
        if value >= 0 && value <= 0x0FFF_FFFF { #expect(try SMFReader.vlq(bytes, &index) == value) }
    }

    @Test(
        "ticks are floor(position × 1536)",
        arguments: [
            (WholeNotes(1, 4), 384), (WholeNotes(1, 3), 512), (WholeNotes(1, 7), 219), (WholeNotes(11, 768), 22), (WholeNotes(-1, 7), -220),
            (WholeNotes(3, 4096), 1), (WholeNotes(-3, 4096), -2), (WholeNotes(7, 2), 5376), (WholeNotes(0), 0),
        ])
    func ticks(position: WholeNotes, ticks: Int) {
        #expect(StandardMIDIFile.ticks(position) == ticks)
    }

    @Test("a program change within a part is written at its tick, before the notes there; movements in turn move it")
    func programChanges() throws {
        var first = T.timeline("4/4\n1 2 3 4 | 5 6 7 1' |")
        first.programChanges = [ProgramChange(position: WholeNotes(1), part: 0, program: 40)]
        let timeline = Timeline.concatenating([first, first])
        #expect(timeline.programChanges.map(\.position) == [WholeNotes(1), WholeNotes(3)])
        let track = try SMFReader(StandardMIDIFile.data(for: timeline)).tracks[1].events
        let changes = track.enumerated().filter { $0.element.bytes.first == 0xC0 }
        // The part names no instrument, so only the changes are written.
        #expect(changes.map(\.element.tick) == [1536, 4608])
        #expect(changes.map { $0.element.bytes.last } == [40, 40])
        // At 1536 the change comes first, then the note-off of 1 and the note-on of 5.
        let atBar2 = track.filter { $0.tick == 1536 }.map { $0.bytes[0] & 0xF0 }
        #expect(atBar2 == [0xC0, 0x80, 0x90])
    }

    @Test("repeated notes: the note-off comes before the next note-on at the same tick")
    func noteOffBeforeNoteOn() throws {
        let reader = try SMFReader(Self.file("1 1 1 1"))
        let events = reader.tracks[1].events.filter { $0.bytes[0] & 0xF0 == 0x80 || $0.bytes[0] & 0xF0 == 0x90 }
        #expect(events.map { $0.bytes[0] } == [0x90, 0x80, 0x90, 0x80, 0x90, 0x80, 0x90, 0x80])
        #expect(events.map(\.tick) == [0, 384, 384, 768, 768, 1152, 1152, 1536])
    }

    @Test("a chord's note-offs at one tick come in the order its notes were written, before the next note-on")
    func chordNoteOffs() throws {
        let reader = try SMFReader(Self.file("135 - 1 1"))
        let events = reader.tracks[1].events.filter { $0.bytes[0] & 0xF0 == 0x80 || $0.bytes[0] & 0xF0 == 0x90 }
        #expect(events.map { $0.bytes[0] } == [0x90, 0x90, 0x90, 0x80, 0x80, 0x80, 0x90, 0x80, 0x90, 0x80])
        #expect(events.map { Int($0.bytes[1]) } == [60, 64, 67, 60, 64, 67, 60, 60, 60, 60])
        #expect(events.map(\.tick) == [0, 0, 0, 768, 768, 768, 768, 1152, 1152, 1536])
    }

    @Test("a known instrument adds a program change on the part's channel; part names become track names")
    func programChange() throws {
        let reader = try SMFReader(Self.file("1 1 1 1\nNextPart\ninstrument=Flute\n5 5 5 5"))
        #expect(!reader.tracks[1].events.contains { $0.bytes[0] & 0xF0 == 0xC0 })
        #expect(reader.tracks[2].events.contains { $0.bytes == [0xC1, 73] })
        #expect(reader.tracks[2].events.contains { $0.bytes == [0xFF, 0x03] + Array("Flute".utf8) })
        #expect(reader.notes.map(\.channel) == [0, 0, 0, 0, 1, 1, 1, 1])
    }

    @Test("notes keep their pitch, velocity and tick span")
    func noteEvents() throws {
        let reader = try SMFReader(Self.file("\\f 1 3[ q2 q3 q4 ] 5. q6"))
        #expect(reader.notes.map(\.key) == [60, 62, 64, 65, 67, 69])
        #expect(reader.notes.map(\.velocity).allSatisfy { $0 == 105 })
        #expect(reader.notes.map(\.tick) == [0, 384, 512, 640, 768, 1344])
        #expect(reader.notes.map { $0.endTick - $0.tick } == [384, 128, 128, 128, 576, 192])
    }

    @Test("every track ends with an end-of-track at the end of the music")
    func endOfTrack() throws {
        let reader = try SMFReader(Self.file("1 1 1 1 | 0 0 0 0"))
        for track in reader.tracks {
            #expect(track.events.last.map { ($0.tick, $0.bytes) } ?? (0, []) == (3072, [0xFF, 0x2F]))
        }
    }

    static var midoAvailable: Bool { run(["python3", "-c", "import mido"]) != nil }

    /// Runs a command, returning its standard output when it exits with 0.
    static func run(_ arguments: [String]) -> String? {
        guard let run = try? Subprocess.run("/usr/bin/env", arguments), run.status == 0 else { return nil }
        return run.output
    }

    @Test("an independent reader (mido) reads back the same notes", .enabled(if: Prerequisite.met(midoAvailable)))
    func midoReadsBack() throws {
        let text = "title=Round trip\n1=G\n3/4\n4=72\n1 3[ q2 q3 q4 ] 5 | 135 - 0 |\nNextPart\ninstrument=Cello\n1, - - | 5, - - |"
        let timeline = T.timeline(text)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-core-test-\(UInt64.random(in: 0...UInt64.max)).mid")
        try Data(StandardMIDIFile.data(for: timeline)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let script = """
            import mido, sys
            f = mido.MidiFile(sys.argv[1])
            print(f.type, f.ticks_per_beat, len(f.tracks))
            for i, t in enumerate(f.tracks):
                now = 0
                for m in t:
                    now += m.time
                    if m.type == 'note_on' and m.velocity > 0:
                        print(i, now, m.channel, m.note)
            """
        let output = try #require(Self.run(["python3", "-c", script, url.path]))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "1 384 3")
        let expected = timeline.notes.map { "\($0.part + 1) \(StandardMIDIFile.ticks($0.onset)) \($0.part) \($0.pitch.midiNumber)" }
        #expect(lines.dropFirst().sorted() == expected.sorted())
        #expect(expected.count == 10)
    }

    @Test("mido reads a name on every part track, its instrument or its part, and the title on the first track", .enabled(if: Prerequisite.met(midoAvailable)))
    func midoReadsTrackNames() throws {
        let text = "title=Names\n1 2 3 4\nNextPart\ninstrument=Cello\n1, - - -\nNextPart\n5, - - -"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jianpu-core-names-\(UInt64.random(in: 0...UInt64.max)).mid")
        try Data(StandardMIDIFile.data(for: T.timeline(text))).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let script = """
            import mido, sys
            for t in mido.MidiFile(sys.argv[1]).tracks:
                print([m.name for m in t if m.type == 'track_name'])
            """
        let output = try #require(Self.run(["python3", "-c", script, url.path]))
        #expect(output == "['Names']\n['Melody']\n['Cello']\n['Accompaniment 2']\n")
    }

    @Test(
        "instrument= takes LilyPond's MIDI names and General MIDI's in any case and spacing, and program numbers",
        arguments: [
            ("acoustic grand", 0), ("Acoustic Grand", 0), ("AcousticGrand", 0), ("synthstrings 1", 50), ("Synth Strings 1", 50),
            ("honky-tonk", 3), ("distorted guitar", 30), ("Distortion Guitar", 30), ("lead 8 (bass+lead)", 87), ("clav", 7),
            ("Flute", 73), ("73", 73), ("0", 0), ("erhu", 110),
        ])
    func instrumentNames(name: String, program: Int) {
        #expect(GeneralMIDI.program(named: name) == UInt8(program))
        #expect(T.timeline("instrument=\(name)\n1 1 1 1").parts.first?.program == UInt8(program))
        #expect(T.warnings("instrument=\(name)\n1 1 1 1").isEmpty)
    }

    @Test("an unknown instrument is a warning at its line naming the nearest names, and plays as a piano")
    func unknownInstrument() {
        let warnings = T.warnings("title=X\ninstrument=Fluet\n1 1 1 1").map(\.description)
        #expect(warnings == ["t.jp:2:1: warning: unknown instrument 'Fluet': it plays as a piano; the nearest MIDI instrument names are 'flute', 'clav', 'trumpet'"])
        #expect(T.timeline("instrument=Fluet\n1 1 1 1").parts.first?.program == nil)
    }
}
