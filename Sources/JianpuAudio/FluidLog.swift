import CFluidSynth
import Synchronization

/// Captures FluidSynth's log messages instead of letting it print them, so our errors can quote them.
final class FluidLog: Sendable {
    static let shared = FluidLog()

    private let messages = Mutex<[String]>([])

    private init() {
        let handler: fluid_log_function_t = { level, message, _ in
            guard let message else { return }
            let text = String(cString: message)
            if level == Int32(FLUID_PANIC.rawValue) || level == Int32(FLUID_ERR.rawValue) || level == Int32(FLUID_WARN.rawValue) {
                FluidLog.shared.append(text)
            }
        }
        for level in [FLUID_PANIC, FLUID_ERR, FLUID_WARN, FLUID_INFO, FLUID_DBG] {
            _ = fluid_set_log_function(Int32(level.rawValue), handler, nil)
        }
    }

    /// Makes sure the handler is installed (the first use of `shared` installs it).
    static func install() { _ = shared }

    private func append(_ text: String) {
        messages.withLock { list in
            list.append(text)
            if list.count > 20 { list.removeFirst(list.count - 20) }
        }
    }

    /// Forgets what was logged so far.
    func clear() { messages.withLock { $0.removeAll() } }

    /// The messages logged since the last `clear()`, joined for an error message ("" when none).
    func recent() -> String {
        messages.withLock { $0.joined(separator: "; ") }
    }

    /// ` (FluidSynth says: …)` or "" — for appending to an error message.
    func suffix() -> String {
        let text = recent()
        return text.isEmpty ? "" : " (FluidSynth says: \(text))"
    }
}
