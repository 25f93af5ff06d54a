/// A small, fast, seedable generator (SplitMix64): the same seed gives the same quiz on every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator seeded from the system's randomness.
    public init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A uniform integer in `0..<count` (count > 0), without modulo bias worth speaking of.
    public mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// An index drawn with probability proportional to `weights` (all ≥ 0, not all 0).
    public mutating func weightedIndex(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        guard total > 0 else { return index(weights.count) }
        var target = unit() * total
        for (index, weight) in weights.enumerated() {
            target -= weight
            if target < 0 { return index }
        }
        return weights.count - 1
    }

    /// The elements in a random order (Fisher–Yates, with this generator).
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        guard items.count > 1 else { return items }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, index(i + 1))
        }
        return items
    }
}
