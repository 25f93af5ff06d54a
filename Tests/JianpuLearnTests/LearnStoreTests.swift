import Foundation
import GRDB
import JianpuCore
import JianpuPractice
import Subprocesses
import Testing

@testable import JianpuLearn

/// The lessons' answers in the quiz log: the named migration, rows written and read back, and the statistics.
@Suite struct LearnStoreTests {
    static func folder(_ name: String = #function) -> String {
        ScratchFolder.make(name)
    }

    static func row(_ session: Int64, scale: String = "D major", exercise: ExerciseKind, degree: Int?, correct: Bool, ms: Int) -> LearnAnswerRow {
        LearnAnswerRow(
            sessionID: session, answeredAt: Date(timeIntervalSince1970: 1_795_000_000), scale: scale, exercise: exercise.rawValue,
            prompt: "play 6", degree: degree, expected: "B (6)", answered: correct ? "B4 (6)" : "C5 (♭7)", isCorrect: correct,
            responseMilliseconds: ms)
    }

    @Test func aNewLogHasTheLearnMigrationAndKeepsEveryAnswer() throws {
        let store = try PracticeLog(path: Self.folder() + "/quiz.sqlite")
        #expect(try store.appliedMigrations().contains("v3 learn answers"))
        let session = try store.startSession(at: Date())
        let rows = [
            Self.row(session, exercise: .degree, degree: 6, correct: true, ms: 800),
            Self.row(session, exercise: .chord, degree: nil, correct: false, ms: 1200),
        ]
        for row in rows { try store.record(row) }
        #expect(try store.learnAnswers() == rows)
        #expect(try store.learnAnswers(since: Date(timeIntervalSince1970: 1_795_000_001)).isEmpty)
    }

    @Test func aLogOfTheQuizAloneIsExtendedAndKeepsItsAnswers() throws {
        let path = Self.folder() + "/quiz.sqlite"
        let queue = try DatabaseQueue(path: path)
        try PracticeLog.migrator.migrate(queue, upTo: "v2 response time, root and program")
        try queue.write { db in try db.execute(sql: "INSERT INTO sessions (started_at) VALUES ('2026-11-01 10:00:00')") }
        try queue.close()
        let store = try PracticeLog(path: path)
        #expect(try store.appliedMigrations() == ["v1 seed tables", "v2 response time, root and program", "v3 learn answers"])
        #expect(try store.sessions().count == 1)
        #expect(try store.learnAnswers().isEmpty)
        try store.record(Self.row(1, exercise: .note, degree: 3, correct: true, ms: 500))
        #expect(try store.learnAnswers().count == 1)
    }

    @Test("a stored response time of any size is held to a day, so learn stats cannot trap on a log's extremes")
    func extremeResponseTimesAreHeld() throws {
        let store = try PracticeLog(path: Self.folder() + "/quiz.sqlite")
        let session = try store.startSession(at: Date())
        for ms in [Int.max, Int.max, Int.min] { try store.record(Self.row(session, exercise: .degree, degree: 6, correct: true, ms: ms)) }
        let answers = try store.learnAnswers()
        #expect(answers.map(\.responseMilliseconds) == [86_400_000, 86_400_000, 0])
        let statistics = LearnStatistics(rows: answers)
        #expect(statistics.overall.asked == 3 && statistics.overall.medianMilliseconds == 86_400_000)
    }

    @Test func statisticsCountPerKeyExerciseAndDegree() {
        let rows = [
            Self.row(1, exercise: .degree, degree: 6, correct: true, ms: 800),
            Self.row(1, exercise: .degree, degree: 6, correct: false, ms: 1000),
            Self.row(2, scale: "A harmonic minor", exercise: .chord, degree: 5, correct: true, ms: 1200),
        ]
        let statistics = LearnStatistics(rows: rows)
        #expect(statistics.answers == 3 && statistics.sessions == 2)
        #expect(statistics.byKey.map(\.item) == ["A harmonic minor", "D major"])
        #expect(statistics.byExercise.map { "\($0.item) \($0.correct)/\($0.asked)" } == ["degree 1/2", "chord 1/1"])
        // A degree is a note's, as the lesson names it: the chord's root degree is not counted.
        #expect(statistics.byDegree.map { "\($0.item) \($0.accuracy)" } == ["degree 6 50.0"])
        #expect(statistics.byDegree[0].medianMilliseconds == 900)
        #expect(statistics.csv().contains("exercise,degree,2,1,50.0,900,900\n"))
        #expect(statistics.table().contains("overall: 2/3 right (66.7%)"))
        let json = try? JSONSerialization.jsonObject(with: Data(statistics.json().utf8)) as? [String: Any]
        #expect((json?["by_key"] as? [[String: Any]])?.count == 2)
        #expect(LearnStatistics(rows: []).table().contains("no answers yet"))
    }
}

/// The `jianpu` under test.
enum LearnBinary {
    static let path = PackageFolder.program("jianpu")
}

/// `jianpu learn --plain` and `jianpu learn stats` as programs.
@Suite(.serialized)
struct LearnProcessTests {
    static var binary: String? { LearnBinary.path }

