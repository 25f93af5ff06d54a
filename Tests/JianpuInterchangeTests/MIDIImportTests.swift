import Foundation
import JianpuCore
import JianpuInterchange
import JianpuNotation
import JianpuPerformance
import Subprocesses
import Testing

private let q = MIDITestFile.division

/// The Standard MIDI File reader: quantizing, bars, voices, tempo, meter and key, and hostile bytes.
@Suite("MIDI import")
struct MIDIImportTests {
    typealias F = MIDITestFile

    /// A type 1 file: a conductor (120, then 90 at bar 3; 4/4) and a flute playing quarters, an eighth-note
    /// triplet, a chord, and a note tied over the bar line.
    static let typeOne: [UInt8] = {
        let conductor = F.track([F.name("Song"), F.tempo(0, bpm: 120), F.meter(0, 4, 2), F.tempo(8 * q, bpm: 90)])
        var flute: [(tick: Int, bytes: [UInt8])] = [F.name("Flute"), (0, [0xC0, 73])]
        flute += F.note(60, 0, q) + F.note(62, q, q) + F.note(64, 2 * q, q)
        flute += F.note(67, 3 * q, q / 3) + F.note(69, 3 * q + q / 3, q / 3) + F.note(71, 3 * q + 2 * q / 3, q / 3)
        flute += F.note(72, 4 * q, 2 * q) + F.note(76, 4 * q, 2 * q) + F.note(67, 6 * q, 3 * q)
        return F.file(format: 1, tracks: [conductor, F.track(flute)])
    }()

