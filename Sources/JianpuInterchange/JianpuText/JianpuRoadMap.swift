/// Repeats, endings and jumps of a part as the words written around its bars (`R{`, `} A{`, `|`, `}`, `Segno`, `DS`).
///
/// A repeat runs from its forward sign (or the start, or the end of the previous repeat) to its
/// backward sign; the endings after it become `A{ … | … }`, whose `|` separates the endings, so the
/// bars inside an ending are written without bar lines. `R3{` plays three times; with fewer endings
/// than passes the first ending is played on the extra passes, as the source's `1, 2` ending says,
/// and when the last pass has no ending (a lone `1.` ending) the bar after it is the last ending, or where
/// that cannot be (the piece ends, or a repeat starts there) an empty ending `| }` closes the list.
struct JianpuRoadMap {
    /// Words before each bar's notes.
    var before: [[String]]
    /// Words after each bar's notes.
    var after: [[String]]
    /// False where the bar line after the bar must be left out (inside an ending).
    var barLineAfter: [Bool]
    var warnings: [ImportWarning] = []

    init(_ measures: [ImportedMeasure], partName: String) {
        let count = measures.count
        before = Array(repeating: [], count: count)
        after = Array(repeating: [], count: count)
        barLineAfter = Array(repeating: true, count: count)
        var openStart = 0
        var index = 0
        func place(_ i: Int) -> String { "measure \(measures[i].label), part \(partName)" }
        while index < count {
            let measure = measures[index]
            if measure.startsRepeat { openStart = index }
            if let first = measure.ending {
                var endings: [(start: Int, end: Int, numbers: [Int])] = []
                var j = index
                while j < count, let ending = measures[j].ending, endings.count < 100 {
                    let start = j
                    while j + 1 < count, measures[j + 1].ending == ending, measures[j].endsRepeatPlayingTimes == nil,
                        !measures[j + 1].startsRepeat
                    {
                        j += 1
                    }
                    endings.append((start, j, ending.numbers))
                    j += 1
                    if j < count, measures[j].startsRepeat { break }
                }
                if index == openStart {
                    warnings.append(
                        ImportWarning(
                            place: place(index), message: "an ending (volta \(first.numbers.map(String.init).joined(separator: ","))) with no music to repeat before it: written as plain bars"))
                } else {
                    let passes = Set(endings.flatMap(\.numbers)).count
                    let signedTimes =
                        endings.compactMap { measures[$0.end].endsRepeatPlayingTimes }.max()
                        ?? measures[index - 1].endsRepeatPlayingTimes ?? 2
                    let times = max(passes, endings.count, signedTimes)
                    // Passes after the highest ending's number play no ending (a lone first ending is
                    // skipped on the way on): an empty last ending says so, as `A{ … | }`.
                    let highest = endings.flatMap(\.numbers).max() ?? times
                    var playsNoEnding = highest < times && !endings.isEmpty
                    // A lone first ending with plain bars after it (a file that leaves the `2.` bracket out):
                    // the next bar is what the last pass plays there, so it is the last ending, not an empty one.
                    if playsNoEnding && times - highest == 1 && j < count && measures[j].ending == nil
                        && !measures[j].startsRepeat && measures[j].endsRepeatPlayingTimes == nil
                    {
                        endings.append((j, j, [times]))
                        j += 1
                        playsNoEnding = false
                    }
                    if playsNoEnding && times - highest > 1 {
                        warnings.append(
                            ImportWarning(
                                place: place(index),
                                message: "passes \(highest + 1) to \(times) play no ending: written with one empty last ending, so the first ending is played on all passes but the last"))
                    }
                    let expected = Array(1...max(1, times - endings.count + 1))
                    if endings[0].numbers != expected && endings.count > 1 {
                        warnings.append(
                            ImportWarning(
                                place: place(index),
                                message:
                                    "endings numbered \(endings.map { $0.numbers.map(String.init).joined(separator: ",") }.joined(separator: " / ")): written in order, the first ending taking the extra passes"
                            ))
                    }
                    before[openStart].insert(times == 2 ? "R{" : "R\(times){", at: 0)
                    after[index - 1].append("}")
                    barLineAfter[index - 1] = false
                    before[endings[0].start].insert("A{", at: 0)
                    for (k, ending) in endings.enumerated() {
                        for bar in ending.start...ending.end { barLineAfter[bar] = false }
                        // Inside an ending `|` would start the next one: its bars are parted as jianpu-ly parts them.
                        for bar in ending.start..<ending.end { after[bar].append("\\bar \"|\"") }
                        after[ending.end].append(k == endings.count - 1 && !playsNoEnding ? "}" : "|")
                    }
                    if playsNoEnding { after[endings[endings.count - 1].end].append("}") }
                    barLineAfter[endings[endings.count - 1].end] = true
                }
                index = j
                openStart = j
                continue
            }
            if let times = measure.endsRepeatPlayingTimes {
                before[openStart].insert(times == 2 ? "R{" : "R\(times){", at: 0)
                after[index].append("}")
                openStart = index + 1
            }
            index += 1
        }
        // The road map's signs: a segno before the bar, the jumps after it.
        for (i, measure) in measures.enumerated() {
            if measure.jumpsAtStart.contains(.segno) { before[i].append("Segno") }
            for jump in measure.jumpsAtEnd {
                switch jump {
                case .fine: after[i].append("Fine")
                case .toCoda: after[i].append("ToCoda")
                case .daCapo: after[i].append("DC")
                case .dalSegno: after[i].append("DS")
                case .segno: after[i].append("Segno")
                case .coda: break
                }
            }
            if measure.jumpsAtStart.contains(.coda), i > 0,
                !measures[i - 1].jumpsAtEnd.contains(where: { $0 == .daCapo || $0 == .dalSegno })
            {
                warnings.append(ImportWarning(place: place(i), message: "a coda sign not right after the D.C./D.S.: jianpu text plays the coda from the bar after the D.C./D.S."))
            }
        }
    }
}
