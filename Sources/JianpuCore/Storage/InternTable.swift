import Synchronization

/// Values kept once for the whole process, each known by a small number.
///
/// A large score repeats a few values millions of times (its file name, a few dozen note
/// spellings); a note then holds four bytes instead of a string. Numbers are never reused,
/// so two equal numbers always mean equal values, and Hashable types holding them stay exact.
///
/// Reading a value takes no lock and is inlined into the caller (specialised for its type):
/// readers such as `Note.text` run millions of times. The values live in chunks that never move
/// (each twice the one before), and a value is written before its number is handed out, so a
/// thread holding a number (passed to it through the usual synchronisation) sees its value.
package final class InternTable<Value: Hashable & Sendable>: @unchecked Sendable {
    /// Where the values are: `chunkCount` chunks, allocated as they are needed, never moved.
    @usableFromInline let chunks: UnsafeMutablePointer<UnsafeMutablePointer<Value>?>
    /// The count of values and each value's number; writers only.
    private let numbers = Mutex<(count: Int, numbers: [Value: UInt32])>((0, [:]))

    /// Values in the first chunk; chunk `k` holds `firstChunk << k`.
    @usableFromInline static var firstChunkShift: Int { 4 }
    /// Enough chunks for every 32-bit number.
    @usableFromInline static var chunkCount: Int { 29 }

    /// An empty table.
    package init() {
        chunks = .allocate(capacity: Self.chunkCount)
        chunks.initialize(repeating: nil, count: Self.chunkCount)
    }

    deinit {
        let count = numbers.withLock { $0.count }
        for chunk in 0..<Self.chunkCount {
            guard let values = chunks[chunk] else { continue }
            let start = Self.chunkStart(chunk)
            values.deinitialize(count: max(0, min(count - start, Self.chunkSize(chunk))))
            values.deallocate()
        }
        chunks.deallocate()
    }

    /// The number of `value`, given it the first time it is seen.
    package func number(for value: Value) -> UInt32 {
        numbers.withLock { table in
            if let number = table.numbers[value] { return number }
            let (chunk, offset) = Self.place(of: table.count)
            if offset == 0 { chunks[chunk] = .allocate(capacity: Self.chunkSize(chunk)) }
            chunks[chunk].unsafelyUnwrapped.advanced(by: offset).initialize(to: value)
            let number = UInt32(truncatingIfNeeded: table.count)
            table.count += 1
            table.numbers[value] = number
            return number
        }
    }

    /// The value that has `number` (a number this table gave).
    @inlinable
    package func value(_ number: UInt32) -> Value {
        let (chunk, offset) = Self.place(of: Int(number))
        return chunks[chunk].unsafelyUnwrapped[offset]
    }

    /// The chunk holding the `index`th value, and its place there.
    @inlinable @inline(__always)
    static func place(of index: Int) -> (chunk: Int, offset: Int) {
        // Chunk k starts at first * (2^k - 1): index + first has its top bit at k + shift.
        let shifted = index + (1 << firstChunkShift)
        let chunk = (Int.bitWidth - 1 - shifted.leadingZeroBitCount) - firstChunkShift
        return (chunk, shifted - (1 << (chunk + firstChunkShift)))
    }

    @inlinable
    static func chunkSize(_ chunk: Int) -> Int { 1 << (chunk + firstChunkShift) }

    @inlinable
    static func chunkStart(_ chunk: Int) -> Int { (1 << (chunk + firstChunkShift)) - (1 << firstChunkShift) }
}
