import JianpuAudio
import JianpuCore
import JianpuPerformance

/// Measures the sound layer: how long until the first audio frame exists, and how fast rendering runs.
enum RenderBenchmark {
    /// The measurements of one run.
    public struct Result: Sendable, Hashable, CustomStringConvertible {
        /// Seconds to create FluidSynth and load the SoundFont.
        public var soundFontLoadSeconds: Double
        /// Seconds from the start (nothing loaded) until the first 64 frames of the performance are rendered.
        public var firstFrameSeconds: Double
        /// Seconds of audio rendered (the whole performance, no tail).
        public var audioSeconds: Double
        /// Wall-clock seconds the rendering took (loading excluded).
        public var renderSeconds: Double
        /// Audio seconds per wall-clock second.
        public var speed: Double { renderSeconds > 0 ? audioSeconds / renderSeconds : .infinity }
        /// Notes in the performance.
        public var notes: Int

        /// One line for printing.
        public var description: String {
            func format(_ value: Double, _ digits: Int) -> String {
                var scale = 1.0
                for _ in 0..<digits { scale *= 10 }
                return "\((value * scale).rounded() / scale)"
            }
            return "SoundFont load \(format(soundFontLoadSeconds * 1000, 1)) ms, first audio frame after \(format(firstFrameSeconds * 1000, 1)) ms, "
                + "rendered \(format(audioSeconds, 2)) s of audio (\(notes) notes) in \(format(renderSeconds, 3)) s = \(format(speed, 1))× real time"
        }
    }

    /// Renders `timeline` into memory (no file) with FluidSynth and times it.
    ///
    /// - Throws: `AudioError` for a bad SoundFont or options.
    public static func run(
        timeline: Timeline, soundFontPath: String, sampleRate: Int = 44_100,
        options: PlaybackOptions = PlaybackOptions()
    ) throws -> Result {
        let clock = ContinuousClock()
        let origin = clock.now
        func elapsed() -> Double { (clock.now - origin).inSeconds }
        let start = elapsed()
        let synth = try FluidSynth(soundFont: soundFontPath, sampleRate: Double(sampleRate))
        let loaded = elapsed()
        let schedule = try PerformanceSchedule(timeline: timeline, sampleRate: Double(sampleRate), options: options)
        let scheduler = Scheduler(schedule: schedule, synth: synth)
        let chunk = 4_096
        var buffer = [Float](repeating: 0, count: chunk * 2)
        var firstFrame = 0.0
        var renderStart = 0.0
        buffer.withUnsafeMutableBufferPointer { pointer in
            guard let base = pointer.baseAddress else { return }
            scheduler.render(frames: 64, into: base)
            firstFrame = elapsed() - start
            renderStart = elapsed()
            while scheduler.frame < scheduler.lastEventFrame {
                scheduler.render(frames: min(chunk, scheduler.lastEventFrame - scheduler.frame), into: base)
            }
        }
        let renderSeconds = elapsed() - renderStart
        let notes = schedule.events.reduce(0) { count, event in
            if case .noteOn = event.message { return count + 1 }
            return count
        }
        return Result(
            soundFontLoadSeconds: loaded - start, firstFrameSeconds: firstFrame,
            audioSeconds: Double(max(scheduler.frame - 64, 0)) / Double(sampleRate),
            renderSeconds: renderSeconds, notes: notes)
    }

    /// A dense two-part test score for benchmarks when no score file is at hand: a semiquaver melody
    /// with quaver-triplet runs over a three-note accompaniment, `bars` bars of 4/4 at ♩=`tempo`.
    public static func syntheticScore(bars: Int = 64, tempo: Double = 105) -> Timeline {
        let count = max(1, bars)
        var notes: [TimedNote] = []
        let scale = [0, 2, 4, 5, 7, 9, 11, 12]
        for bar in 0..<count {
            let barStart = WholeNotes(Int64(bar))
            let steps: Int64 = bar % 2 == 0 ? 16 : 12  // semiquavers, or quaver triplets
            for step in 0..<steps {
                let onset = barStart + WholeNotes(step, steps)
                let degree = scale[Int(step + Int64(bar)) % scale.count]
                notes.append(TimedNote(onset: onset, duration: WholeNotes(1, steps), pitch: Pitch(midiNumber: 72 + degree), velocity: 96, part: 0))
            }
            let root = [48, 53, 55, 50][bar % 4]
            for beat in 0..<4 {
                for (index, interval) in [0, 4, 7].enumerated() {
                    notes.append(
                        TimedNote(
                            onset: barStart + WholeNotes(Int64(beat), 4), duration: .quarter,
                            pitch: Pitch(midiNumber: root + interval + (index == 2 ? 12 : 0)), velocity: 70, part: 1))
                }
            }
        }
        notes.sort { ($0.onset, $0.part, $0.pitch) < ($1.onset, $1.part, $1.pitch) }
        return Timeline(
            title: "benchmark", parts: [TimelinePart(name: "melody", channel: 0, program: 0), TimelinePart(name: "accompaniment", channel: 1, program: 48)],
            notes: notes, tempoMap: TempoMap(quarterNotesPerMinute: tempo),
            barStarts: (0..<count).map { WholeNotes(Int64($0)) }, length: WholeNotes(Int64(count)))
    }
}
