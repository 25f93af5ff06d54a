import Testing

@testable import JianpuCore

struct ParallelMapTests {
    @Test("parallelMap keeps the elements' order, on the cores or not", arguments: [false, true])
    func parallelMapKeepsOrder(inParallel: Bool) {
        let squares = Array(0..<500).parallelMap(inParallel: inParallel) { $0 * $0 }
        #expect(squares == (0..<500).map { $0 * $0 })
    }

    @Test("bothInParallel gives each result in its place, on the cores or not", arguments: [false, true])
    func bothInParallelKeepsPlaces(inParallel: Bool) {
        let (text, number) = bothInParallel(inParallel, { String(repeating: "a", count: 3) }, { (1...100).reduce(0, +) })
        #expect(text == "aaa")
        #expect(number == 5050)
    }
}
