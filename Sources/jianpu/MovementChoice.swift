import JianpuCommandLine

/// `--movement N` checked against the score: one message for every command that takes it.
enum MovementChoice {
    /// Fails unless `movement` (1-based, nil for all) is one of the score's `count` movements.
    static func check(_ movement: Int?, count: Int, file: String) throws {
        guard let movement, !(0..<count).contains(movement - 1) else { return }
        throw CommandFailure("\(file) has \(count) movement(s): --movement must be 1 to \(count)")
    }
}
