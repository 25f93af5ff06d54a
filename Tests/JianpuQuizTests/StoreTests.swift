import Foundation
import JianpuCore
import Testing
@testable import JianpuQuiz

@Suite struct StoreTests {
    static func row(session: Int64, _ index: Int) -> AnswerRow {
        let question = Question(root: 60 + index % 12, interval: .majorThird, kind: .harmonic, program: 0)
        let date = Date(timeIntervalSince1970: 1_795_000_000 + Double(index))
        return AnswerRow(sessionID: session, playedAt: date, recognizedAt: date.addingTimeInterval(1), question: question,
                         recognizedNote: question.upper, recognized: .majorThird, repeatedTimes: 0)
    }

    @Test func twoWritersAtOnceLoseNothing() async throws {
        let path = Support.temporaryFolder() + "/shared.sqlite"
        _ = try QuizStore(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = try QuizStore(path: path)
                    let session = try store.startSession(at: Date())
                    for index in 0..<100 { try store.record(Self.row(session: session, writer * 1000 + index)) }
                    try store.endSession(session, at: Date())
                }
            }
            try await group.waitForAll()
        }
        #expect(try QuizStore(path: path).answers().count == 200)
    }

    @Test func corruptFileIsAOneLineError() throws {
        let path = Support.temporaryFolder() + "/quiz.sqlite"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }).write(to: URL(fileURLWithPath: path))
        do {
            _ = try QuizStore(path: path)
            Issue.record("a corrupt file must not open")
        } catch let error as QuizError {
            #expect(error.message == "cannot open quiz database \(path): file is not a database; move it away or pass --db NEW")
        }
    }

    @Test func readOnlyFileIsAOneLineErrorButStatsCanRead() throws {
        let path = Support.temporaryFolder() + "/quiz.sqlite"
        let store = try QuizStore(path: path)
        try store.record(Self.row(session: try store.startSession(at: Date()), 1))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        do {
            _ = try QuizStore(path: path)
            Issue.record("a read-only file must not open for writing")
        } catch let error as QuizError {
            #expect(error.message.hasPrefix("cannot open quiz database \(path): it is read-only;"))
            #expect(!error.message.contains("\n"))
        }
        #expect(try QuizStore.forReading(path: path).answers().count == 1)
    }

    @Test func folderIsCreated() throws {
        let path = Support.temporaryFolder() + "/a/b/quiz.sqlite"
        _ = try QuizStore(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