    @Test("a type 1 file: quarters, a triplet, a chord and a note tied over the bar, bar by bar")
    func typeOneBars() throws {
        let score = try MIDIImport.score(from: Self.typeOne, file: "t.mid")
        #expect(score.title == "Song")
        #expect(score.parts.count == 1)
        let part = try #require(score.parts.first)
        #expect(part.name == "Flute" && part.midiProgram == 73)
        #expect(
            F.bars(part) == [
                ["60:1/4", "62:1/4", "64:1/4", "67:1/12", "69:1/12", "71:1/12"],
                ["72.76:1/2", "67:1/2~"],
                ["67:1/4", "z:3/4"],
            ])
        let triplet = part.measures[0].events[3...5].map(\.tuplet)
        #expect(
            triplet == [
                ImportedTuplet(actual: 3, normal: 2, isFirst: true), ImportedTuplet(actual: 3, normal: 2),
                ImportedTuplet(actual: 3, normal: 2, isLast: true),
            ])
        #expect(part.measures.map(\.length) == [.whole, .whole, .whole])
        #expect(part.measures[0].meter == ImportedMeter(beats: 4, beatType: 4))
        #expect(part.measures[0].tempo == ImportedTempo(beat: .quarter, beatsPerMinute: 120))
        #expect(part.measures[2].tempo == ImportedTempo(beat: .quarter, beatsPerMinute: 90))
    }

    @Test("a type 0 file is split by channel; drums on channel 10 are skipped with a warning")
    func typeZeroChannels() throws {
        var events: [(tick: Int, bytes: [UInt8])] = [F.name("All"), F.meter(0, 3, 2)]
        events += F.note(67, 0, q) + F.note(69, q, q) + F.note(71, 2 * q, q)
        events += F.note(43, 0, 3 * q, channel: 1) + F.note(36, 0, q, channel: 9)
        let score = try MIDIImport.score(from: F.file(format: 0, tracks: [F.track(events)]), file: "t.mid")
        #expect(score.parts.map(\.name) == ["All (channel 1)", "All (channel 2)"])
        #expect(score.parts.map(F.bars) == [[["67:1/4", "69:1/4", "71:1/4"]], [["43:3/4"]]])
        #expect(score.warnings.contains { $0.message.contains("drums") })
    }

    @Test("a short first meter before the real one is a pickup; meter changes are bars of their own meter")
    func pickupAndMeterChanges() throws {
        let conductor = F.track([F.meter(0, 1, 2), F.meter(q, 3, 2), F.meter(7 * q, 2, 2)])
        let melody = F.track(F.note(67, 0, q) + F.note(72, q, 3 * q) + F.note(74, 4 * q, 3 * q) + F.note(76, 7 * q, 2 * q))
        let part = try #require(MIDIImport.score(from: F.file(format: 1, tracks: [conductor, melody]), file: "t.mid").parts.first)
        #expect(part.measures.map(\.length) == [WholeNotes(1, 4), WholeNotes(3, 4), WholeNotes(3, 4), WholeNotes(1, 2)])
        #expect(part.measures.map(\.meter) == [ImportedMeter(beats: 3, beatType: 4), nil, nil, ImportedMeter(beats: 2, beatType: 4)])
        #expect(F.bars(part) == [["67:1/4"], ["72:3/4"], ["74:3/4"], ["76:1/2"]])
    }

    @Test("played timing snaps to the simplest grid: dotted rhythms, sixteenths and late or early onsets")
    func quantizing() throws {
        let notes =
            F.note(60, 3, 717) + F.note(62, 722, 236) + F.note(64, 957, 124) + F.note(65, 1083, 118)
            + F.note(67, 1198, 240) + F.note(69, 1440, 470)
        let part = try #require(MIDIImport.score(from: F.file(format: 0, tracks: [F.track(notes)]), file: "t.mid").parts.first)
        #expect(F.bars(part) == [["60:3/8", "62:1/8", "64:1/16", "65:1/16", "67:1/8", "69:1/4"]])
        #expect(part.measures[0].events.allSatisfy { $0.tuplet == nil })
    }

    @Test("notes that start and end together are a chord; an overlapping note makes a second voice")
    func chordsAndVoices() throws {
        let notes = [F.name("Piano")] + F.note(60, 0, 4 * q) + F.note(64, q, q) + F.note(67, q, q) + F.note(65, 2 * q, 2 * q)
        let score = try MIDIImport.score(from: F.file(format: 0, tracks: [F.track(notes)]), file: "t.mid")
        #expect(score.parts.map(\.name) == ["Piano (channel 1)", "Piano (channel 1), voice 2"])
        #expect(score.parts.map(F.bars) == [[["60:1"]], [["z:1/4", "64.67:1/4", "65:1/2"]]])
    }

    @Test("a key signature event gives the key; --melody keeps one track")
    func keySignatureAndMelodyTrack() throws {
        let conductor = F.track([F.meta(0, 0x59, [0xFE, 1])])  // two flats, minor: G minor
        let first = F.track([F.name("Voice")] + F.note(67, 0, 4 * q))
        let second = F.track([F.name("Bass")] + F.note(43, 0, 4 * q, channel: 1))
        let bytes = F.file(format: 1, tracks: [conductor, first, second])
        let all = try MIDIImport.score(from: bytes, file: "t.mid")
        #expect(all.parts.map(\.name) == ["Voice", "Bass"])
        #expect(all.parts.allSatisfy { $0.measures[0].key == ImportedKey(fifths: -2, isMinor: true) })
        let melody = try MIDIImport.score(from: bytes, file: "t.mid", melodyTrack: 2)
        #expect(melody.parts.map(\.name) == ["Bass"])
        #expect(throws: ImportError.self) { try MIDIImport.score(from: bytes, file: "t.mid", melodyTrack: 7) }
    }

    @Test(
        "without a key signature the key is found from the pitches (Krumhansl-Schmuckler)",
        arguments: [
            ([62, 64, 66, 67, 69, 71, 73, 74], 2, false), ([69, 71, 72, 74, 76, 77, 80, 81], 0, true),
            ([63, 65, 67, 68, 70, 72, 74, 75], -3, false), ([60, 62, 64, 65, 67, 69, 71, 72], 0, false),
        ])
    func keyFinding(scale: [Int], fifths: Int, isMinor: Bool) throws {
        // The tonic first and last, held longer: a scale that says its key.
        var events: [(tick: Int, bytes: [UInt8])] = []
        var tick = 0
        for (index, key) in scale.enumerated() {
            let length = index == 0 || index == scale.count - 1 ? 2 * q : q
            events += F.note(key, tick, length)
            tick += length
        }
        let part = try #require(MIDIImport.score(from: F.file(format: 0, tracks: [F.track(events)]), file: "t.mid").parts.first)
        #expect(part.measures[0].key == ImportedKey(fifths: fifths, isMinor: isMinor))
    }

    @Test("lyric events become syllables on their notes, a trailing hyphen joining the next")
    func lyrics() throws {
        let events =
            F.note(60, 0, q) + F.note(62, q, q) + F.note(64, 2 * q, 2 * q) + [F.meta(0, 0x05, Array("Hel-".utf8)), F.meta(q, 0x05, Array("lo".utf8)), F.meta(2 * q, 0x05, Array("world".utf8))]
        let part = try #require(MIDIImport.score(from: F.file(format: 0, tracks: [F.track(events)]), file: "t.mid").parts.first)
        #expect(
            part.measures[0].events.map { $0.lyrics.first ?? nil } == [
                ImportedSyllable(text: "Hel", joining: .begin), ImportedSyllable(text: "lo", joining: .end), ImportedSyllable(text: "world"),
            ])
    }

    static let hostile: [(String, [UInt8])] = {
        let header = Array("MThd".utf8) + F.bigEndian(6, 4) + F.bigEndian(1, 2) + F.bigEndian(1, 2) + F.bigEndian(480, 2)
        func withTrack(_ body: [UInt8], length: Int? = nil) -> [UInt8] { header + Array("MTrk".utf8) + F.bigEndian(length ?? body.count, 4) + body }
        return [
            ("empty", []),
            ("not a MIDI file", Array("RIFF....WAVEfmt ".utf8)),
            ("header cut short", Array(header.prefix(12))),
            ("header length past the end", Array("MThd".utf8) + F.bigEndian(0x7FFF_FFFF, 4) + [0, 1, 0, 1, 1, 0xE0]),
            ("type 2", Array("MThd".utf8) + F.bigEndian(6, 4) + [0, 2, 0, 1, 1, 0xE0]),
            ("zero division", Array("MThd".utf8) + F.bigEndian(6, 4) + [0, 1, 0, 1, 0, 0]),
            ("chunk longer than the file", withTrack([0, 0x90, 60, 90], length: 1_000_000)),
            ("chunk header cut short", header + Array("MTr".utf8)),
            ("running status with no status", withTrack([0, 60, 90])),
            ("variable-length number of five bytes", withTrack([0x81, 0x81, 0x81, 0x81, 0x01, 0x90, 60, 90])),
            ("delta time cut short", withTrack([0x81])),
            ("meta length past the end", withTrack([0, 0xFF, 0x03, 0x7F, 65, 66])),
            ("meta length huge", withTrack([0, 0xFF, 0x01, 0x8F, 0xFF, 0xFF, 0x7F])),
            ("note-on cut short", withTrack([0, 0x90, 60])),
            ("system-common status", withTrack([0, 0xF4, 1])),
            ("data byte with the high bit", withTrack([0, 0x90, 0x80, 90])),
            ("sysex past the end", withTrack([0, 0xF0, 0x7F, 1])),
            ("zero tempo", withTrack([0, 0xFF, 0x51, 3, 0, 0, 0])),
            ("a note far beyond any bar", withTrack([0xFF, 0xFF, 0xFF, 0x7F, 0x90, 60, 90, 0x10, 0x80, 60, 0])),
            ("no notes", withTrack([0, 0xFF, 0x2F, 0])),
        ]
    }()

    @Test("hostile bytes are refused with an error at a byte offset, never a crash", arguments: hostile)
    func hostileBytes(label: String, bytes: [UInt8]) {
        #expect(throws: ImportError.self, "\(label)") { try MIDIImport.score(from: bytes, file: "bad.mid") }
        do {
            _ = try MIDIImport.score(from: bytes, file: "bad.mid")
        } catch {
            #expect(error.place.hasPrefix("byte ") || error.message.contains("no notes"), "\(label): \(error)")
            #expect(error.file == "bad.mid")
        }
    }

    @Test("every byte of a file cut short anywhere is an error or a score whose text reads back clean, never a crash")
    func truncatedAnywhere() {
        var scores = 0
        for length in 0..<Self.typeOne.count {
            do throws(ImportError) {
                let score = try MIDIImport.score(from: Array(Self.typeOne.prefix(length)), file: "cut.mid")
                Self.expectReadableText(score)
                scores += 1
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
        #expect(scores < Self.typeOne.count, "a file cut before its first track is an error")
    }

    /// What the import writes of a score is jianpu text the parser reads without an error.
    static func expectReadableText(_ score: ImportedScore, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = JianpuTextWriter.write(score).text
        let errors = ScoreParser.parse(text, file: "imported.jp").diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.prefix(3)) in\n\(text.prefix(400))", sourceLocation: sourceLocation)
    }

    @Test("bytes changed at random are an error or a score whose text reads back clean, never a crash")
    func mutatedBytes() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var errors = 0
        for _ in 0..<400 {
            var bytes = Self.typeOne
            for _ in 0...(next() % 4) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
            do { Self.expectReadableText(try MIDIImport.score(from: bytes, file: "fuzz.mid")) } catch { errors += 1 }
        }
        #expect(errors > 0)
    }

    @Test("a score exported by JianpuCore's MIDI writer imports to the same notes, onsets and lengths")
    func roundTripThroughTheWriter() throws {
        let text = "title=Round\n1=G\n3/4\n4=84\n1 3[ q2 q3 q4 ] 5 | 135 - q6 q7 | 1' - 0 |\nNextPart\n1, - - | 5, - - | 1, - - |"
        let (score, diagnostics) = ScoreParser.parse(text, file: "r.jp")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
        let timeline = Flattener.timeline(of: try #require(score.movements.first))
        let imported = try MIDIImport.score(from: StandardMIDIFile.data(for: timeline), file: "r.mid")
        #expect(imported.parts.count == 2)
        for (index, part) in imported.parts.enumerated() {
            let expected = timeline.notes.filter { $0.part == index }.map { "\($0.pitch.midiNumber)@\($0.onset)+\($0.duration)" }.sorted()
            let got = F.notes(part).map { "\($0.key)@\($0.onset)+\($0.length)" }.sorted()
            #expect(got == expected)
        }
        #expect(imported.parts[0].measures[0].key == ImportedKey(fifths: 1))
        #expect(imported.parts[0].measures[0].meter == ImportedMeter(beats: 3, beatType: 4))
        #expect(imported.parts[0].measures[0].tempo == ImportedTempo(beat: .quarter, beatsPerMinute: 84))
    }

    static var midoAvailable: Bool { (try? Subprocess.run("/usr/bin/env", ["python3", "-c", "import mido"]))?.status == 0 }

    @Test("mido, an independent reader, finds the same note onsets and keys as the import", .enabled(if: Prerequisite.met(midoAvailable)))
    func midoAgrees() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("interchange-\(UInt64.random(in: 0...UInt64.max)).mid")
        try Data(Self.typeOne).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let script = """
            import mido, sys
            f = mido.MidiFile(sys.argv[1])
            for t in f.tracks:
                now = 0
                for m in t:
                    now += m.time
                    if m.type == 'note_on' and m.velocity > 0:
                        print(m.note, now)
            """
        let run = try Subprocess.run("/usr/bin/env", ["python3", "-c", script, url.path])
        #expect(run.status == 0)
        let fromMido = run.output.split(separator: "\n").map(String.init).sorted()
        let part = try #require(MIDIImport.score(from: Self.typeOne, file: "t.mid").parts.first)
        let ours = F.notes(part).map { note -> String in
            let ticks = note.onset * WholeNotes(Int64(4 * q))
            return "\(note.key) \(ticks.numerator / ticks.denominator)"
        }.sorted()
        #expect(ours == fromMido)
        #expect(fromMido.count == 9)
    }
}
