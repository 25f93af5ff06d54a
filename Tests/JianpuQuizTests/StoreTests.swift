import Foundation
import GRDB
import JianpuCore
import Testing

@testable import JianpuPractice
@testable import JianpuQuiz

@Suite struct StoreTests {
    static func row(session: Int64, _ index: Int) -> AnswerRow {
        let question = Question(root: 60 + index % 12, interval: .majorThird, kind: .harmonic, program: 0)
        let date = Date(timeIntervalSince1970: 1_795_000_000 + Double(index))
        return AnswerRow(
            sessionID: session, playedAt: date, recognizedAt: date.addingTimeInterval(1), question: question,
            recognizedNote: question.upper, recognized: .majorThird, repeatedTimes: 0)
    }

    @Test func twoWritersAtOnceLoseNothing() async throws {
        let path = Support.temporaryFolder() + "/shared.sqlite"
        _ = try PracticeLog(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = try PracticeLog(path: path)
                    let session = try store.startSession(at: Date())
                    for index in 0..<100 { try store.record(Self.row(session: session, writer * 1000 + index)) }
                    try store.endSession(session, at: Date())
                }
            }
            try await group.waitForAll()
        }
        #expect(try PracticeLog(path: path).answers().count == 200)
    }

    @Test func corruptFileIsAOneLineError() throws {
        let path = Support.temporaryFolder() + "/quiz.sqlite"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }).write(to: URL(fileURLWithPath: path))
        do {
            _ = try PracticeLog(path: path)
            Issue.record("a corrupt file must not open")
        } catch let error as PracticeFailure {
            #expect(error.description == "cannot open quiz database \(path): file is not a database; move it away or pass --db NEW")
        }
    }

    @Test func readOnlyFileIsAOneLineErrorButStatsCanRead() throws {
        let path = Support.temporaryFolder() + "/quiz.sqlite"
        let store = try PracticeLog(path: path)
        try store.record(Self.row(session: try store.startSession(at: Date()), 1))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        do {
            _ = try PracticeLog(path: path)
            Issue.record("a read-only file must not open for writing")
        } catch let error as PracticeFailure {
            #expect(error.description.hasPrefix("cannot open quiz database \(path): it is read-only;"))
            #expect(!error.description.contains("\n"))
        }
        #expect(try PracticeLog.forReading(path: path).answers().count == 1)
    }

    @Test func folderIsCreated() throws {
        let path = Support.temporaryFolder() + "/a/b/quiz.sqlite"
        _ = try PracticeLog(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}

@Suite struct StatisticsTests {
    /// Answers over three weeks: the first week all wrong (m6 heard as M6), then better.
    static func rows() -> [AnswerRow] {
        var rows: [AnswerRow] = []
        let monday = Date(timeIntervalSince1970: 1_794_873_600)  // 2026-11-16, a Monday (UTC)
        for week in 0..<3 {
            for index in 0..<10 {
                let interval: Interval = index % 2 == 0 ? .minorSixth : .perfectFifth
                let right = index < week * 4 + 2
                let question = Question(
                    root: index < 5 ? 55 : 67, interval: interval, kind: PlaybackKind.allCases[index % 3],
                    program: index % 4 == 0 ? 40 : 0)
                let played = monday.addingTimeInterval(Double(week * 7 * 86_400 + index * 60))
                let answered: Interval = right ? interval : (interval == .minorSixth ? .majorSixth : .perfectFourth)
                rows.append(
                    AnswerRow(
                        sessionID: Int64(week + 1), playedAt: played, recognizedAt: played.addingTimeInterval(Double(1 + index % 3)),
                        question: question, recognizedNote: question.root + answered.semitones, recognized: answered, repeatedTimes: 0))
            }
        }
        return rows
    }

    @Test func weeklyProgressAndConfusions() throws {
        let statistics = QuizStatistics(rows: Self.rows())
        try Support.expectGolden(statistics.table(), "stats-three-weeks.txt")
        #expect(statistics.byWeek.map(\.item) == ["2026-W47", "2026-W48", "2026-W49"])
        #expect(statistics.byWeek.map(\.accuracy) == [20, 60, 100])
        #expect(statistics.confusions.map(\.text) == ["perfect fifth heard as perfect fourth", "minor sixth heard as major sixth"])
        #expect(statistics.confusions.map(\.count) == [6, 6])
        #expect(statistics.byOctave.map(\.item) == ["octave 3", "octave 4"])
        #expect(statistics.byInstrument.map(\.item) == ["Acoustic Grand Piano", "Violin"])
    }

    @Test func sinceFiltersByDate() throws {
        let store = try PracticeLog(path: Support.temporaryFolder() + "/quiz.sqlite")
        for _ in 0..<3 { _ = try store.startSession(at: Date(timeIntervalSince1970: 1_794_873_600)) }
        for row in Self.rows() { try store.record(row) }
        let since = try #require(LogDate.parse("2026-11-23"))
        let rows = try store.answers(since: since)
        #expect(rows.count == 20)
        let statistics = QuizStatistics(rows: rows, since: since)
        #expect(statistics.since == "2026-11-23")
        #expect(statistics.table().hasPrefix("jianpu quiz statistics: 20 answers in 2 sessions since 2026-11-23\n"))
        let json = try JSONSerialization.jsonObject(with: Data(statistics.json().utf8)) as? [String: Any]
        #expect(json?["answers"] as? Int == 20)
        #expect(statistics.csv().split(separator: "\n").first == "section,item,asked,correct,accuracy,median_ms,mean_ms")
    }
}

/// `PracticeLog.statistics` counts in SQL; `QuizStatistics(rows:)` counts row by row. They must agree.
@Suite struct StatisticsInSQLTests {
    /// A log of `count` answers written in one transaction, as varied as the columns allow: every interval,
    /// kind and a few programs, roots over several octaves, wrong answers of each class, four months of days,
    /// and one answer in fifty with the seed app's missing response time, root and program.
    static func bulkLog(_ path: String, count: Int) throws -> PracticeLog {
        let store = try PracticeLog(path: path)
        let queue = try DatabaseQueue(path: path)
        try queue.inTransaction { db in
            for _ in 0...count / 40 { try db.execute(sql: "INSERT INTO sessions (started_at) VALUES ('2026-01-01 00:00:00.000')") }
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO recognize_intervals (session_id, played_at, recognized_at, first_note, second_note, playback_type,
                        recognized_note, played_interval, recognized_interval, repeated_times, playback_instrument,
                        error_inverted, error_wideness, error_one_semitone, response_ms, root_note, program)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)
                    """)
            var random = SeededRandom(seed: 11)
            let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
            for index in 0..<count {
                let root = 36 + Int(random.next() % 48), played = Int(random.next() % 13)
                let heard = random.next() % 3 == 0 ? Int(random.next() % 13) : played
                let program = [0, 0, 24, 40][Int(random.next() % 4)]
                let seedRow = index % 50 == 7
                let date = start.addingTimeInterval(Double(index) * 10_000_000 / Double(count))
                try insert.execute(arguments: [
                    1 + index / 40, date, date.addingTimeInterval(1), root, root + played, ["H", "MU", "MD"][index % 3], root + heard,
                    played, heard, ["piano \(program)", "other"][Int(random.next() % 8 == 0 ? 1 : 0)], played + heard == 12,
                    (played < 6) != (heard < 6), abs(played - heard) == 1,
                    seedRow ? nil : Int(random.next() % 9_000), seedRow ? nil : root, seedRow ? nil : program,
                ])
            }
            return .commit
        }
        return store
    }

    @Test func aLargeLogCountsAsEveryRowDoes() throws {
        let store = try Self.bulkLog(Support.temporaryFolder() + "/large.sqlite", count: 200_000)
        let statistics = try store.statistics()
        #expect(statistics.answers == 200_000)
        #expect(statistics == QuizStatistics(rows: try store.answers()))
        let since = try #require(LogDate.parse("2026-03-01"))
        let recent = try store.statistics(since: since)
        #expect(recent.answers > 0 && recent.answers < 200_000)
        #expect(recent == QuizStatistics(rows: try store.answers(since: since), since: since))
    }

    @Test func aSmallLogPrintsTheSameTablesCsvAndJson() throws {
        let store = try PracticeLog(path: Support.temporaryFolder() + "/small.sqlite")
        for _ in 0..<3 { _ = try store.startSession(at: Date(timeIntervalSince1970: 1_794_873_600)) }
        for row in StatisticsTests.rows() { try store.record(row) }
        let counted = try store.statistics(), byRow = QuizStatistics(rows: StatisticsTests.rows())
        try Support.expectGolden(counted.table(), "stats-three-weeks.txt")
        #expect(counted.csv() == byRow.csv())
        #expect(counted.json() == byRow.json())
        #expect(ProgressPlot.svg(counted) == ProgressPlot.svg(byRow))
        let empty = try PracticeLog(path: Support.temporaryFolder() + "/empty.sqlite").statistics()
        #expect(empty == QuizStatistics(rows: []))
    }

    @Test func aRowThatDoesNotFitIsAnErrorInSQLToo() throws {
        let path = Support.temporaryFolder() + "/bad-values.sqlite"
        let store = try PracticeLog(path: path)
        try GRDBQueueMaker.make(path)(
            """
            INSERT INTO sessions(started_at) VALUES ('2020-01-01 10:00:00');
            INSERT INTO recognize_intervals(session_id, played_at, recognized_at, first_note, second_note, playback_type,
              recognized_note, played_interval, recognized_interval, playback_instrument)
              VALUES (1, '2020-01-01 10:00:00', '2020-01-01', 60, 64, 'H', 64, 'four', 4, 'piano');
            """)
        #expect(throws: PracticeFailure.self) { try store.statistics() }
        do { _ = try store.statistics() } catch let error as PracticeFailure {
            #expect(error.description.hasPrefix("cannot read quiz database \(path): a row does not fit the quiz log (column played_interval"))
        }
    }
}

@Suite struct ForeignLogTests {
    @Test func seedAppLogOpensAndGainsTheNewColumns() throws {
        let path = Support.temporaryFolder() + "/seed.sqlite"
        let queue = try GRDBQueueMaker.make(path)
        try queue(
            """
            CREATE TABLE sessions(id INTEGER PRIMARY KEY, started_at TEXT, ended_at TEXT);
            CREATE TABLE recognize_intervals(id INTEGER PRIMARY KEY, session_id INTEGER, played_at TEXT, recognized_at TEXT,
              first_note INTEGER, second_note INTEGER, playback_type TEXT, recognized_note INTEGER, played_interval INTEGER,
              recognized_interval INTEGER, repeated_times INTEGER, playback_instrument TEXT, error_inverted INTEGER,
              error_wideness INTEGER, error_one_semitone INTEGER);
            INSERT INTO sessions VALUES (1, '2020-01-01 10:00:00', '2020-01-01 10:10:00');
            INSERT INTO recognize_intervals VALUES (1, 1, '2020-01-01 10:00:01', '2020-01-01 10:00:03', 72, 64, 'MD', 71, 8, 7, 2, 'piano', 0, 0, 1);
            """)
        let store = try PracticeLog(path: path)
        let row = try #require(try store.answers().first)
        #expect(row.playbackType == .melodicDown && row.rootNote == 64 && row.repeatedTimes == 2 && row.errorOneSemitone)
        #expect(try store.appliedMigrations().count == 3)
    }

    @Test func badValuesAreAnErrorNotACrash() throws {
        let path = Support.temporaryFolder() + "/bad-values.sqlite"
        let store = try PracticeLog(path: path)
        let queue = try GRDBQueueMaker.make(path)
        try queue(
            """
            INSERT INTO sessions(started_at) VALUES ('2020-01-01 10:00:00');
            INSERT INTO recognize_intervals(session_id, played_at, recognized_at, first_note, second_note, playback_type,
              recognized_note, played_interval, recognized_interval, playback_instrument)
              VALUES (1, 'garbage', '2020-01-01', 60, 64, 'H', 64, 4, 4, 'piano');
            """)
        do {
            _ = try store.answers()
            Issue.record("a row with a bad date must be an error")
        } catch let error as PracticeFailure {
            #expect(error.description.hasPrefix("cannot read quiz database \(path): a row does not fit the quiz log"))
            #expect(!error.description.contains("\n"))
        }
    }
}

/// Another program holds the log's write lock longer than the store waits.
@Suite struct LockedLogTests {
    /// A python3 sqlite3 process that takes an exclusive lock on `path`, says `locked`, and commits when its
    /// standard input gets a line.
    final class LockHolder {
        let process = Process()
        let input = Pipe(), output = Pipe()

        init(_ path: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", "-c",
                """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1], isolation_level=None)
                db.execute('BEGIN EXCLUSIVE')
                print('locked', flush=True)
                sys.stdin.readline()
                db.execute('COMMIT')
                """, path,
            ]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            guard said.hasPrefix("locked") else { throw LockHolderFailed(description: "the lock holder did not lock \(path): \(said)") }
        }

        func release() {
            input.fileHandleForWriting.write(Data("\n".utf8))
            process.waitUntilExit()
        }
    }

    @Test func anAnswerGivenWhileTheLogIsLockedIsKeptSaidAndSavedLater() throws {
        let path = Support.temporaryFolder() + "/locked.sqlite"
        let store = try PracticeLog(path: path, busyTimeout: 1)
        let drill = QuizDrill(
            settings: QuizSettings(questions: 2), store: store, clock: SteppingClock(start: Date(timeIntervalSince1970: 1_795_000_000), step: 1),
            seed: 3)
        var notices: [String] = []
        drill.notify = { notices.append($0) }
        try drill.start()

        let holder = try LockHolder(path)
        let first = try #require(drill.nextQuestion())
        drill.markPlayed()
        _ = try drill.answer(first.interval, note: first.upper)
        #expect(notices == ["cannot write to quiz database \(path): it stayed locked by another program for 1 s; try again: your answer is kept in memory and tried again with the next one"])
        #expect(try store.answers().isEmpty)
        holder.release()

        let second = try #require(drill.nextQuestion())
        drill.markPlayed()
        _ = try drill.answer(second.interval, note: second.upper)
        try drill.finish()
        #expect(notices.last == "the quiz log is free again: the kept answers are saved")
        #expect(try store.answers().map(\.playedInterval) == [first.interval.semitones, second.interval.semitones])
        #expect(try store.sessions().first?.endedAt != nil)
    }
}

@Suite struct StoreRefusalTests {
    @Test("answers a trigger refuses are lost with the trigger's reason, not as a lock")
    func triggerAbortIsNamed() throws {
        let path = Support.temporaryFolder() + "/trigger.sqlite"
        let store = try PracticeLog(path: path, busyTimeout: 1)
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TRIGGER no_answers BEFORE INSERT ON recognize_intervals BEGIN SELECT RAISE(ABORT, 'no answers today'); END") }
        try queue.close()
        let drill = QuizDrill(
            settings: QuizSettings(questions: 1), store: store, clock: SteppingClock(start: Date(timeIntervalSince1970: 1_795_000_000), step: 1),
            seed: 3)
        var notices: [String] = []
        drill.notify = { notices.append($0) }
        try drill.start()
        let question = try #require(drill.nextQuestion())
        drill.markPlayed()
        _ = try drill.answer(question.interval, note: question.upper)
        let error = try #require(throws: QuizError.self) { try drill.finish() }
        #expect(error.description.contains("no answers today"), "\(error.description)")
        #expect(!error.description.contains("locked"))
        #expect(notices.allSatisfy { !$0.contains("locked") && $0.contains("no answers today") }, "\(notices)")
    }
}

@Suite struct CompanionLinkTests {
    @Test(
        "a -wal, -shm or -journal beside the log that is a link (symbolic or hard) or a folder is refused, named, nothing written through it",
        arguments: ["-wal", "-shm", "-journal"], ["symbolic", "hard", "folder"])
    func companionRefused(suffix: String, kind: String) throws {
        let folder = Support.temporaryFolder()
        let path = folder + "/q.sqlite"
        let store = try PracticeLog(path: path)
        try store.record(StoreTests.row(session: try store.startSession(at: Date()), 1))
        let score = folder + "/s.jp"
        try "1 2 3 4 |\n".write(toFile: score, atomically: true, encoding: .utf8)
        for leftover in ["-wal", "-shm", "-journal"] { unlink(path + leftover) }
        switch kind {
        case "symbolic": try FileManager.default.createSymbolicLink(atPath: path + suffix, withDestinationPath: "s.jp")
        case "hard": #expect(link(score, path + suffix) == 0)
        default: try FileManager.default.createDirectory(atPath: path + suffix, withIntermediateDirectories: false)
        }
        let what =
            [
                "symbolic": "is a symbolic link (to s.jp)", "hard": "is another name of a file (a hard link), which SQLite would write into",
                "folder": "is a folder",
            ][kind] ?? ""
        for open in [{ _ = try PracticeLog(path: path) }, { _ = try PracticeLog.forReading(path: path) }] {
            let error = try #require(throws: PracticeFailure.self) { try open() }
            #expect(
                error.description.contains("\(path + suffix), SQLite's file beside it, \(what);"),
                "\(error.description)")
            #expect(error.description.contains("nothing was written through it"))
            #expect(!error.description.contains("read-only") && !error.description.contains("permissions") && !error.description.contains("\n"))
        }
        #expect(try String(contentsOfFile: score, encoding: .utf8) == "1 2 3 4 |\n")
    }
}

@Suite struct NoRoomTests {
    @Test("a folder with room gives no no-room message")
    func roomLeft() {
        #expect(PracticeLog.noRoomProblem(Support.temporaryFolder() + "/q.sqlite", while: .opening) == nil)
    }
}

@Suite struct StoreMessageTests {
    @Test("a full disk is named as such, without advice to move the log away", arguments: [ResultCode.SQLITE_FULL, .SQLITE_IOERR])
    func fullDisk(code: ResultCode) {
        let text = PracticeFailure.sqlite(DatabaseError(resultCode: code), path: "q.sqlite", action: .writing).description
        #expect(text.hasPrefix("cannot write to quiz database q.sqlite: the disk"))
        #expect(text.contains("full"))
        #expect(!text.contains("move it away"))
    }
}

/// The helper process that was to hold the log's lock did not.
struct LockHolderFailed: Error, CustomStringConvertible {
    var description: String
}
