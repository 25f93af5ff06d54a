import ArgumentParser
import Foundation
import JianpuCore
import JianpuCommandLine
import JianpuFiles

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a score as a type-1 Standard MIDI File (a conductor track and one track per part).")

    @OptionGroup var input: ScoreInput

    @Option(name: .shortAndLong, help: "The MIDI file to write.")
    var output: String

    @Option(help: "Write only movement N (1-based); all movements in turn when omitted.")
    var movement: Int?

    @Flag(inversion: .prefixedNo, help: "Sound the score's guitar chords (chords= lines) on a track of their own, as the reference voices them.")
    var chords = true

    func run() throws {
        if output.lowercased().hasSuffix(".wav") {
            throw CommandFailure("\(output): export writes a Standard MIDI File; name it .mid, or write WAV audio with `jianpu render \(input.file) -o \(output)`")
        }
        let file = try OutputFile(output, inputs: [input.file])
        let score = try input.load()
        let timelines = Flattener.exportedTimelines(of: score, withChords: chords)
        let chosen: Timeline
        if let movement {
            guard timelines.indices.contains(movement - 1) else {
                throw CommandFailure("\(input.file) has \(timelines.count) movement(s): --movement must be 1 to \(timelines.count)")
            }
            chosen = timelines[movement - 1]
        } else {
            chosen = Timeline.concatenating(timelines)
        }
        ChannelSharing.warn(chosen, file: input.file)
        if let problem = StandardMIDIFile.problem(writing: chosen) { throw CommandFailure("\(output): \(problem); nothing was written") }
        try file.write(StandardMIDIFile.data(for: chosen))
    }
}
