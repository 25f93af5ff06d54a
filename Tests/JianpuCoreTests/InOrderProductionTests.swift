import Synchronization
import Testing

@testable import JianpuCore

struct InOrderProductionTests {
    private struct Stop: Error {}

    @Test("pieces made side by side are taken in order, each once", arguments: [0, 1, 7, 200])
    func piecesAreTakenInOrder(count: Int) {
        var taken: [Int] = []
        InOrderProduction.run(count: count, ahead: 3) { index in
            // Later pieces made faster than earlier ones: the order taken must not follow the order made.
            var spin = (count - index) * 200
            while spin > 0 { spin -= 1 }
            return index * index
        } take: { piece in
            taken.append(piece)
        }
        #expect(taken == (0..<count).map { $0 * $0 })
    }

    @Test("no more than `ahead` pieces are made and not yet taken")
    func makingWaitsForTheTaker() {
        let made = Atomic<Int>(0)
        var mostAhead = 0
        var takenCount = 0
        InOrderProduction.run(count: 60, ahead: 2) { index in
            made.add(1, ordering: .relaxed)
            return index
        } take: { _ in
            takenCount += 1
            // Made so far, less those taken (this one with them): the ones waiting.
            mostAhead = max(mostAhead, made.load(ordering: .relaxed) - takenCount)
        }
        #expect(takenCount == 60)
        #expect(mostAhead <= 2)
    }

    @Test("a taker that throws stops the making and its error is thrown")
    func failedTakeStopsTheMaking() {
        let made = Atomic<Int>(0)
        #expect(throws: Stop.self) {
            try InOrderProduction.run(count: 10_000, ahead: 4) { index in
                made.add(1, ordering: .relaxed)
                return index
            } take: { piece in
                if piece == 5 { throw Stop() }
            }
        }
        // The pieces begun before the stop are finished; the thousands after are never begun.
        #expect(made.load(ordering: .relaxed) < 100)
    }
}
