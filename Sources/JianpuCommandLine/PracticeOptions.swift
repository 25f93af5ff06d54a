import ArgumentParser
import JianpuCore
import JianpuNotation
import JianpuPerformance

/// How to practise a score (`play`, `render`, `export`, `typeset`): loop, count-in, click, tempo
/// trainer, parts and transposition. `plan(for:from:to:loopTimes:)` turns them into the library's
/// `PracticePlan`, checked against the score.
public struct PracticeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Loop printed bars FIRST-LAST (e.g. 5-8), each the first time through; repeats inside play as performed.", valueName: "bars"))
    public var loop: String?

    @Option(help: "How many times the loop plays (play: until you stop it; render, export and the page: 4).")
    public var loopTimes: Int?

    @Option(help: ArgumentHelp("Bars of clicks in the meter, accented on the first beat, before the music.", valueName: "bars"))
    public var countIn: Int = 0

    @Flag(help: "A metronome through the whole performance, on the percussion channel.")
    public var click = false

    @Option(help: ArgumentHelp("The click's (and count-in's) loudness, 1-100 percent.", valueName: "percent"))
    public var clickVolume: Int = 80

    @Option(
        help: ArgumentHelp("Tempo trainer: the first pass at FROM beats a minute (of the score's beat), each next pass STEP faster, up to TO; sets the number of passes.", valueName: "from:to:step"))
    public var tempoSteps: String?

    @Option(help: ArgumentHelp("Silence a part: its number (1 is the melody) or name (melody, accompaniment, chords, an instrument=). Repeatable.", valueName: "part"))
    public var mute: [String] = []

    @Option(help: ArgumentHelp("Play only this part (and any other soloed). Repeatable.", valueName: "part"))
    public var solo: [String] = []

    @Option(help: ArgumentHelp("A part's loudness in percent of the written, 0-200: accompaniment=60. Repeatable.", valueName: "part=percent"))
    public var volume: [String] = []

    @Option(help: ArgumentHelp("A part's General MIDI instrument: accompaniment=Guzheng or 2=21. Repeatable.", valueName: "part=program"))
    public var program: [String] = []

    @OptionGroup public var transposition: TranspositionOptions

    public init() {}

    public func validate() throws {
        if let loop, BarRange(loop) == nil { throw ValidationError("--loop must be printed bars FIRST-LAST such as 5-8, or one bar such as 5") }
        if let loopTimes, !(1...PracticePlan.maximumPasses).contains(loopTimes) { throw ValidationError("--loop-times must be 1 to \(PracticePlan.maximumPasses)") }
        if !(0...PracticePlan.maximumCountInBars).contains(countIn) { throw ValidationError("--count-in must be 0 to \(PracticePlan.maximumCountInBars) bars") }
        if !(1...100).contains(clickVolume) { throw ValidationError("--click-volume must be 1 to 100 (percent)") }
        if let tempoSteps, TempoSteps(tempoSteps) == nil {
            throw ValidationError("--tempo-steps must be FROM:TO:STEP beats a minute, rising, such as 60:100:5")
        }
        if tempoSteps != nil, loopTimes != nil { throw ValidationError("--tempo-steps sets the number of passes: leave out --loop-times") }
        _ = try partSettings()
    }

    /// Whether any option asks for a passage of its own (a loop, a tempo trainer or a count-in).
    public var cutsPassage: Bool { loop != nil || tempoSteps != nil || countIn > 0 }

    /// The per-part settings, in the order mute, solo, volume, program.
    public func partSettings() throws -> [PartSetting] {
        var settings = mute.map { PartSetting(part: PartSelector($0), change: .mute) }
        settings += solo.map { PartSetting(part: PartSelector($0), change: .solo) }
        for entry in volume {
            guard let (part, value) = Self.assignment(entry), let percent = Int(value), (0...200).contains(percent) else {
                throw ValidationError("--volume '\(entry)' must be PART=PERCENT with a percent from 0 to 200, such as accompaniment=60")
            }
            settings.append(PartSetting(part: PartSelector(part), change: .volume(percent)))
        }
        for entry in program {
            guard let (part, value) = Self.assignment(entry) else {
                throw ValidationError("--program '\(entry)' must be PART=PROGRAM, such as accompaniment=Guzheng or 2=21")
            }
            settings.append(PartSetting(part: PartSelector(part), change: .program(try ProgramOption.program(value, option: "--program \(part)="))))
        }
        return settings
    }

    private static func assignment(_ entry: String) -> (String, String)? {
        guard let equals = entry.lastIndex(of: "=") else { return nil }
        let part = String(entry[..<equals]), value = String(entry[entry.index(after: equals)...])
        return part.isEmpty || value.isEmpty ? nil : (part, value)
    }

    /// The plan for `timeline`: `--from`/`--to` give the passage when no `--loop` does, and a loop
    /// plays `--loop-times`, else `loopTimes` (what suits the command).
    /// - Throws: `ValidationError` for option values that need the score (a `--key` from a score with no key is from C).
    public func plan(for timeline: Timeline, from: PrintedBarNumber? = nil, to: PrintedBarNumber? = nil, loopTimes defaultTimes: Int = 4) throws -> PracticePlan {
        var plan = PracticePlan(countInBars: countIn, click: click, clickVolume: clickVolume, parts: try partSettings())
        if let loop, let range = BarRange(loop) {
            plan.bars = range
            plan.passes = loopTimes ?? defaultTimes
        } else {
            if from != nil || to != nil, cutsPassage {
                plan.bars = BarRange(first: from ?? (timeline.bars.first?.number ?? 1), last: to ?? PrintedBarNumber(max(timeline.printedBarCount, 1)))
            }
            plan.passes = loopTimes ?? 1
        }
        plan.tempoSteps = tempoSteps.flatMap(TempoSteps.init)
        plan.transposition = transposition.semitones(from: timeline.keys.first?.name ?? "1=C")
        return plan
    }
}

/// `--transpose` and `--key`: the sound and the printed `1=` in another key (`play`, `render`,
/// `export` through `PracticeOptions`, and `typeset`).
public struct TranspositionOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Move the sound and the printed 1= by semitones, e.g. +2 or -3.", valueName: "semitones"))
    public var transpose: Int?

    @Option(help: ArgumentHelp("Move the sound and the printed 1= to this key, the nearer way: D, 1=D or 6=B.", valueName: "key"))
    public var key: String?

    public init() {}

    public func validate() throws {
        if transpose != nil, key != nil { throw ValidationError("give --transpose or --key, not both") }
        if let transpose, !(-24...24).contains(transpose) { throw ValidationError("--transpose must be -24 to +24 semitones") }
        if let key, KeyTransposition.tonicPitchClass(of: key.contains("=") ? key : "1=\(key)") == nil {
            throw ValidationError("--key must be a key such as D, Bb, 1=F# or 6=B")
        }
    }

    /// The semitones asked for, counted for `--key` from the score's first key word (`1=C` when it has none).
    public func semitones(from writtenKey: String) -> Int {
        if let transpose { return transpose }
        if let key { return KeyTransposition.semitones(from: writtenKey, to: key) ?? 0 }
        return 0
    }
}
