import JianpuCore
import Testing

@Suite("Minimum heap")
struct MinimumHeapTests {
    @Test(
        "elements come out least first, however they went in",
        arguments: [[5, 3, 8, 1, 9, 2, 7], [1, 2, 3, 4], [4, 3, 2, 1], [2, 2, 1, 1, 3, 3], [42], []])
    func comesOutInOrder(values: [Int]) {
        var heap = MinimumHeap<Int>()
        for value in values { heap.insert(value) }
        var taken: [Int] = []
        while let least = heap.removeFirst() { taken.append(least) }
        #expect(taken == values.sorted())
        #expect(heap.isEmpty && heap.first == nil)
    }

    @Test("inserting between removals keeps the least first")
    func interleaved() {
        var heap = MinimumHeap<Int>()
        heap.insert(10)
        heap.insert(4)
        #expect(heap.removeFirst() == 4)
        heap.insert(7)
        heap.insert(12)
        #expect(heap.first == 7)
        #expect(heap.removeFirst() == 7)
        #expect(heap.removeFirst() == 10)
        #expect(heap.removeFirst() == 12)
        #expect(heap.removeFirst() == nil)
    }
}
