import Foundation
import Testing

@testable import JianpuCore
@testable import JianpuNotation
@testable import JianpuPerformance

/// Shared helpers for the core tests: parsing shortcuts, a compact note notation, a seeded RNG, an SMF reader.
enum T {
    static let file = "t.jp"

    static func parse(_ text: String) -> (score: Score, diagnostics: [Diagnostic]) {
        ScoreParser.parse(text, file: file)
    }

    static func errors(_ text: String) -> [Diagnostic] { parse(text).diagnostics.filter { $0.severity == .error } }
    static func warnings(_ text: String) -> [Diagnostic] { parse(text).diagnostics.filter { $0.severity == .warning } }

    /// The timeline of the first movement.
    static func timeline(_ text: String) -> Timeline {
        let (score, _) = parse(text)
        guard let movement = score.movements.first else { return Timeline(parts: [], notes: [], tempoMap: TempoMap([]), length: .zero) }
        return Flattener.timeline(of: movement)
    }

    /// Notes as `midi@onset+duration`, both counted in quarter notes as exact fractions, e.g. `60@0+1 62@1+1/3`.
    static func played(_ text: String, part: Int? = nil) -> String {
        render(timeline(text).notes.filter { part == nil || $0.part == part! })
    }

    static func render(_ notes: [TimedNote]) -> String {
        notes.map { "\($0.pitch.midiNumber)@\($0.onset * 4)+\($0.duration * 4)" }.joined(separator: " ")
    }

    static func pitches(_ text: String) -> [Int] { timeline(text).notes.map(\.pitch.midiNumber) }

    static func w(_ n: Int64, _ d: Int64 = 1) -> WholeNotes { WholeNotes(n, d) }

    /// The folder of this test target, found from this file's path.
    static func testsFolder(_ path: String = #filePath) -> URL {
        URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    static var packageRoot: URL { testsFolder().deletingLastPathComponent().deletingLastPathComponent() }
}

/// SplitMix64: a tiny seeded generator, so every random test is reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A minimal Standard MIDI File reader, independent of the writer, for round-trip checks.
struct SMFReader {
    struct NoteEvent: Equatable { var tick: Int; var channel: Int; var key: Int; var velocity: Int; var endTick: Int }
    struct Track { var events: [(tick: Int, bytes: [UInt8])] = [] }
    enum Failure: Error { case malformed(String) }

    var format = 0, trackCount = 0, division = 0
    var tracks: [Track] = []

    init(_ data: [UInt8]) throws {
        var i = 0
        func u(_ n: Int) throws -> Int {
            guard i + n <= data.count else { throw Failure.malformed("truncated at \(i)") }
            var v = 0
            for _ in 0..<n { v = v << 8 | Int(data[i]); i += 1 }
            return v
        }
        func tag() throws -> String {
            guard i + 4 <= data.count else { throw Failure.malformed("truncated tag") }
            defer { i += 4 }
            return String(decoding: data[i..<i + 4], as: UTF8.self)
        }
        guard try tag() == "MThd", try u(4) == 6 else { throw Failure.malformed("header") }
        format = try u(2); trackCount = try u(2); division = try u(2)
        while i < data.count {
            guard try tag() == "MTrk" else { throw Failure.malformed("track tag") }
            let length = try u(4)
            let end = i + length
            guard end <= data.count else { throw Failure.malformed("track length") }
            var track = Track(), tick = 0, status: UInt8 = 0
            while i < end {
                tick += try Self.vlq(data, &i)
                let byte = data[i]
                if byte >= 0x80 { status = byte; i += 1 }
                switch status {
                case 0xFF:
                    let type = data[i]; i += 1
                    let n = try Self.vlq(data, &i)
                    track.events.append((tick, [0xFF, type] + Array(data[i..<i + n]))); i += n
                case 0xF0, 0xF7:
                    let n = try Self.vlq(data, &i); i += n
                default:
                    let count = (status & 0xF0 == 0xC0 || status & 0xF0 == 0xD0) ? 1 : 2
                    track.events.append((tick, [status] + Array(data[i..<i + count]))); i += count
                }
            }
            tracks.append(track)
        }
    }

    static func vlq(_ data: [UInt8], _ i: inout Int) throws -> Int {
        var value = 0
        for _ in 0..<4 {
            guard i < data.count else { throw Failure.malformed("vlq") }
            let b = data[i]; i += 1
            value = value << 7 | Int(b & 0x7F)
            if b & 0x80 == 0 { return value }
        }
        throw Failure.malformed("vlq too long")
    }

    /// Note-ons paired with their note-offs, in file order, over all tracks.
    var notes: [NoteEvent] {
        var result: [NoteEvent] = []
        for track in tracks {
            var open: [Int: [Int]] = [:]
            for (tick, b) in track.events {
                let kind = b[0] & 0xF0, key = Int(b.count > 1 ? b[1] : 0), channel = Int(b[0] & 0x0F)
                if kind == 0x90, b[2] > 0 {
                    open[channel << 8 | key, default: []].append(result.count)
                    result.append(NoteEvent(tick: tick, channel: channel, key: key, velocity: Int(b[2]), endTick: -1))
                } else if kind == 0x80 || (kind == 0x90 && b[2] == 0) {
                    if var list = open[channel << 8 | key], !list.isEmpty {
                        result[list.removeFirst()].endTick = tick
                        open[channel << 8 | key] = list
                    }
                }
            }
        }
        return result
    }

    func metas(_ type: UInt8) -> [(tick: Int, body: [UInt8])] {
        tracks.flatMap { $0.events.filter { $0.bytes.count >= 2 && $0.bytes[0] == 0xFF && $0.bytes[1] == type }.map { ($0.tick, Array($0.bytes.dropFirst(2))) } }
    }
}
