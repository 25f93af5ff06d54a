import JianpuCore

/// The meter word a bar needs so that the page's bar lines fall where the source's do.
///
/// Jianpu (and LilyPond behind jianpu-ly) counts bars by the meter; a source bar of another length, such as
/// a chorale's three-beat phrase end in 4/4, an ABC tune's irregular bar, or the two halves of a bar split by a
/// repeat, is written with a meter of its own length, and the declared meter is written again after it (a
/// pickup written mid-piece, `4/4,4`, would make jianpu-ly ask for a bar to make up for it at the end). The
/// short last bar that completes the opening pickup stays as it is, as jianpu-ly expects.
enum BarMeter {
    /// The word to write before a bar of `length` (nil for none), updating `written`, the meter the text is in.
    static func word(
        for length: WholeNotes, declared: ImportedMeter, written: inout ImportedMeter,
        endsPickupScore: Bool
    ) -> String? {
        if length == declared.barLength || length == .zero || endsPickupScore {
            guard written != declared else { return nil }
            written = declared
            return text(declared)
        }
        guard let own = meter(for: length, beatType: declared.beatType) else {
            guard written != declared else { return nil }
            written = declared
            return text(declared)
        }
        written = own
        return text(own)
    }

    /// A meter as long as `length`, counted in `beatType` beats where it divides evenly (`3/4` in 4/4, `5/8` in 6/8),
    /// else in the longest of crotchets, quavers and semiquavers that does: the beat types jianpu-ly reads.
    static func meter(for length: WholeNotes, beatType: Int) -> ImportedMeter? {
        for type in [beatType, 4, 8, 16] where [4, 8, 16].contains(type) {
            let beats = length * Int64(type)
            if beats.denominator == 1, beats.numerator > 0, beats.numerator <= 256 {
                return ImportedMeter(beats: Int(beats.numerator), beatType: type)
            }
        }
        return nil
    }

    static func text(_ meter: ImportedMeter) -> String { "\(meter.beats)/\(meter.beatType)" }
}
