import JianpuCore

/// A note's length as written (type, dots, time modification) rather than as `<duration>` counts it.
///
/// `<duration>` is a whole number of divisions, so a file with 256 divisions stores triplet quavers as
/// 85, 85 and 86: summing those gives no written value at all. The notation says what was meant; the
/// duration is trusted only where the notation is missing or clearly disagrees (a whole-bar rest).
extension MusicXMLPartReader {
    /// The written length of a `<note>`, or `performed` when the note has no type or its type is not what sounds.
    mutating func notatedLength(_ element: MusicXMLElement, performed: WholeNotes, place: String) -> WholeNotes {
        guard element.child("rest")?.attributes["measure"] != "yes" else { return performed }
        guard let typeName = element.value("type"), var written = Self.noteTypeLength(typeName) else {
            return Self.nearestWritable(performed)
        }
        var add = written
        for _ in element.children("dot").prefix(4) {
            add = add / 2
            written += add
        }
        if let modification = element.child("time-modification"),
            let actual = modification.integer("actual-notes"), let normal = modification.integer("normal-notes"),
            actual > 0, normal > 0, actual <= 64, normal <= 64
        {
            written = written * WholeNotes(Int64(normal), Int64(actual))
        }
        // One division either way is the rounding a file must do; beyond that the duration means something else
        // (swing written straight, a cue-sized bar), and what sounds is what the bar holds.
        let unit = WholeNotes(1, 4 * max(divisions, 1))
        guard Self.distance(written, performed) <= unit else { return performed }
        return written
    }

    /// A length without a type that no note value makes (a held note stretched by a performance, 2966 of 3072
    /// divisions): the nearest 64th, where that is less than a 128th away; else as it is.
    static func nearestWritable(_ length: WholeNotes) -> WholeNotes {
        let grid = WholeNotes(1, 64)
        guard (length / grid).denominator != 1 else { return length }
        let nearest = max(grid, length.nearestMultiple(of: grid))
        return distance(nearest, length) <= WholeNotes(1, 128) ? nearest : length
    }

    /// Where a voice starts after `<backup>` or `<forward>`: where the durations put it, unless that is no place
    /// a note can start (on no 96th or 64th of a whole note) and a 64th is less than a 128th away.
    static func nearestNotatedOnset(_ position: WholeNotes) -> WholeNotes {
        let (in96, in64) = (position * 96, position * 64)
        guard in96.denominator != 1, in64.denominator != 1 else { return position }
        return nearestWritable(position)
    }

    /// The bar's length from how far its voices reach: the notation's reach where it agrees with the
    /// durations' (within `slack`), else the durations'; an empty bar is a full one.
    func barLength(reachedByDuration: WholeNotes, reachedByNotation: WholeNotes, slack: WholeNotes) -> WholeNotes {
        if reachedByDuration == .zero && reachedByNotation == .zero { return meter.barLength }
        // Notes that fill the bar exactly, by their notation, fill it, whatever a stretched duration says: a file
        // whose divisions cannot hold its own note values (17 to the crotchet, quavers stored as 8) loses a little
        // on every note, a sixteenth of the bar and more by its end.
        if reachedByNotation == meter.barLength
            && Self.distance(reachedByDuration, reachedByNotation) <= max(WholeNotes(1, 64), meter.barLength * WholeNotes(1, 8))
        {
            return meter.barLength
        }
        let reach = Self.distance(reachedByDuration, reachedByNotation) <= slack ? reachedByNotation : reachedByDuration
        // A bar a 128th or less from its meter's length is that long: no bar of music differs by so little.
        return Self.distance(reach, meter.barLength) <= max(slack, WholeNotes(1, 128)) ? meter.barLength : reach
    }

    /// A voice that overfills its bar by exactly one note's dot, as a copyist's slip does (a dotted semiquaver
    /// among plain ones, where the other parts' bars add up): that dot goes, and the import says so.
    mutating func removeOverfillingDot(_ entries: inout [(onset: WholeNotes, event: ImportedEvent)], barLength: WholeNotes, place: String) {
        let sounding = entries.indices.filter { !entries[$0].event.isGrace }
        guard let end = sounding.map({ entries[$0].onset + entries[$0].event.length }).max(), end > barLength else { return }
        let excess = end - barLength
        guard let dotted = sounding.last(where: { entries[$0].event.length == excess * 3 }) else { return }
        let onset = entries[dotted].onset
        entries[dotted].event.length = excess * 2
        for index in entries.indices where entries[index].onset > onset {
            entries[index].onset = entries[index].onset - excess
        }
        let beatType = WholeNotes(Int64(meter.beatType))
        let beats = { (length: WholeNotes) in length * beatType }
        warn(
            place,
            "the notes add up to \(beats(end)) beats in a bar of \(beats(barLength)): the dotted note on beat \(beats(onset) + WholeNotes(1)) is written without its dot, so that the bar adds up")
    }

    static func distance(_ a: WholeNotes, _ b: WholeNotes) -> WholeNotes { a > b ? a - b : b - a }
}
