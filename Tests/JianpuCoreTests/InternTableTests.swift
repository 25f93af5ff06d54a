import Dispatch
import JianpuCore
import Testing

@Suite("Intern table")
struct InternTableTests {
    @Test("each value gets one number, and the number gives the value back, past the first chunks")
    func numbersRoundTrip() {
        let table = InternTable<String>()
        let values = (0..<1_000).map { "value \($0)" }
        let numbers = values.map(table.number(for:))
        #expect(numbers == (0..<1_000).map(UInt32.init))
        #expect(values.map(table.number(for:)) == numbers)
        #expect(numbers.map(table.value) == values)
    }

    @Test("values numbered on several threads read back on others")
    func acrossThreads() {
        let table = InternTable<Int>()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { _ = table.number(for: value * 4 + thread) }
        }
        let numbers = (0..<2_000).map(table.number(for:))
        #expect(Set(numbers).count == 2_000)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 0..<2_000 { precondition(table.value(numbers[value]) == value) }
        }
        #expect(numbers.indices.allSatisfy { table.value(numbers[$0]) == $0 })
    }
}
