import AudioAnalysis
import Foundation
import JianpuAudio
import JianpuTestSupport
import Subprocesses
import Testing

@testable import JianpuPractice
@testable import JianpuQuiz

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The release binary run as a subprocess: faults, concurrency, errors, the interactive screen in tmux.
@Suite(.serialized)
struct ProcessTests {
    static var binary: String { Support.binary }

    @Test func killDuringAQuizLosesNoAnswerGiven() throws {
        let folder = Support.temporaryFolder()
        let db = folder + "/quiz.sqlite"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["quiz", "--mute", "--plain", "--seed", "3", "-n", "20", "--db", db]
        process.environment = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg", "PATH": "/usr/bin:/bin"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = ""
        func feedbackCount() -> Int { seen.components(separatedBy: "\n").filter { $0.hasPrefix("right:") || $0.hasPrefix("wrong:") }.count }
        for answer in 1...7 {
            input.fileHandleForWriting.write(Data("P5\n".utf8))
            while feedbackCount() < answer {
                let data = output.fileHandleForReading.availableData
                if data.isEmpty { break }
                seen += String(decoding: data, as: UTF8.self)
            }
        }
        #expect(feedbackCount() == 7)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let store = try PracticeLog(path: db)
        #expect(try store.answers().count == 7)
        #expect(try store.sessions().first?.endedAt == nil)
    }

