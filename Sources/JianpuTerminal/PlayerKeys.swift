/// The `jianpu play` screen's keys: space pauses and resumes, ←/→ jump a bar, +/- change the tempo,
/// q, Esc or Ctrl-C stop.
public enum PlayerKeys {
    /// The tempo factor changes by this ratio per `+` or `-`.
    public static let tempoStep = 1.1
    /// The tempo factor stays within these bounds.
    public static let tempoRange = 0.25...4.0

    /// What a key asks for.
    public enum Action: Sendable, Hashable {
        case togglePause, previousBar, nextBar, faster, slower, quit
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
