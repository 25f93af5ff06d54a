import Synchronization

/// Values kept once for the whole process, each known by a small number.
///
/// A large score repeats a few values millions of times (its file name, a few dozen note
/// spellings); a note then holds four bytes instead of a string. Numbers are never reused,
/// so two equal numbers always mean equal values, and Hashable types holding them stay exact.
package final class InternTable<Value: Hashable & Sendable>: Sendable {
    private let table = Mutex<(values: [Value], numbers: [Value: UInt32])>(([], [:]))

    /// An empty table.
    package init() {}

    /// The number of `value`, given it the first time it is seen.
    package func number(for value: Value) -> UInt32 {
        table.withLock { table in
            if let number = table.numbers[value] { return number }
            let number = UInt32(truncatingIfNeeded: table.values.count)
            table.values.append(value)
            table.numbers[value] = number
            return number
        }
    }

    /// The value that has `number`.
    package func value(_ number: UInt32) -> Value {
        table.withLock { $0.values[Int(number)] }
    }
}