    @Test func twoQuizzesOnOneDatabaseLoseNothing() throws {
        let folder = Support.temporaryFolder()
        let db = folder + "/quiz.sqlite"
        let answers = String(repeating: "M3\n", count: 60)
        var processes: [(Process, Pipe)] = []
        for seed in [1, 2] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = ["quiz", "--mute", "--plain", "--seed", "\(seed)", "-n", "60", "--db", db]
            process.environment = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append((process, input))
        }
        for (_, input) in processes {
            input.fileHandleForWriting.write(Data(answers.utf8))
            try input.fileHandleForWriting.close()
        }
        for (process, _) in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let store = try PracticeLog(path: db)
        #expect(try store.answers().count == 120)
        #expect(try store.sessions().count == 2)
        #expect(try store.sessions().allSatisfy { $0.endedAt != nil })
    }

    @Test func corruptAndReadOnlyDatabasesGiveOneLine() throws {
        let folder = Support.temporaryFolder()
        let corrupt = folder + "/corrupt.sqlite"
        try Data(repeating: 0xAB, count: 8192).write(to: URL(fileURLWithPath: corrupt))
        let env = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"]
        var result = try Support.run(Self.binary, ["quiz", "--mute", "--db", corrupt], input: "M3\n", environment: env)
        #expect(result.status == 1)
        #expect(result.err == "jianpu: cannot open quiz database \(corrupt): file is not a database; move it away or pass --db NEW\n")
        result = try Support.run(Self.binary, ["quiz", "stats", "--db", corrupt], environment: env)
        #expect(result.status == 1)
        #expect(result.err.split(separator: "\n").count == 1 && result.err.contains("file is not a database"))

        let readOnly = folder + "/ro.sqlite"
        result = try Support.run(Self.binary, ["quiz", "--mute", "-n", "1", "--db", readOnly], input: "M3\n", environment: env)
        #expect(result.status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly)
        result = try Support.run(Self.binary, ["quiz", "--mute", "--db", readOnly], input: "M3\n", environment: env)
        #expect(result.status == 1)
        #expect(result.err == "jianpu: cannot open quiz database \(readOnly): it is read-only; make it and its folder writable (chmod u+w) or pass --db NEW\n")
        result = try Support.run(Self.binary, ["quiz", "stats", "--db", readOnly, "--format", "csv"], environment: env)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("section,item,asked,correct,accuracy,median_ms,mean_ms\noverall,all,1,"))
    }

    @Test func scriptedBinaryMatchesTheLibrary() throws {
        let folder = Support.temporaryFolder()
        let env = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"]
        let result = try Support.run(
            Self.binary, ["quiz", "--mute", "--seed", "5", "-n", "3", "--db", folder + "/q.sqlite", "--intervals", "m3,M3", "--kinds", "MD"],
            input: "m3\nM3\nm3\n", environment: env)
        #expect(result.status == 0)
        let questions = result.out.split(separator: "\n").filter { $0.hasPrefix("Q") }
        #expect(questions.count == 3)
        #expect(questions.allSatisfy { $0.contains("melodic down") })
        let stats = try Support.run(Self.binary, ["quiz", "stats", "--db", folder + "/q.sqlite", "--format", "json"], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any]
        #expect(object?["answers"] as? Int == 3)
    }

    /// The scripted learner against the binary: reads `why: interval NAME` (--explain), always answers m6 as M6.
    @Test func scriptedLearnerThroughTheBinaryHearsTheMissedIntervalAgainSoon() throws {
        let folder = Support.temporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["quiz", "--mute", "--plain", "--explain", "--seed", "11", "-n", "80", "--db", folder + "/q.sqlite"]
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = folder
        env["XDG_CONFIG_HOME"] = folder + "/cfg"
        process.environment = env
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var asked: [String] = []
        var pending = ""
        reading: while true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            pending += String(decoding: data, as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                let line = String(pending[..<newline])
                pending = String(pending[pending.index(after: newline)...])
                guard line.hasPrefix("why: interval ") else { continue }
                let name = String(line.dropFirst("why: interval ".count).prefix { $0 != " " })
                asked.append(name)
                input.fileHandleForWriting.write(Data(((name == "m6" ? "M6" : name) + "\n").utf8))
                if asked.count == 80 { try input.fileHandleForWriting.close(); break reading }
            }
        }
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(asked.count == 80)
        let positions = asked.indices.filter { asked[$0] == "m6" }
        let first = try #require(positions.first)
        let share = Double(positions.count - 1) / Double(asked.count - first - 1)
        let gaps = zip(positions.dropFirst(), positions).map { $0 - $1 }
        print("binary scripted learner: m6 in \(Int((share * 100).rounded()))% of the questions after the first miss, longest gap \(gaps.max() ?? 0)")
        #expect(share >= 0.30)
        #expect((gaps.max() ?? 0) <= 6)
    }

    @Test func statsShowErrorClassesAndPlotProgressAsSVG() throws {
        let folder = Support.temporaryFolder()
        let env = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"]
        let db = folder + "/q.sqlite"
        // Every answer M3: m3 heard as M3 (one semitone), P5 heard as M3 (wrong width), M3 right.
        _ = try Support.run(
            Self.binary, ["quiz", "--mute", "--seed", "5", "-n", "6", "--db", db, "--intervals", "m3,M3,P5", "--test", "2"],
            input: "M3\nM3\nM3\nM3\nM3\nM3\n", environment: env)
        let table = try Support.run(Self.binary, ["quiz", "stats", "--db", db, "--plot", folder + "/progress.svg"], environment: env)
        #expect(table.status == 0, "\(table.err)")
        #expect(table.out.contains("error classes (of 4 wrong answers)\n     0  inverted\n     2  wrong width\n     2  one semitone\n     0  other\n"))
        #expect(table.out.contains("accuracy by interval\n  m3  "))
        #expect(table.err.contains("wrote \(folder)/progress.svg"))
        let csv = try Support.run(Self.binary, ["quiz", "stats", "--db", db, "--format", "csv"], environment: env)
        #expect(csv.out.contains("error_class,wrong width,2,,,,\n"))
        let json = try Support.run(Self.binary, ["quiz", "stats", "--db", db, "--format", "json"], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        let classes = object?["error_classes"] as? [[String: Any]]
        #expect(classes?.first { $0["class"] as? String == "one semitone" }?["count"] as? Int == 2)
        // The SVG is well-formed XML with one bar per week and one per interval.
        let svg = try Data(contentsOf: URL(fileURLWithPath: folder + "/progress.svg"))
        let counter = BarCounter()
        let parser = XMLParser(data: svg)
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.bars == 1 + 3)
    }

    @Test func statsNeverPlotsOverTheLogNorIntoAMissingFolder() throws {
        let folder = Support.temporaryFolder()
        let env = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"]
        let db = folder + "/q.sqlite"
        _ = try Support.run(Self.binary, ["quiz", "--mute", "-n", "1", "--intervals", "P5", "--db", db], input: "P5\n", environment: env)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let over = try Support.run(Self.binary, ["quiz", "stats", "--db", db, "--plot", db], environment: env)
        #expect(over.status == 1)
        #expect(over.err == "jianpu: \(db): is also the input \(db): writing it would destroy the input; choose another output name\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let missing = try Support.run(Self.binary, ["quiz", "stats", "--db", db, "--plot", folder + "/no/such/p.svg"], environment: env)
        #expect(missing.status == 1)
        #expect(missing.err.contains("the folder \(folder)/no/such does not exist"))
        #expect(missing.out.isEmpty, "nothing is printed before the check")
    }

    final class BarCounter: NSObject, XMLParserDelegate {
        var bars = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "rect", attributes["class"] == "bar" { bars += 1 }
        }
    }

    @Test func savedProfileIsUsed() throws {
        let folder = Support.temporaryFolder()
        let env = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg", "XDG_DATA_HOME": folder + "/data"]
        var result = try Support.run(
            Self.binary,
            [
                "quiz", "--mute", "--save-profile", "--intervals", "m6,M6", "--kinds", "MD", "-n", "2",
                "--instruments", "violin",
            ], input: "q\n", environment: env)
        #expect(result.status == 0)
        #expect(result.err == "jianpu: saved quiz profile \(folder)/cfg/jianpu/quiz.json\n")
        result = try Support.run(Self.binary, ["quiz", "--mute", "--seed", "1"], input: "m6\nM6\n", environment: env)
        let questions = result.out.split(separator: "\n").filter { $0.hasPrefix("Q") }
        #expect(questions.count == 2)
        #expect(questions.allSatisfy { $0.contains("melodic down") && $0.hasSuffix("Violin") })
        #expect(FileManager.default.fileExists(atPath: folder + "/data/jianpu/quiz.sqlite"))
    }

    /// `lower note C♯4` → 61.
    static func note(in line: Substring) -> Int? {
        guard let range = line.range(of: "lower note ") else { return nil }
        let name = line[range.upperBound...].prefix { $0 != "," && $0 != " " }
        let letters = ["C": 0, "C♯": 1, "D": 2, "D♯": 3, "E": 4, "F": 5, "F♯": 6, "G": 7, "G♯": 8, "A": 9, "A♯": 10, "B": 11]
        let pitch = name.prefix { !$0.isNumber && $0 != "-" }
        guard let pitchClass = letters[String(pitch)], let octave = Int(name.dropFirst(pitch.count)) else { return nil }
        return 12 * (octave + 1) + pitchClass
    }

    @Test func midiKeyboardAnswers() throws {
        let folder = Support.temporaryFolder()
        let fifo = folder + "/midi"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["quiz", "--mute", "--plain", "--seed", "8", "-n", "2", "--intervals", "P5", "--db", folder + "/q.sqlite", "--midi-in", fifo]
        process.environment = ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        var seen = ""
        var answered = 0
        while process.isRunning || !seen.contains("score:") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
            let questions = seen.split(separator: "\n").filter { $0.hasPrefix("Q") }
            while answered < questions.count, let root = Self.note(in: questions[answered]) {
                // Right answer first time, a minor sixth (one semitone too wide) the second; running status.
                let upper = UInt8(root + (answered == 0 ? 7 : 8))
                let bytes: [UInt8] = answered == 0 ? [0x90, upper, 100, upper, 0] : [0xF8, 0x92, upper, 64]
                _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                answered += 1
            }
            if seen.contains("score:") { break }
        }
        close(writer)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(seen.contains("right: P5 perfect fifth"))
        #expect(seen.contains("you said m6 minor sixth"))
        #expect(seen.contains("score: 1/2 (50%)"))
        let rows = try PracticeLog(path: folder + "/q.sqlite").answers()
        #expect(rows.map(\.recognizedInterval) == [7, 8])
        #expect(rows.allSatisfy { $0.recognizedNote == $0.rootNote + $0.recognizedInterval })
    }

    @Test(.enabled(if: Prerequisite.met(Support.soundFont != nil), "needs a SoundFont"))
    func pacedWAVIsRealTimeAndHoldsTheQuestion() throws {
        let folder = Support.temporaryFolder()
        let wavPath = folder + "/quiz.wav"
        let started = Date()
        let result = try Support.run(
            Self.binary,
            [
                "quiz", "--seed", "3", "-n", "1", "--intervals", "P5", "--kinds", "MU", "--db", folder + "/q.sqlite",
                "--out", wavPath,
            ], input: "P5\n", environment: ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg"])
        let wall = Date().timeIntervalSince(started)
        #expect(result.status == 0)
        let wav = try WAVAudio(path: wavPath)
        let samples = wav.mono
        let seconds = Double(samples.count) / Double(wav.sampleRate)
        #expect(seconds >= 1.7 && seconds <= wall + 0.1, "\(seconds) s of audio in \(wall) s")
        let row = try #require(try PracticeLog(path: folder + "/q.sqlite").answers().first)
        let rate = wav.sampleRate
        let early = Spectrum(samples[(rate / 5)...], sampleRate: rate)
        let late = Spectrum(samples[(rate * 105 / 100)...], sampleRate: rate)
        #expect(early.strength(ofNote: row.firstNote) > 3 * early.strength(ofNote: row.secondNote))
        #expect(late.strength(ofNote: row.secondNote) > 3 * late.strength(ofNote: row.firstNote))
    }

    /// The live path (FluidSynth's ALSA driver calling our callback) under an ALSA configuration whose default
    /// device is a file plugin over a null device: unpaced, but the same audio a sound card would get.
    @Test(.enabled(if: Prerequisite.met(Support.soundFont != nil && FileManager.default.fileExists(atPath: "/usr/share/alsa/alsa.conf")), "needs a SoundFont and alsa.conf"))
    func liveOutputThroughALSA() throws {
        let folder = Support.temporaryFolder()
        let raw = folder + "/alsa.raw"
        let config = folder + "/alsa.conf"
        let system = try String(contentsOfFile: "/usr/share/alsa/alsa.conf", encoding: .utf8)
        try (system + "\npcm.!default {\n type file\n slave.pcm \"null\"\n file \"\(raw)\"\n format \"raw\"\n}\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let result = try Support.run(
            Self.binary, ["quiz", "--plain", "--seed", "3", "-n", "1", "--intervals", "M3", "--kinds", "MD", "--db", folder + "/q.sqlite"],
            input: "M3\n", environment: ["HOME": folder, "XDG_CONFIG_HOME": folder + "/cfg", "ALSA_CONFIG_PATH": config])
        #expect(result.status == 0, "\(result.err)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples: [Float] = bytes.withUnsafeBytes { buffer in
            (0..<(bytes.count / 4)).map { frame in
                (Float(Int16(littleEndian: buffer.loadUnaligned(fromByteOffset: frame * 4, as: Int16.self)))
                    + Float(Int16(littleEndian: buffer.loadUnaligned(fromByteOffset: frame * 4 + 2, as: Int16.self)))) / 65_536
            }
        }
        let onset = try #require(samples.firstIndex { abs($0) > 0.01 }, "no sound reached the device")
        #expect(samples.count >= onset + 44_100 * 3 / 2)
        let row = try #require(try PracticeLog(path: folder + "/q.sqlite").answers().first)
        let early = Spectrum(samples[(onset + 4_410)...], sampleRate: 44_100)
        let late = Spectrum(samples[(onset + 44_100 * 95 / 100)...], sampleRate: 44_100)
        #expect(row.firstNote == row.secondNote + 4)
        #expect(early.strength(ofNote: row.firstNote) > 3 * early.strength(ofNote: row.secondNote))
        #expect(late.strength(ofNote: row.secondNote) > 3 * late.strength(ofNote: row.firstNote))
    }

    @Test(.enabled(if: Prerequisite.met(Support.which("tmux") != nil), "needs tmux"))
    func interactiveQuizInTmux() throws {
        let script = Support.packageRoot.appendingPathComponent("Tests/tmux/quiz-test.sh").path
        let result = try Support.run("/bin/sh", [script, Self.binary])
        #expect(result.status == 0, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("PASS"))
    }
}

@Suite struct HelpTests {
    @Test
    func quizHelpIsGolden() throws {
        let result = try Support.run(Support.binary, ["quiz", "--help"])
        #expect(result.status == 0)
        try Support.expectGolden(result.out, "quiz-help.txt")
    }
}
