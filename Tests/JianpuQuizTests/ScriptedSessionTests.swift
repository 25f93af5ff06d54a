import Foundation
import JianpuCore
import JianpuTerminal
import Testing

@testable import JianpuPractice
@testable import JianpuQuiz

@Suite struct ScriptedSessionTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    /// Runs a muted, seeded session with scripted answers; returns the printed lines and the store.
    static func session(
        answers: [String], settings: QuizSettings, seed: UInt64, db: String, explain: Bool = false,
        test: Int? = nil
    ) throws -> ([String], PracticeLog, QuizSummary) {
        let store = try PracticeLog(path: db)
        let clock = SteppingClock(start: start, step: 1.25)
        let history = try store.recentAnswers().compactMap(\.summary)
        let drill = QuizDrill(
            settings: settings, store: store, clock: clock, seed: seed, history: history,
            testRepetitions: test, passMark: test == nil ? nil : 80)
        let events = AnswerEventQueue()
        events.push(lines: answers)
        var lines: [String] = []
        let summary = try PlainQuiz(
            drill: drill, audio: try PromptPlayer(output: .muted, soundFont: nil), events: events,
            explain: explain, write: { lines.append($0) }
        ).run()
        return (lines, store, summary)
    }

    @Test func goldenSessionQuestionsLogAndStats() throws {
        let folder = Support.temporaryFolder()
        let db = folder + "/quiz.sqlite"
        var settings = QuizSettings.standard
        settings.questions = 6
        settings.octaves = [3, 4]
        settings.programs = [0, 40, 73]
        settings.varyInstrument = true
        let answers = ["M6", "r", "m6", "M2", "what", "3", "m3", "l", "8", "M3"]
        let (lines, store, summary) = try Self.session(answers: answers, settings: settings, seed: 42, db: db, explain: true)
        try Support.expectGolden(lines.joined(separator: "\n") + "\n", "session-seed42.txt")
        let rows = try store.answers()
        try Support.expectGolden(rows.map(Support.line).joined(separator: "\n") + "\n", "session-seed42-rows.txt")
        #expect(rows.count == summary.asked)
        let statistics = QuizStatistics(rows: rows)
        try Support.expectGolden(statistics.table(), "session-seed42-stats.txt")
        try Support.expectGolden(statistics.csv(), "session-seed42-stats.csv")
        try Support.expectGolden(statistics.json(), "session-seed42-stats.json")
    }

    @Test func sameSeedSameQuestions() throws {
        let settings = QuizSettings(questions: 5)
        let answers = Array(repeating: "P5", count: 5)
        let (first, _, _) = try Self.session(answers: answers, settings: settings, seed: 9, db: Support.temporaryFolder() + "/a.sqlite")
        let (second, _, _) = try Self.session(answers: answers, settings: settings, seed: 9, db: Support.temporaryFolder() + "/b.sqlite")
        #expect(first == second)
        #expect(first.filter { $0.hasPrefix("Q") }.count == 5)
    }

    @Test func everyColumnIsLogged() throws {
        let db = Support.temporaryFolder() + "/quiz.sqlite"
        let settings = QuizSettings(intervals: [.minorSixth], octaves: [4], kinds: [.melodicDown], programs: [40], questions: 1)
        let (_, store, _) = try Self.session(answers: ["r", "r", "M6"], settings: settings, seed: 1, db: db)
        let row = try #require(try store.answers().first)
        #expect(row.playbackType == .melodicDown)
        #expect(row.firstNote == row.rootNote + 8 && row.secondNote == row.rootNote)
        #expect(row.recognizedNote == row.rootNote + 9)
        #expect(row.playedInterval == 8 && row.recognizedInterval == 9)
        #expect(row.repeatedTimes == 2)
        #expect(row.playbackInstrument == "Violin" && row.program == 40)
        #expect(!row.errorInverted && !row.errorWideness && row.errorOneSemitone)
        #expect(row.responseMilliseconds == 1250)
        #expect(try store.appliedMigrations() == ["v1 seed tables", "v2 response time, root and program", "v3 learn answers"])
        #expect(try store.journalMode() == "wal")
        let sessions = try store.sessions()
        #expect(sessions.count == 1 && sessions[0].endedAt != nil)
    }

    @Test func testModeAsksEveryIntervalNTimesAndGrades() throws {
        let settings = QuizSettings(intervals: [.minorThird, .majorThird, .perfectFifth], questions: 99)
        // Answer everything "M3": a third right.
        let (lines, store, summary) = try Self.session(
            answers: Array(repeating: "M3", count: 6), settings: settings, seed: 5,
            db: Support.temporaryFolder() + "/t.sqlite", test: 2)
        let rows = try store.answers()
        #expect(rows.count == 6)
        #expect(Dictionary(grouping: rows, by: \.playedInterval).mapValues(\.count) == [3: 2, 4: 2, 7: 2])
        #expect(summary.passed == false)
        #expect(lines.contains("test: FAILED (pass mark 80%)"))
    }

    @Test func aPerfectSessionRecapsTheSlowestToDrillNext() throws {
        let settings = QuizSettings(intervals: [.perfectFifth], questions: 3)
        let (lines, _, _) = try Self.session(
            answers: ["P5", "r", "P5", "5"], settings: settings, seed: 3,
            db: Support.temporaryFolder() + "/p.sqlite")
        let recap = Array(lines.drop { !$0.hasPrefix("score:") })
        #expect(recap.contains("confusions (played → answered): none"))
        #expect(recap.contains("error classes: inverted 0, wrong width 0, one semitone 0"))
        #expect(recap.contains("slowest: P5 1.2 s"))
        #expect(recap.last == "drill next: P5  (jianpu quiz --intervals P5)")
    }

    @Test("the recap in a terminal wraps at word boundaries at any width of 40 columns or more", arguments: [40, 41, 47, 60, 80])
    func theRecapWrapsAtWordBoundaries(width: Int) {
        var summary = QuizSummary(asked: 12, correct: 5, total: 12)
        summary.recap = [
            "confusions (played → answered): m3 → M3 ×2, P5 → M3 ×2, m7 → m2, M6 → M7",
            "error classes: inverted 0, wrong width 2, one semitone 2, other 1",
            "drill next: m2, m3, M3, P5  (jianpu quiz --intervals m2,m3,M3,P5)",
        ]
        let lines = QuizScreen.recapLines(summary, width: width)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        let words = { (text: [String]) in text.flatMap { $0.split(separator: " ") } }
        #expect(words(lines) == words(summary.lines), "no word is cut or lost")
        #expect(lines.first == "score: 5/12 (42%)")
    }

    @Test func theEndOfASessionRecapsWhatToWorkOn() throws {
        let settings = QuizSettings(intervals: [.minorThird, .majorThird, .perfectFifth], questions: 99)
        let (lines, _, _) = try Self.session(
            answers: Array(repeating: "M3", count: 6), settings: settings, seed: 5,
            db: Support.temporaryFolder() + "/t.sqlite", test: 2)
        let recap = Array(lines.drop { !$0.hasPrefix("score:") })
        #expect(recap.first == "score: 2/6 (33%)")
        #expect(recap.contains("confusions (played → answered): m3 → M3 ×2, P5 → M3 ×2"))
        #expect(recap.contains("error classes: inverted 0, wrong width 2, one semitone 2"))
        #expect(recap.contains { $0.hasPrefix("slowest: ") && $0.hasSuffix(" s") })
        #expect(recap.last == "drill next: m3, M3, P5  (jianpu quiz --intervals m3,M3,P5)")
    }
}

