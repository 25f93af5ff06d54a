import Foundation
import Testing
@testable import JianpuQuiz

/// The release binary run as a subprocess: faults, concurrency, errors, the interactive screen in tmux.
@Suite(.enabled(if: Support.releaseBinary != nil, "needs .build/release/jianpu (swift build -c release)"), .serialized)
struct ProcessTests {
    static var binary: String { Support.releaseBinary ?? "/nonexistent" }

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
        let store = try QuizStore(path: db)
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
        let store = try QuizStore(path: db)
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
        let result = try Support.run(Self.binary, ["quiz", "--mute", "--seed", "5", "-n", "3", "--db", folder + "/q.sqlite", "--intervals", "m3,M3", "--kinds", "MD"],
                                     input: "m3\nM3\nm3\n", environment: env)
        #expect(result.status == 0)
        let questions = result.out.split(separator: "\n").filter { $0.hasPrefix("Q") }
        #expect(questions.count == 3)
        #expect(questions.allSatisfy { $0.contains("melodic down") })
        let stats = try Support.run(Self.binary, ["quiz", "stats", "--db", folder + "/q.sqlite", "--format", "json"], environment: env)
        let object = try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [String: Any]
        #expect(object?["answers"] as? Int == 3)
    }

    @Test(.enabled(if: Support.which("tmux") != nil, "needs tmux"))
    func interactiveQuizInTmux() throws {
        let script = Support.packageRoot.appendingPathComponent("Tests/tmux/quiz-test.sh").path
        let result = try Support.run("/bin/sh", [script, Self.binary])
        #expect(result.status == 0, "\(result.out)\n\(result.err)")
        #expect(result.out.contains("PASS"))
    }
}

@Suite struct HelpTests {
    @Test(.enabled(if: Support.anyBinary != nil, "needs a built jianpu"))
    func quizHelpIsGolden() throws {
        let result = try Support.run(Support.anyBinary!, ["quiz", "--help"])
        #expect(result.status == 0)
        try Support.expectGolden(result.out, "quiz-help.txt")
    }
}
