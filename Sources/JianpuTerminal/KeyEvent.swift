/// A key pressed (or, with the kitty keyboard protocol, repeated or released).
public struct KeyEvent: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        case character(Character)
        case up, down, left, right
        case enter, escape, backspace, tab
        /// Ctrl and a letter, e.g. `.control("c")`.
        case control(Character)
    }
    public enum Kind: Sendable, Hashable { case press, `repeat`, release }

    public var key: Key
    public var kind: Kind

    public init(_ key: Key, _ kind: Kind = .press) {
        self.key = key
        self.kind = kind
    }
}

/// Turns the bytes a terminal sends into key events: plain characters, escape sequences for
/// arrows, and the kitty keyboard protocol's `CSI code;modifiers:event u` with releases.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Set when the terminal answered the kitty protocol query (`CSI ? flags u`).
    public private(set) var sawKittyReply = false

    public init() {}

    /// The events in `bytes` (an incomplete sequence at the end waits for the next call).
    public mutating func events(from bytes: [UInt8]) -> [KeyEvent] {
        pending += bytes
        var events: [KeyEvent] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard index + 1 < pending.count else {
                    // A lone escape at the end of a read is the Escape key.
                    if bytes.count <= 1 || index == pending.count - 1 { events.append(KeyEvent(.escape)); index += 1; continue }
                    break
                }
                if pending[index + 1] == UInt8(ascii: "[") || pending[index + 1] == UInt8(ascii: "O") {
                    guard let end = pending[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else { break }
                    if let event = decodeSequence(Array(pending[(index + 2)..<end]), final: pending[end]) { events.append(event) }
                    index = end + 1
                    continue
                }
                events.append(KeyEvent(.escape))
                index += 1
                continue
            }
            switch byte {
            case 13, 10: events.append(KeyEvent(.enter))
            case 9: events.append(KeyEvent(.tab))
            case 127, 8: events.append(KeyEvent(.backspace))
            case 1...26: events.append(KeyEvent(.control(Character(UnicodeScalar(byte + 96)))))
            default:
                // A whole UTF-8 character.
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= pending.count else {
                    pending = Array(pending[index...])
                    return events
                }
                if let character = String(validating: pending[index..<(index + length)], as: UTF8.self)?.first {
                    events.append(KeyEvent(.character(character)))
                }
                index += length
                continue
            }
            index += 1
        }
        pending = Array(pending[min(index, pending.count)...])
        return events
    }

    private mutating func decodeSequence(_ parameters: [UInt8], final: UInt8) -> KeyEvent? {
        let text = String(decoding: parameters, as: UTF8.self)
        switch final {
        case UInt8(ascii: "A"): return KeyEvent(.up, Self.kind(text))
        case UInt8(ascii: "B"): return KeyEvent(.down, Self.kind(text))
        case UInt8(ascii: "C"): return KeyEvent(.right, Self.kind(text))
        case UInt8(ascii: "D"): return KeyEvent(.left, Self.kind(text))
        case UInt8(ascii: "u"):
            if text.hasPrefix("?") { sawKittyReply = true; return nil }
            let fields = text.split(separator: ";", omittingEmptySubsequences: false)
            let codes = fields.first?.split(separator: ":", omittingEmptySubsequences: false) ?? []
            guard let codeText = codes.first, let code = Int(codeText), let scalar = UnicodeScalar(code) else { return nil }
            let kind = Self.kind(text)
            let modifiers = fields.count > 1 ? Int(fields[1].split(separator: ":").first ?? "1") ?? 1 : 1
            // Shift held (modifier bit 1): the character it types, as a terminal without the protocol sends it —
            // the shifted key the terminal reports (flag 4), or an upper-case letter.
            if (modifiers - 1) & 1 != 0, (modifiers - 1) & 4 == 0 {
                if codes.count > 1, let shifted = Int(codes[1]), let shiftedScalar = UnicodeScalar(shifted) {
                    return KeyEvent(.character(Character(shiftedScalar)), kind)
                }
                if (97...122).contains(code), let upper = UnicodeScalar(code - 32) { return KeyEvent(.character(Character(upper)), kind) }
            }
            switch code {
            case 13: return KeyEvent(.enter, kind)
            case 27: return KeyEvent(.escape, kind)
            case 9: return KeyEvent(.tab, kind)
            case 127: return KeyEvent(.backspace, kind)
            default:
                // Ctrl held (modifier bit 4, sent as 1 + bits).
                if (modifiers - 1) & 4 != 0, (97...122).contains(code) { return KeyEvent(.control(Character(scalar)), kind) }
                return KeyEvent(.character(Character(scalar)), kind)
            }
        default: return nil
        }
    }

    /// The event type of a kitty sequence (`…;mods:2` repeat, `:3` release); press otherwise.
    private static func kind(_ parameters: String) -> KeyEvent.Kind {
        let fields = parameters.split(separator: ";")
        guard fields.count > 1, let event = fields[1].split(separator: ":").dropFirst().first else { return .press }
        switch event {
        case "2": return .repeat
        case "3": return .release
        default: return .press
        }
    }
}

/// Escape sequences for the kitty keyboard protocol (key release events).
public enum KittyKeyboard {
    /// Ask for press/repeat/release events with disambiguated keys and the shifted key (`Q` for Shift+q),
    /// then ask what the terminal supports.
    public static let enable = "\u{1B}[>15u\u{1B}[?u"
    /// Pop our flags again.
    public static let disable = "\u{1B}[<u"
}