@Suite struct AnswerParsingTests {
    @Test func namesAndDegrees() {
        #expect(AnswerParser.parse("m3") == .interval(.minorThird))
        #expect(AnswerParser.parse("M6") == .interval(.majorSixth))
        #expect(AnswerParser.parse("P5") == .interval(.perfectFifth))
        #expect(AnswerParser.parse("TT") == .interval(.tritone))
        #expect(AnswerParser.parse("8") == .interval(.octave))
        #expect(AnswerParser.parse("1") == .interval(.unison))
        #expect(AnswerParser.parse("15") == .interval(.doubleOctave))
        #expect(AnswerParser.parse(" minor sixth ") == .interval(.minorSixth))
        #expect(AnswerParser.parse("m10") == .interval(Interval(semitones: 15)!))
        #expect(AnswerParser.parse("r") == .repeat)
        #expect(AnswerParser.parse("l") == .listen)
        #expect(AnswerParser.parse("q") == .quit)
        guard case .invalid(let message) = AnswerParser.parse("3") else { Issue.record("3 must be ambiguous"); return }
        #expect(message.contains("m3 or M3"))
        if case .interval = AnswerParser.parse("x9") { Issue.record("x9 is no interval") }
    }

    @Test func pianoKeys() {
        #expect(PianoKeys.note(for: "z", root: 64) == 60)
        #expect(PianoKeys.note(for: "m", root: 64) == 71)
        #expect(PianoKeys.note(for: "q", root: 64) == 72)
        #expect(PianoKeys.note(for: "i", root: 64) == 84)
        #expect(PianoKeys.note(for: "2", root: 61) == 73)
        #expect(PianoKeys.note(for: "a", root: 60) == nil)
    }

