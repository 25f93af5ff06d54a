import JianpuTerminal

/// The `jianpu play` screen's keys: space pauses and resumes, ←/→ jump a bar, +/- change the tempo,
/// `[` and `]` set the loop's first and last bar to the bar playing, `c` clears the loop, 1-9 choose
/// a part, `m` mutes it and `s` solos it, q, Esc or Ctrl-C stop.
public enum PlayerKeys {
    /// The tempo factor changes by this ratio per `+` or `-`.
    public static let tempoStep = 1.1
    /// The tempo factor stays within these bounds.
    public static let tempoRange = 0.25...4.0

    /// What a key asks for.
    public enum Action: Sendable, Hashable {
        case togglePause, previousBar, nextBar, faster, slower, quit
        case loopStart, loopEnd, clearLoop, toggleMute, toggleSolo
        /// Choose a part, 0-based.
        case selectPart(Int)
    }

    /// The action bound to a key, if any (releases do nothing).
    public static func action(for event: KeyEvent) -> Action? {
        guard event.kind != .release else { return nil }
        switch event.key {
        case .character(" "), .character("p"): return event.kind == .press ? .togglePause : nil
        case .left, .character("h"): return .previousBar
        case .right, .character("l"): return .nextBar
        case .character("+"), .character("="), .up: return .faster
        case .character("-"), .character("_"), .down: return .slower
        case .character("q"), .character("Q"), .control("c"), .control("d"), .escape: return .quit
        case .character("["): return event.kind == .press ? .loopStart : nil
        case .character("]"): return event.kind == .press ? .loopEnd : nil
        case .character("c"): return event.kind == .press ? .clearLoop : nil
        case .character("m"): return event.kind == .press ? .toggleMute : nil
        case .character("s"): return event.kind == .press ? .toggleSolo : nil
        case .character(let digit) where ("1"..."9").contains(digit):
            return event.kind == .press ? digit.wholeNumberValue.map { .selectPart($0 - 1) } : nil
        default: return nil
        }
    }

    /// The tempo factor after one step faster or slower, kept within `tempoRange`.
    public static func steppedTempo(_ factor: Double, faster: Bool) -> Double {
        let next = faster ? factor * tempoStep : factor / tempoStep
        // Land on 1 again when stepping back past it (rounding would leave 0.9999…).
        let snapped = abs(next - 1) < 0.01 ? 1 : next
        return min(max(snapped, tempoRange.lowerBound), tempoRange.upperBound)
    }
}
