import Dispatch
import Foundation
import Testing

@testable import JianpuServe

/// The render service: bounded in time, off the caller's thread, and an older edit skipped for a newer one.
@Suite("jianpu serve: the render service")
struct RenderServiceTests {
    @Test("work past the time bound is answered with nothing, and the queue goes on with the next")
    func timeBound() async {
        let queue = DispatchQueue(label: "test.render")
        // The first answer wins: nil means the bound (0.2 s) answered before the work (1 s) did. How soon this task
        // then runs again is the test run's scheduling, not the service's (under the full parallel run it was 90 s).
        let slow = await RenderService.bounded(seconds: 0.2, on: queue) { () -> Int in
            Thread.sleep(forTimeInterval: 1); return 1
        }
        #expect(slow == nil, "the answer came at the bound, not when the work ended")
        let next = await RenderService.bounded(seconds: 5, on: queue) { 2 }
        #expect(next == 2)
    }

    @Test("a render whose turn comes after a newer edit of the same editor is skipped")
    func superseded() async throws {
        let service = RenderService(seconds: 10)
        let text = String(repeating: "1 2 3 4 | 5 6 7 1' |\n", count: 400)
        let older = Task { () -> Result<RenderResult, ServeError> in
            do throws(ServeError) { return .success(try await service.render(RenderRequest(text: text, session: "a", generation: 1))) } catch { return .failure(error) }
        }
        // The newer edit is asked for while the older one is still queued or typesetting.
        try await Task.sleep(for: .milliseconds(1))
        let newer = try await service.render(RenderRequest(text: text + "1 |\n", session: "a", generation: 2))
        #expect(newer.ok)
        switch await older.value {
        case .success(let result): #expect(result.ok, "it ran before the newer edit came")
        case .failure(let error): #expect(error.status == .conflict)
        }
        // A request of another editor is never skipped for this one's.
        let other = try await service.render(RenderRequest(text: "1 2 3 4 |\n", session: "b", generation: 1))
        #expect(other.ok)
    }
}
