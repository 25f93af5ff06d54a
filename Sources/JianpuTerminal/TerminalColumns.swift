/// How many columns a character takes on a terminal: 2 for East Asian wide characters, else 1. The loop clips
/// every line to the window with it.
///
/// The same table as the engraving's `TextEngraving.displayWidth`, which the terminal does not import (the
/// engraving is the play screen's, in JianpuPlay); both belong in JianpuCore's `TerminalText` once it can hold them.
public enum TerminalColumns {
    /// Columns a character takes.
    public static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
