import JianpuCore

/// Reads the marks a performer reads while a part is built: articulations and fermatas on the note,
/// rest or dash written before them, hairpins from one such note to another, and rehearsal marks on the
/// next one written. Nothing here changes what is played.
struct PerformerMarkReader {
    private(set) var marks: [PerformerMark] = []
    private(set) var hairpins: [Hairpin] = []
    private(set) var rehearsalMarks: [RehearsalMark] = []
    /// The last note, rest, dash or whole-bar rest written: what a mark after it belongs to.
    private var lastWritten: SourceLocation?
    /// The hairpin `\<` or `\>` opened and not yet ended.
    private var openHairpin: (isCrescendo: Bool, start: SourceLocation)?
    /// Rehearsal marks waiting for the next thing written.
    private var pendingLabels: [String] = []

    /// A note, rest, dash or whole-bar rest was written at `location`.
    mutating func wrote(_ location: SourceLocation) {
        lastWritten = location
        // Checked first: called for every note, which nearly never has a label waiting.
        guard !pendingLabels.isEmpty else { return }
        for label in pendingLabels { rehearsalMarks.append(RehearsalMark(label: label, note: location)) }
        pendingLabels = []
    }

    /// `\fermata`, `staccato`, `->`…: printed over the last thing written (nothing before any note).
    mutating func articulation(_ articulation: Articulation) {
        guard let lastWritten else { return }
        marks.append(PerformerMark(articulation: articulation, note: lastWritten))
    }

    /// A one-word command that is not a dynamic: true when it is a mark read here (`\fermata`, `\<`, `\!`).
    mutating func command(_ name: String) -> Bool {
        switch name {
        case "<", ">": startHairpin(isCrescendo: name == "<")
        case "!": endHairpin()
        default:
            guard let articulation = Articulation(command: name) else { return false }
            self.articulation(articulation)
        }
        return true
    }

    /// A dynamic ends the hairpin open before it, as in LilyPond (`1 \< 2 3 \f`).
    mutating func dynamic() { endHairpin() }

    /// `letterA`: boxed over the next thing written.
    mutating func rehearsal(_ label: String) { pendingLabels.append(label) }

    /// The part is over: a hairpin left open ends on its last note.
    mutating func finish() { endHairpin() }

    private mutating func startHairpin(isCrescendo: Bool) {
        guard let lastWritten else { return }
        // A new hairpin ends the one before where it starts, as LilyPond's does.
        endHairpin()
        openHairpin = (isCrescendo, lastWritten)
    }

    private mutating func endHairpin() {
        guard let open = openHairpin else { return }
        openHairpin = nil
        if let lastWritten, lastWritten != open.start {
            hairpins.append(Hairpin(isCrescendo: open.isCrescendo, start: open.start, end: lastWritten))
        }
    }
}