    @Test func midiBytes() {
        // The keys the quiz answers with: the note-ons of what was read.
        var parser = MIDIByteParser()
        func noteOns(_ bytes: [UInt8]) -> [Int] {
            parser.messages(from: bytes).compactMap { if case .noteOn(_, let key, _) = $0 { Int(key) } else { nil } }
        }
        // Note on 60, running status note on 64, note on with velocity 0 (= off), clock byte in between, sysex skipped.
        #expect(noteOns([0x90, 60, 100, 64, 0xF8, 90, 67, 0, 0xF0, 0x7E, 0x90, 0xF7, 0x80, 60, 0, 0x91, 72, 1]) == [60, 64, 72])
        // A message split between reads.
        #expect(noteOns([0x90, 62]) == [])
        #expect(noteOns([80]) == [62])
    }

    @Test("a profile that cannot be reached for another reason than not being there is refused, named, never replaced by the defaults")
    func unreachableProfile() throws {
        let folder = Support.temporaryFolder()
        try "1 2 3 4 |\n".write(toFile: folder + "/s.jp", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop.json", withDestinationPath: "loop.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.json", withDestinationPath: "none.json")
        let cases = [
            (folder + "/loop.json", "loop"), (folder + "/dangling.json", "a symbolic link to none.json, which is not there"),
            (folder + "/" + String(repeating: "p", count: 300) + ".json", "longer than the file system allows"),
            (folder + "/s.jp/p.json", "a part of its path is a file"),
        ]
        for (path, reason) in cases {
            let error = try #require(throws: QuizError.self) { try QuizProfile.load(path: path) }
            #expect(error.description.hasPrefix("cannot read quiz profile \(path): "), "\(error.description)")
            #expect(error.description.contains(reason), "\(error.description)")
            #expect(error.description.contains("; fix the ") && !error.description.contains("\n"))
        }
        // Not being there is "no profile yet", and so is a link to nothing when saving (saving creates what it names).
        #expect(try QuizProfile.load(path: folder + "/none.json") == nil)
        #expect(try QuizProfile.load(path: folder + "/dangling.json", saving: true) == nil)
    }

    @Test("a folder as MIDI input is refused at once, named as a folder; a FIFO and a file are taken")
    func midiInputFolder() throws {
        let folder = Support.temporaryFolder()
        let error = try #require(throws: TerminalError.self) { try AnswerEventQueue().listen(toMIDI: folder, portName: "jianpu-quiz") }
        #expect(error.description == "MIDI input \(folder) is a folder: give a raw MIDI device (/dev/snd/midiC*D*, /dev/midi*) or a FIFO made with mkfifo")
        #expect(mkfifo(folder + "/m.fifo", 0o600) == 0)
        #expect(try MIDIInput.check(folder + "/m.fifo") == S_IFIFO)
        try Data([0x90, 60, 100]).write(to: URL(fileURLWithPath: folder + "/m.mid"))
        #expect(try MIDIInput.check(folder + "/m.mid") == S_IFREG)
    }

    @Test func profileRoundTrip() throws {
        let path = Support.temporaryFolder() + "/cfg/jianpu/quiz.json"
        let settings = QuizSettings(
            intervals: [.minorSixth, .majorSixth, Interval(semitones: 13)!], octaves: [3, 5],
            kinds: [.melodicDown], programs: [40, 73], varyInstrument: true, keyFeedback: false, questions: 12)
        try QuizProfile.save(settings, path: path)
        #expect(try QuizProfile.load(path: path) == settings)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"m6\"") && text.contains("\"MD\""))
        try "{ not json".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: QuizError.self) { try QuizProfile.load(path: path) }
        #expect(PracticePaths.defaultDatabase(environment: ["XDG_DATA_HOME": "/x"]) == "/x/jianpu/quiz.sqlite")
        #expect(PracticePaths.defaultDatabase(environment: ["HOME": "/h"]) == "/h/.local/share/jianpu/quiz.sqlite")
        #expect(QuizPaths.defaultProfile(environment: ["HOME": "/h"]) == "/h/.config/jianpu/quiz.json")
    }
}