    /// Right answers to every question of the lesson `jianpu learn KEY --seed SEED --mute` asks, one a line.
    static func answers(_ scale: Scale, seed: UInt64) -> [String] {
        Lesson(scale: scale, seed: seed, exercises: ExerciseKind.asked(muted: true)).items.map { item in
            switch item.target {
            case .note(let pitchClass): scale.key.spelling(of: pitchClass).description
            case .chord(let chord): chord.noteNames.map(\.description).joined(separator: " ")
            case .degreeName(_, let note): note.description
            case .chordName(let chord): chord.chord.symbol
            }
        }
    }

    @Test func aPlainLessonEndsAfterItsLastQuestionWhileItsInputStaysOpen() throws {
        let folder = LearnStoreTests.folder()
        let scale = Scale(tonic: NoteName(.a), kind: .harmonicMinor)
        var lines = Self.answers(scale, seed: 5)
        lines[0] = "B"  // the first note of the scale up is A: a miss
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary ?? "/nonexistent")
        process.arguments = ["learn", "A", "--scale", "harmonic-minor", "--plain", "--mute", "--seed", "5", "--db", folder + "/quiz.sqlite"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        // The input stays open: the lesson must end by itself after its last answer.
        let start = Date()
        while process.isRunning && Date().timeIntervalSince(start) < 30 { usleep(20_000) }
        let ended = !process.isRunning
        if !ended { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try? input.fileHandleForWriting.close()
        #expect(ended, "the lesson waited for more input after its last question")
        #expect(process.terminationStatus == 0)
        #expect(text.contains("wrong: B4 (7); the answer is A (6)"), "\(text)")
        #expect(text.contains("score: \(lines.count - 1)/\(lines.count)"), "\(text)")
        // 1=C puts the undotted 1 at C4, so the A above it is an undotted 6, as a score in 1=C writes it.
        #expect(text.contains("jianpu   6    7    1'   2'   3'   4'   ♯5'  6'"), "\(text)")
        // Muted, nothing is asked that must be heard (it would be marked wrong unheard).
        #expect(!text.contains("listen:"), "\(text)")
        #expect(text.contains("Am        Bdim      Caug      Dm        E         F         G♯dim"))

        let csv = try Subprocess.run(Self.binary ?? "", ["learn", "stats", "--db", folder + "/quiz.sqlite", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.errors)")
        #expect(csv.output.contains("overall,all,\(lines.count),\(lines.count - 1),"), "\(csv.output)")
        #expect(csv.output.contains("key,A harmonic minor,\(lines.count),"))
        #expect(csv.output.contains("exercise,scale-up,8,7,87.5,"))
        let table = try Subprocess.run(Self.binary ?? "", ["learn", "stats", "--db", folder + "/quiz.sqlite"])
        #expect(table.output.hasPrefix("jianpu learn statistics: \(lines.count) answers in 1 session"))
        let json = try Subprocess.run(Self.binary ?? "", ["learn", "stats", "--db", folder + "/quiz.sqlite", "--format", "json"])
        #expect(json.output.contains("\"by_degree\""))
    }

    @Test func aPlainLessonEndsWithItsInput() throws {
        let folder = LearnStoreTests.folder()
        let run = try Subprocess.run(
            Self.binary ?? "", ["learn", "D", "--plain", "--mute", "--seed", "1", "--db", folder + "/quiz.sqlite"],
            input: "D\nE\n")
        #expect(!run.timedOut && run.status == 0, "\(run.errors)")
        #expect(run.output.contains("score: 2/2 (100%)"), "\(run.output)")
    }

    @Test func aBadKeyOrScaleIsAUsageError() throws {
        let folder = LearnStoreTests.folder()
        let key = try Subprocess.run(Self.binary ?? "", ["learn", "H", "--mute", "--db", folder + "/quiz.sqlite"])
        #expect(key.status == 64 && key.errors.contains("'H' is not a key"), "\(key.errors)")
        let scale = try Subprocess.run(Self.binary ?? "", ["learn", "D", "--scale", "doric", "--mute", "--db", folder + "/quiz.sqlite"])
        #expect(scale.status == 64 && scale.errors.contains("did you mean dorian"), "\(scale.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/quiz.sqlite"), "a bad command line touched the log")
    }
}

/// The interactive lesson in a real terminal (tmux): `Tests/tmux/learn-test.sh` walks a whole lesson in D major
/// and in A harmonic minor.
@Suite struct LearnTmuxTests {
    static var canRun: Bool { Prerequisite.met(Subprocess.which("tmux") != nil && Subprocess.which("python3") != nil) }

    @Test(.enabled(if: canRun, "needs tmux, python3 and a built jianpu"), .timeLimit(.minutes(6)))
    func wholeLessonsInDMajorAndAHarmonicMinorInTmux() throws {
        let script = PackageFolder.root.appendingPathComponent("Tests/tmux/learn-test.sh").path
        let run = try Subprocess.run("/bin/sh", [script, LearnBinary.path], directory: PackageFolder.root, timeLimit: 150)
        #expect(!run.timedOut, "learn-test.sh did not finish in 150 s")
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("PASS: tmux learn test"))
        #expect(run.output.contains("dmajor: 30 answers logged") && run.output.contains("aminor: 30 answers logged"))
    }
}
