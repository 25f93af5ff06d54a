import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The structure MusicXML 4.0's schema asks of the elements the exporter writes: children in the
/// schema's order, only allowed children, and measures whose notes fill their meter and agree
/// across parts. A check that needs no schema file, for every exported document.
enum MusicXMLStructure {
    /// Each element's children in the order its XSD sequence puts them (alternatives share a rank).
    static let orders: [String: [[String]]] = [
        "score-partwise": [["work"], ["movement-number"], ["movement-title"], ["identification"], ["defaults"], ["credit"], ["part-list"], ["part"]],
        "note": [
            ["grace"], ["chord"], ["pitch", "rest", "unpitched"], ["duration"], ["tie"], ["instrument"], ["footnote"], ["level"], ["voice"],
            ["type"], ["dot"], ["accidental"], ["time-modification"], ["stem"], ["notehead"], ["notehead-text"], ["staff"], ["beam"],
            ["notations"], ["lyric"], ["play"], ["listen"],
        ],
        "attributes": [
            ["footnote"], ["level"], ["divisions"], ["key"], ["time"], ["staves"], ["part-symbol"], ["instruments"], ["clef"],
            ["staff-details"], ["transpose"], ["for-part"], ["directive"], ["measure-style"],
        ],
        "direction": [["direction-type"], ["offset"], ["footnote"], ["level"], ["voice"], ["staff"], ["sound"], ["listening"]],
        "barline": [["bar-style"], ["footnote"], ["level"], ["wavy-line"], ["segno"], ["coda"], ["fermata"], ["ending"], ["repeat"]],
        "harmony": [["root", "numeral", "function"], ["kind"], ["inversion"], ["bass"], ["degree"], ["frame"], ["offset"], ["footnote"], ["level"], ["staff"]],
        "pitch": [["step"], ["alter"], ["octave"]],
        "lyric": [["syllabic"], ["text"], ["extend"], ["end-line"], ["end-paragraph"]],
        "key": [["cancel"], ["fifths"], ["mode"], ["key-octave"]],
        "time": [["beats"], ["beat-type"], ["interchangeable"]],
        "metronome": [["beat-unit"], ["beat-unit-dot"], ["per-minute"]],
        "time-modification": [["actual-notes"], ["actual-type"], ["actual-dot"], ["normal-notes"], ["normal-type"], ["normal-dot"]],
        "score-part": [
            ["identification"], ["part-link"], ["part-name"], ["part-name-display"], ["part-abbreviation"], ["part-abbreviation-display"],
            ["group"], ["score-instrument"], ["player"], ["midi-device"], ["midi-instrument"],
        ],
        "midi-instrument": [["midi-channel"], ["midi-name"], ["midi-bank"], ["midi-program"], ["midi-unpitched"], ["volume"], ["pan"], ["elevation"]],
        "root": [["root-step"], ["root-alter"]],
        "bass": [["bass-separator"], ["bass-step"], ["bass-alter"]],
        "clef": [["sign"], ["line"], ["clef-octave-change"]],
        "identification": [["creator"], ["rights"], ["encoding"], ["source"], ["relation"], ["miscellaneous"]],
    ]

    /// What a measure may hold (in any order).
    static let measureChildren: Set<String> = [
        "note", "backup", "forward", "direction", "attributes", "harmony", "figured-bass", "print", "sound", "listening", "barline", "grouping", "link", "bookmark",
    ]

    /// Every way the document breaks the rules above, as readable lines (none for a good document).
    static func problems(in document: XMLDocument) -> [String] {
        var problems: [String] = []
        guard let root = document.rootElement(), root.name == "score-partwise" else { return ["the root element is not score-partwise"] }
        checkOrder(root, &problems)
        let parts = root.elements(forName: "part")
        if parts.isEmpty { problems.append("no part") }
        var lengths: [[Int]] = []
        for part in parts {
            var divisions = 0
            var meter = 0
            var measureLengths: [Int] = []
            let measures = part.elements(forName: "measure")
            for (index, measure) in measures.enumerated() {
                let number = measure.attribute(forName: "number")?.stringValue ?? "?"
                var total = 0
                var sawNote = false
                for child in measure.children?.compactMap({ $0 as? XMLElement }) ?? [] {
                    let name = child.name ?? ""
                    if !measureChildren.contains(name) { problems.append("measure \(number): <\(name)> is not allowed in a measure") }
                    switch name {
                    case "attributes":
                        if let value = child.elements(forName: "divisions").first?.stringValue, let d = Int(value) { divisions = d }
                        if let time = child.elements(forName: "time").first,
                            let beats = time.elements(forName: "beats").first?.stringValue.flatMap({ Int($0) }),
                            let type = time.elements(forName: "beat-type").first?.stringValue.flatMap({ Int($0) }), type > 0
                        {
                            meter = beats * 4 * divisions / type
                        }
                    case "note":
                        sawNote = true
                        let isChord = !child.elements(forName: "chord").isEmpty
                        let isGrace = !child.elements(forName: "grace").isEmpty
                        let duration = child.elements(forName: "duration").first?.stringValue.flatMap { Int($0) }
                        if isGrace, duration != nil { problems.append("measure \(number): a grace note has a duration") }
                        if !isGrace, duration == nil { problems.append("measure \(number): a note has no duration") }
                        if !isChord, !isGrace { total += duration ?? 0 }
                    case "barline":
                        let location = child.attribute(forName: "location")?.stringValue ?? "right"
                        if location == "left", sawNote { problems.append("measure \(number): a left bar line after notes") }
                        if location == "right", child.nextSibling.map({ ($0 as? XMLElement)?.name == "note" }) == true {
                            problems.append("measure \(number): a right bar line before notes")
                        }
                    default: break
                    }
                }
                if divisions == 0 { problems.append("measure \(number): notes before any <divisions>") }
                let implicit = measure.attribute(forName: "implicit")?.stringValue == "yes"
                // The last measure of a section may be short (an incomplete last bar): the next section restates key and meter.
                let next = index + 1 < measures.count ? measures[index + 1].elements(forName: "attributes").first : nil
                let isLast = index == measures.count - 1 || (next.map { !$0.elements(forName: "key").isEmpty && !$0.elements(forName: "time").isEmpty } ?? false)
                if !implicit, !isLast, number != "0", total != meter { problems.append("measure \(number): notes last \(total) divisions, the meter \(meter)") }
                if implicit, total > meter { problems.append("measure \(number): an implicit measure longer than its meter") }
                measureLengths.append(total)
            }
            lengths.append(measureLengths)
        }
        if let first = lengths.first, lengths.contains(where: { $0 != first }) {
            problems.append("the parts' measures differ: \(lengths.map { $0.count }) measures")
        }
        return problems
    }

    /// Children in their schema order, recursively.
    private static func checkOrder(_ element: XMLElement, _ problems: inout [String]) {
        let children = element.children?.compactMap { $0 as? XMLElement } ?? []
        if let name = element.name, let order = orders[name] {
            var rank = 0
            for child in children {
                guard let childRank = order.firstIndex(where: { $0.contains(child.name ?? "") }) else {
                    problems.append("<\(child.name ?? "")> is not allowed in <\(name)>")
                    continue
                }
                if childRank < rank { problems.append("<\(child.name ?? "")> comes after a later element in <\(name)>") }
                rank = childRank
            }
        }
        for child in children { checkOrder(child, &problems) }
    }
}
