import JianpuCore
import JianpuNotation

/// A tempo as written above the music: `♩=105`, `♩.=56`.
public enum TempoText {
    /// The tempo as printed: a note of the beat and its beats a minute.
    public static func text(of tempo: TempoMark) -> String {
        let beat = tempo.beat
        let symbol: String
        switch (beat.numerator, beat.denominator) {
        case (1, 2): symbol = "𝅗𝅥"
        case (3, 4): symbol = "𝅗𝅥."
        case (1, 8): symbol = "♪"
        case (3, 16): symbol = "♪."
        case (3, 8): symbol = "♩."
        case (1, 1): symbol = "𝅝"
        default: symbol = "♩"
        }
        return "\(symbol)=\(tempo.beatsPerMinute)"
    }
}
