import JianpuCore

/// A note's length as written (type, dots, time modification) rather than as `<duration>` counts it.
///
/// `<duration>` is a whole number of divisions, so a file with 256 divisions stores triplet quavers as
/// 85, 85 and 86: summing those gives no written value at all. The notation says what was meant; the
/// duration is trusted only where the notation is missing or clearly disagrees (a whole-bar rest).
extension MusicXMLPartReader {
    /// The written length of a `<note>`, or `performed` when the note has no type or its type is not what sounds.
    mutating func notatedLength(_ element: MusicXMLElement, performed: WholeNotes, place: String) -> WholeNotes {
        guard let typeName = element.value("type"), var written = Self.noteTypeLength(typeName),
              element.child("rest")?.attributes["measure"] != "yes" else { return performed }
        var add = written
        for _ in element.children("dot").prefix(4) {
            add = add / 2
            written += add
        }
        if let modification = element.child("time-modification"),
           let actual = modification.integer("actual-notes"), let normal = modification.integer("normal-notes"),
           actual > 0, normal > 0, actual <= 64, normal <= 64 {
            written = written * WholeNotes(Int64(normal), Int64(actual))
        }
        // One division either way is the rounding a file must do; beyond that the duration means something else
        // (swing written straight, a cue-sized bar), and what sounds is what the bar holds.
        let unit = WholeNotes(1, 4 * max(divisions, 1))
        guard Self.distance(written, performed) <= unit else { return performed }
        return written
    }

    /// The bar's length from how far its voices reach: the notation's reach where it agrees with the
    /// durations' (within `slack`), else the durations'; an empty bar is a full one.
    func barLength(reachedByDuration: WholeNotes, reachedByNotation: WholeNotes, slack: WholeNotes) -> WholeNotes {
        if reachedByDuration == .zero && reachedByNotation == .zero { return meter.barLength }
        let reach = Self.distance(reachedByDuration, reachedByNotation) <= slack ? reachedByNotation : reachedByDuration
        return Self.distance(reach, meter.barLength) <= slack ? meter.barLength : reach
    }

    static func distance(_ a: WholeNotes, _ b: WholeNotes) -> WholeNotes { a > b ? a - b : b - a }
}
