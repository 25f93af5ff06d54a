import JianpuCore
import JianpuNotation

/// A bar's notes, rests and chords as words: lengths, ties, tuplets, graces, slurs, dynamics, lyrics.
extension PartTextWriter {
    /// The words of one bar's events; collects their syllables and chord symbols on the way.
    mutating func eventWords(_ events: [ImportedEvent], barOnset: WholeNotes, place: String) -> [String] {
        var words: [String] = []
        var graces: [ImportedEvent] = []
        var openTuplet: (actual: Int, normal: Int)?
        // Inside the open tuplet, in its written time: where its notes reach exactly, and as written so far
        // (they differ inside a tuplet nested in it, whose notes are rounded).
        var tupletReach = WholeNotes.zero
        var tupletWritten = WholeNotes.zero
        var nestedWarned = false
        var position = barOnset
        // Where the words written so far end, when a length no value makes was written rounded.
        var writtenEnd = barOnset
        // The value of the last grace in the group after a note being written (`[…]g`): the next one's holds from it.
        var afterGroupValue = Self.defaultGraceValue
        func closeTuplet() {
            if openTuplet != nil { words.append("]") }
            openTuplet = nil
        }
        for (eventIndex, event) in events.enumerated() {
            if event.isGrace {
                if event.isRest { continue }
                if event.isGraceAfter, graces.isEmpty, !words.isEmpty {
                    // After the note before it: `2 [23]g`, joined to a group already there.
                    if words[words.count - 1].hasSuffix("]g") {
                        let text = graceText(event, running: &afterGroupValue)
                        words[words.count - 1].insert(contentsOf: text, at: words[words.count - 1].index(words[words.count - 1].endIndex, offsetBy: -2))
                    } else {
                        afterGroupValue = Self.defaultGraceValue
                        words.append("[" + graceText(event, running: &afterGroupValue) + "]g")
                    }
                } else {
                    graces.append(event)
                }
                continue
            }
            let eventPlace = event.place.isEmpty ? place : event.place
            var length = event.length
            var nested = false
            if let tuplet = event.tuplet {
                let ratio = WholeNotes(Int64(tuplet.normal), Int64(tuplet.actual))
                let openRatio = openTuplet.map { WholeNotes(Int64($0.normal), Int64($0.actual)) }
                if Self.tupletCount(for: ratio) == nil, let openRatio, Self.tupletCount(for: ratio / openRatio) != nil {
                    // A tuplet inside the open one (triplet quavers within triplet crotchets): jianpu text nests
                    // none, so its notes stay in the outer tuplet, their ends rounded to a 32nd of its time.
                    nested = true
                    if !nestedWarned {
                        warn(eventPlace, "a tuplet inside a tuplet: jianpu text has none; its notes are written in the outer one, each ending at the nearest 32nd of its time")
                        nestedWarned = true
                    }
                    let reach = tupletReach + event.length / openRatio
                    let grid = WholeNotes(1, 32)
                    let end = max(tupletWritten + grid, reach.nearestMultiple(of: grid))
                    length = end - tupletWritten
                    tupletReach = reach
                    tupletWritten = end
                } else if let count = Self.tupletCount(for: ratio) {
                    if let open = openTuplet, open != (tuplet.actual, tuplet.normal) || tuplet.isFirst { closeTuplet() }
                    if openTuplet == nil {
                        words.append("\(count)[")
                        openTuplet = (tuplet.actual, tuplet.normal)
                        (tupletReach, tupletWritten) = (.zero, .zero)
                    }
                    length = event.length / ratio
                    tupletReach += length
                    tupletWritten += length
                } else {
                    closeTuplet()
                    warn(eventPlace, "a tuplet of \(tuplet.actual) in the time of \(tuplet.normal): jianpu text has no such tuplet; written at its length where it can be")
                }
            } else {
                closeTuplet()
            }
            if let tempo = event.tempo { words.append(tempoWord(tempo, place: eventPlace)) }
            if !graces.isEmpty {
                words.append("g[" + graceGroupText(graces) + "]")
                graces = []
            }
            if event.isArpeggiated && event.pitches.count > 1 { words.append("arp") }
            if let symbol = event.chordSymbol { chordSymbols.append((position, symbol)) }
            if openTuplet == nil {
                length = roundedLength(length, from: position, writtenEnd: writtenEnd, place: eventPlace)
                writtenEnd += length
            } else {
                writtenEnd += event.length
            }
            words.append(contentsOf: noteWords(event, writtenLength: length, place: eventPlace, slurKind: slurKinds[[currentBar, eventIndex]]))
            if let tuplet = event.tuplet, tuplet.isLast, openTuplet != nil, !nested { closeTuplet() }
            position += event.length
        }
        closeTuplet()
        if !graces.isEmpty, let last = words.lastIndex(where: { $0.first.map { "0123456789".contains($0) || "qsdh".contains($0) } ?? false }) {
            // Grace notes at the end of the bar: after the last note (`[…]g`).
            words.insert("[" + graceGroupText(graces) + "]g", at: last + 1)
        }
        return words
    }

