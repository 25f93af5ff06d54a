import JianpuCore

/// What a part's entries say about how the movement can be written: its repeat signs and where they are, a `DC` or
/// `DS` that goes back over repeats, its jumps, and where its music ends; found in one walk of the part.
struct PartLandmarks {
    /// The repeat signs and where they stand: parts that share them can be written with repeats.
    var repeatSigns: [String] = []
    /// Where a `DC` or `DS` goes back over a repeat sign: we play the repeat again (as the reference does), readers
    /// of MusicXML by convention do not.
    var jumpBackOverRepeats: SourceLocation?
    var hasFine = false
    var hasCoda = false
    /// Where the part's music ends.
    var length = WholeNotes.zero

    init(_ part: ExportPart) {
        var (repeatsSinceStart, repeatsSinceSegno) = (false, false)
        for entry in part.entries {
            let (mark, location): (ExportMark, SourceLocation)
            switch entry {
            case .note(let note):
                // By index: a note copied out of the list costs a retain and a release of each reference it holds.
                length += part.notes[note].length
                continue
            case .mark(let entryMark, let entryLocation): (mark, location) = (entryMark, entryLocation)
            }
            switch mark {
            case .repeatStart: repeatSigns.append("start@\(length)")
            case .repeatEnd(let times): repeatSigns.append("end\(times)@\(length)")
            case .endingStart(let numbers, _): repeatSigns.append("ending\(numbers)@\(length)")
            case .endingStop(let numbers, _): repeatSigns.append("stop\(numbers)@\(length)")
            case .jump(let jump):
                switch jump.kind {
                case .segno: repeatsSinceSegno = false
                case .daCapo where repeatsSinceStart, .dalSegno where repeatsSinceSegno:
                    if jumpBackOverRepeats == nil { jumpBackOverRepeats = location }
                case .fine: hasFine = true
                case .toCoda: hasCoda = true
                default: break
                }
            default: break
            }
            switch mark {
            case .repeatStart, .repeatEnd, .endingStart, .endingStop: (repeatsSinceStart, repeatsSinceSegno) = (true, true)
            default: break
            }
        }
    }
}
