import Foundation
import JianpuCore
import Testing

@testable import JianpuInterchange

private let q = MIDITestFile.division

/// MIDI files whose melody starts on an upbeat: the bars are counted from its first strong beat.
@Suite("MIDI pickup")
struct MIDIPickupTests {
    typealias F = MIDITestFile

    /// A 4/4 file: an upbeat of `pickup` ticks (a note when it is not 0), then four bars of a half note and two
    /// quarters and a closing whole note, every bar starting `pickup` ticks after the file's bar line.
    static func file(pickup: Int, meter: Bool = true) -> [UInt8] {
        let conductor = F.track(meter ? [F.tempo(0, bpm: 100), F.meter(0, 4, 2)] : [F.tempo(0, bpm: 100)])
        var notes: [(tick: Int, bytes: [UInt8])] = pickup > 0 ? F.note(67, 0, pickup) : []
        for (bar, keys) in [[72, 76, 74], [72, 71, 69], [67, 69, 71], [72, 74, 76]].enumerated() {
            let start = pickup + bar * 4 * q
            notes += F.note(keys[0], start, 2 * q) + F.note(keys[1], start + 2 * q, q) + F.note(keys[2], start + 3 * q, q)
        }
        notes += F.note(72, pickup + 16 * q, 4 * q)
        return F.file(format: 1, tracks: [conductor, F.track(notes)])
    }

    @Test(
        "an upbeat makes a short first bar, and the note says so",
        arguments: [
            // The last bar is whole, so the pickup is a bar of its own meter (jianpu-ly takes `4/4,4` only when the last bar makes up for it).
            (q, WholeNotes(1, 4), "1 beat", "1/4"), (q / 2, WholeNotes(1, 8), "half a beat", "1/8"),
            (3 * q, WholeNotes(3, 4), "3 beats", "3/4"),
        ])
    func pickupIsAShortFirstBar(ticks: Int, length: WholeNotes, words: String, meterLine: String) throws {
        let score = try MIDIImport.score(from: Self.file(pickup: ticks), file: "p.mid")
        let part = try #require(score.parts.first)
        #expect(part.measures.map(\.length) == [length] + Array(repeating: WholeNotes.whole, count: 5))
        #expect(F.bars(part)[1] == ["72:1/2", "76:1/4", "74:1/4"])
        #expect(part.measures[0].meter == ImportedMeter(beats: 4, beatType: 4))
        #expect(score.warnings.map(\.message).contains("the music starts with a pickup of \(words): bars counted from there, where its strong notes fall"))
        let result = try #require(ScoreImporter.convert(Self.file(pickup: ticks), file: "p.mid").first)
        #expect(result.text.contains("\n\(meterLine)\n"), "\(result.text)")
    }

    @Test("music that starts on the downbeat keeps its bars from time 0", arguments: [true, false])
    func noPickupStaysUnshifted(withMeter: Bool) throws {
        let score = try MIDIImport.score(from: Self.file(pickup: 0, meter: withMeter), file: "p.mid")
        let part = try #require(score.parts.first)
        #expect(part.measures.map(\.length) == Array(repeating: WholeNotes.whole, count: 5))
        #expect(F.bars(part)[0] == ["72:1/2", "76:1/4", "74:1/4"])
        #expect(!score.warnings.contains { $0.message.contains("pickup") })
    }

    @Test("a file whose meter changes keeps the bars its meters make")
    func meterChangesAreKept() throws {
        let conductor = F.track([F.meter(0, 4, 2), F.meter(16 * q + q, 3, 2)])
        var notes: [(tick: Int, bytes: [UInt8])] = F.note(67, 0, q)
        for bar in 0..<4 { notes += F.note(72, q + bar * 4 * q, 2 * q) + F.note(74, 3 * q + bar * 4 * q, 2 * q) }
        notes += F.note(72, 17 * q, 3 * q)
        let score = try MIDIImport.score(from: F.file(format: 1, tracks: [conductor, F.track(notes)]), file: "p.mid")
        #expect(score.parts.first?.measures.first?.length == .whole)
        #expect(!score.warnings.contains { $0.message.contains("pickup") })
    }

    @Test(
        "the phase goes by metric weight: long notes and chords on the downbeat outweigh short notes",
        arguments: [
            (ImportedMeter(beats: 3, beatType: 4), WholeNotes(1, 4)), (ImportedMeter(beats: 6, beatType: 8), WholeNotes(1, 8)),
            (ImportedMeter(beats: 4, beatType: 4), WholeNotes(1, 2)),
        ])
    func phaseByWeight(meter: ImportedMeter, pickup: WholeNotes) {
        // Each bar: a long chord of three notes on its downbeat, two short notes after it.
        var chords: [(start: WholeNotes, end: WholeNotes, notes: Int)] = []
        let bar = meter.barLength
        for index in 0..<6 {
            let start = pickup + bar * WholeNotes(Int64(index), 1)
            let short = WholeNotes(1, Int64(meter.beatType))
            chords.append((start, start + bar - short * 2, 3))
            chords.append((start + bar - short * 2, start + bar - short, 1))
            chords.append((start + bar - short, start + bar, 1))
        }
        #expect(MIDIPickup.pickup(chords: chords, meter: meter) == pickup)
    }
}