    /// The length to write for an event outside a tuplet: its own when written values make it and no
    /// rounding is owed, else from where the words so far end to its end rounded to the finest value
    /// (a 64th), so that the bar still adds up; a warning says what was rounded.
    private mutating func roundedLength(_ length: WholeNotes, from onset: WholeNotes, writtenEnd: WholeNotes, place: String) -> WholeNotes {
        if writtenEnd == onset && JianpuLengths.pieces(length, isRest: false).exact { return length }
        let grid = WholeNotes(1, 64)
        var written = (onset + length).nearestMultiple(of: grid) - writtenEnd
        if written <= .zero || !JianpuLengths.pieces(written, isRest: false).exact {
            written = max(grid, length)
            if !JianpuLengths.pieces(written, isRest: false).exact { return length }
        }
        if written != length {
            warn(place, "a length of \(length) whole notes that no written note value makes: written as \(written), the nearest 64th, so that the bar still adds up")
        }
        return written
    }

    /// The words of one event: its pieces (tied when its length needs several), tie, dynamic, slur.
    private mutating func noteWords(_ event: ImportedEvent, writtenLength: WholeNotes, place: String, slurKind: SlurKind? = nil) -> [String] {
        var words: [String] = []
        let (groups, exact) = JianpuLengths.pieces(writtenLength, isRest: event.isRest)
        if !exact { warn(place, "a length of \(writtenLength) whole notes that no written note value makes: shortened to the nearest one") }
        let sounding = event.pitches.sorted { $0.pitch < $1.pitch }
        let body: String
        if sounding.isEmpty {
            body = "0"
        } else if sounding.count == 1 {
            body = spelling.noteText(sounding[0])
        } else {
            let parts = sounding.map { spelling.markedBeforeText($0) }
            if parts.contains(where: { $0.contains("'") || $0.contains(",") }) { needsOctavesBefore = true }
            body = parts.joined()
        }
        for (index, group) in groups.enumerated() {
            for piece in group {
                switch piece {
                case .word(let beams, let dots):
                    words.append(JianpuLengths.letter(beams) + body + String(repeating: ".", count: dots))
                    if index == 0, words.count == 1 {
                        if let dynamic = event.dynamic { words.append(dynamicWord(dynamic, place: place)) }
                        words.append(contentsOf: event.marks.filter { !Self.marksOnLastPiece.contains($0) })
                        words.append(contentsOf: event.wordsAbove.map { "^\"\($0)\"" } + event.wordsBelow.map { "_\"\($0)\"" })
                    }
                case .dash:
                    words.append("-")
                }
            }
            if index < groups.count - 1 && !event.isRest { words.append("~") }
        }
        if groups.isEmpty { words.append(body) }
        // A fermata or a breath belongs to where the note ends: after its last dash.
        words.append(contentsOf: event.marks.filter { Self.marksOnLastPiece.contains($0) })
        if let rehearsal = event.rehearsal {
            let isLetter = rehearsal.allSatisfy { ($0.isASCII && $0.isUppercase) || $0.isNumber } && rehearsal.count <= 4
            words.insert(isLetter ? "letter" + rehearsal : "^\"\(rehearsal)\"", at: isLetter ? 0 : min(1, words.count))
        }
        words.removeAll { $0.isEmpty }
        // Ties on to the next event, when any of its pitches does.
        let tiesOn = event.pitches.contains { $0.tiedToNext }
        // A note under a `(` slur after its first is a melisma: LilyPond gives it no syllable, so no slot either.
        let inMelisma = slurDepth > 0 && !openSlurIsPhrasing
        if tiesOn { words.append("~") }
        if event.endsSlur && slurDepth > 0 {
            words.append(openSlurIsPhrasing ? "\\)" : ")")
            slurDepth -= 1
        }
        if event.startsSlur && slurDepth == 0 && !event.isRest && slurKind != .unended {
            openSlurIsPhrasing = slurKind == .phrasing
            words.append(openSlurIsPhrasing ? "\\(" : "(")
            slurDepth += 1
        }
        if !inMelisma { recordSyllables(event, place: place) }
        previousTies = tiesOn ? event.pitches.filter(\.tiedToNext).map(\.pitch) : []
        return words
    }

