import ArgumentParser
import Foundation
import JianpuCommandLine
import JianpuCore
import JianpuFiles
import JianpuInterchange
import JianpuNotation
import JianpuPerformance

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a score as a Standard MIDI File (.mid) or as MusicXML (.musicxml, .xml, compressed .mxl).",
        discussion:
            "The output's extension picks the format. MIDI is type 1: a conductor track and one track per part. MusicXML 4.0 carries parts, keys, meters, tempos, notes, ties, tuplets, grace notes, chords, lyrics, chords= as harmony, repeats and endings, jumps and dynamics, for notation programs."
    ).under("jianpu")

    @OptionGroup var input: ScoreInput

    @Option(name: .shortAndLong, help: "The file to write: .mid/.midi, .musicxml/.xml or .mxl.")
    var output: String

    @Option(help: "Write only movement N (1-based); all movements in turn when omitted.")
    var movement: Int?

    @Flag(
        inversion: .prefixedNo, help: "MIDI: sound the score's guitar chords (chords= lines) on a track of their own, as the reference voices them. MusicXML writes them as chord symbols either way.")
    var chords = true

    @OptionGroup var practice: PracticeOptions

    /// What the output's extension asks for.
    enum Format {
        case midi, musicXML, compressedMusicXML

        /// The format of `path`; a device or stream (`/dev/stdout`) named without one of the extensions gets MIDI, as it always has.
        init(path: String, isDevice: Bool, scoreFile: String) throws {
            let name = path.lowercased()
            if name.hasSuffix(".mid") || name.hasSuffix(".midi") {
                self = .midi
            } else if name.hasSuffix(".musicxml") || name.hasSuffix(".xml") {
                self = .musicXML
            } else if name.hasSuffix(".mxl") {
                self = .compressedMusicXML
            } else if name.hasSuffix(".wav") {
                throw CommandFailure("\(path): export writes MIDI or MusicXML; write WAV audio with `jianpu render \(scoreFile) -o \(path)`")
            } else if isDevice {
                self = .midi
            } else {
                throw CommandFailure("\(path): export writes .mid (or .midi), .musicxml (or .xml) and .mxl; name the output with one of these")
            }
        }
    }

    func run() throws {
        FilesRead.remember([input.file])
        let file = try OutputFile(output, inputs: [input.file])
        let format = try Format(path: output, isDevice: file.isDevice, scoreFile: input.file)
        if format == .midi {
            // A large score's parts are read, played and written on two threads: the second is started now,
            // while the file is read and outlined, instead of when the parts are first handed out.
            DispatchQueue.global().async {}
        }
        let score = try input.load()
        switch format {
        case .midi:
            let (pieces, timelines) = try midi(score)
            // Written piece by piece (header, tracks): a large file is never copied into one list.
            let writer = try file.open()
            for piece in pieces { try writer.write(piece) }
            try writer.commit()
            // The process ends once this returns: freeing the score's tree item by item, and unmapping the
            // timeline's and the file's arrays one by one, would only delay it.
            LeftForExit.keep((score, timelines, pieces))
        case .musicXML, .compressedMusicXML:
            try MovementChoice.check(movement, count: score.movements.count, file: input.file)
            // Transposition moves the written key and chord symbols too; the other practice options shape a performance.
            let shown = score.transposed(by: practice.transposition.semitones(from: score.writtenKey))
            if format == .musicXML {
                // Written a megabyte at a time as it is made: a large score's document is never held whole.
                let writer = try file.open()
                // Its pieces written on a thread of their own: their copy into the page cache no longer waits on the making of the next.
                let aside = BackgroundWriter(writer)
                let warnings: [Diagnostic]
                do {
                    warnings = try MusicXMLWriter.write(shown, movement: movement, leavingForExit: true) { aside.write($0) }
                } catch {
                    aside.drain()
                    throw error
                }
                try aside.finish()
                try writer.commit()
                DiagnosticPrinter.print(warnings)
                // The process ends once this returns: freeing the score's tree item by item would only delay it.
                LeftForExit.keep(score)
                LeftForExit.keep(shown)
            } else {
                let exported = try MusicXMLWriter.document(for: shown, movement: movement)
                DiagnosticPrinter.print(exported.warnings)
                try file.write([UInt8](MusicXMLArchive.data(for: exported.document)))
            }
        }
    }

    /// The file's bytes in pieces to write one after another, and the timelines they were made from, for the exit to free.
    private func midi(_ score: Score) throws -> (pieces: [[UInt8]], timelines: any Sendable) {
        // Without practice options each part is flattened and written as its own track, and no list of
        // every part's notes is made. The plan needs the score only for `--key` (counted from its key).
        let empty = Timeline(parts: [], notes: [], tempoMap: TempoMap([]), length: .zero)
        if practice.transposition.key == nil, (try? practice.plan(for: empty))?.isEmpty == true {
            return try partedMIDI(score)
        }
        let timelines = Flattener.exportedTimelines(of: score, withChords: chords)
        var chosen = try chosenMovement(timelines, joined: Timeline.concatenating)
        do {
            chosen = try chosen.practised(try practice.plan(for: chosen))
        } catch let error as PracticeError {
            throw CommandFailure("\(input.file): \(error.description)")
        }
        return ([try midiFile(chosen) { StandardMIDIFile.data(for: chosen) }], timelines + [chosen])
    }

    /// The file of the score as written, each part's notes kept apart (`PartedTimeline`).
    private func partedMIDI(_ score: Score) throws -> (pieces: [[UInt8]], timelines: any Sendable) {
        let timelines = Flattener.exportedPartedTimelines(of: score, withChords: chords)
        let chosen = try chosenMovement(timelines, joined: PartedTimeline.concatenating)
        return (try midiFile(chosen.shared) { StandardMIDIFile.pieces(for: chosen) }, (timelines, chosen))
    }

    /// The movement `--movement` asks for, or every movement one after another.
    private func chosenMovement<Movement>(_ timelines: [Movement], joined: ([Movement]) -> Movement) throws -> Movement {
        guard let movement else { return joined(timelines) }
        try MovementChoice.check(movement, count: timelines.count, file: input.file)
        return timelines[movement - 1]
    }

    /// The bytes `write` makes, after the warning for parts sharing a channel and the check that `timeline` fits a file.
    private func midiFile<Bytes>(_ timeline: Timeline, _ write: () -> Bytes) throws -> Bytes {
        ChannelSharing.warn(timeline, file: input.file)
        if let problem = StandardMIDIFile.problem(writing: timeline) { throw CommandFailure("\(output): \(problem); nothing was written") }
        return write()
    }
}