    /// A note struck (not a rest, not the end of a tie) takes a syllable of each verse.
    private mutating func recordSyllables(_ event: ImportedEvent, place: String) {
        let isTiedFromPrevious = !previousTies.isEmpty && event.pitches.contains { previousTies.contains($0.pitch) }
        let isStruck = !event.isRest && !isTiedFromPrevious
        guard isStruck else {
            if event.lyrics.contains(where: { $0 != nil }) {
                warn(place, "a syllable on a rest or a tied note: jianpu lyrics go on struck notes; left out")
            }
            return
        }
        while verses.count < event.lyrics.count { verses.append(Array(repeating: nil, count: struckNotes)) }
        for verse in verses.indices {
            let syllable = verse < event.lyrics.count ? event.lyrics[verse] : nil
            verses[verse].append(syllable.map(Self.syllableText))
        }
        struckNotes += 1
    }

    /// A syllable as a lyric word: spaces kept inside it, a trailing `-` joining it to the next.
    static func syllableText(_ syllable: ImportedSyllable) -> String {
        var text = syllable.text.replacingOccurrences(of: " ", with: "\u{00A0}").replacingOccurrences(of: "\t", with: "\u{00A0}")
        if text == "_" || text.isEmpty { text = "\u{00A0}" }
        if syllable.joining == .begin || syllable.joining == .middle { text += "-" }
        return text
    }

    /// A group starts at the semiquaver, as the reference reads `g[…]`.
    static let defaultGraceValue = WholeNotes(1, 16)

    /// A group's graces as its text.
    private mutating func graceGroupText(_ graces: [ImportedEvent]) -> String {
        var running = Self.defaultGraceValue
        return graces.map { graceText($0, running: &running) }.joined()
    }

    /// A grace chord's figures, its written value first (`q` a quaver, `s` a semiquaver) when it is not the value
    /// before it in its group (`running`): the reference holds a value for the graces after it.
    private mutating func graceText(_ event: ImportedEvent, running: inout WholeNotes) -> String {
        let letters = [WholeNotes(1, 8): "q", WholeNotes(1, 16): "s", WholeNotes(1, 32): "d", WholeNotes(1, 64): "h"]
        let written = event.graceValue ?? event.length
        let grace = letters[written] != nil ? written : written > WholeNotes(1, 8) ? WholeNotes(1, 8) : Self.defaultGraceValue
        let value = grace == running ? "" : letters[grace] ?? ""
        running = grace
        let figures = event.pitches.sorted { $0.pitch < $1.pitch }.map { spelling.markedBeforeText($0) }
        // Octave marks before the figures: jianpu-ly reads them so only when told (`OctavesBefore`).
        if figures.contains(where: { $0.contains("'") || $0.contains(",") }) { needsOctavesBefore = true }
        return value + figures.joined(separator: "&")
    }

    private mutating func dynamicWord(_ dynamic: String, place: String) -> String {
        let name = dynamic.trimmingCharacters(in: .whitespaces)
        if MusicXMLPartReader.dynamicNames.contains(name) { return "\\" + name }
        warn(place, "the dynamic '\(name)' has no jianpu word: left out")
        return ""
    }

    /// Marks written after a held note's last dash rather than its digit.
    static let marksOnLastPiece: Set<String> = ["\\fermata", "\\breathe"]

    /// The count `N` of `N[` whose ratio is `ratio`, nil when none has it.
    static func tupletCount(for ratio: WholeNotes) -> Int? {
        (2...64).first { Tuplet.ratio(forCount: $0) == ratio }
    }
}
