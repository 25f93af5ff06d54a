import JianpuCore

/// Reads MusicXML (partwise or timewise, plain or `.mxl`) into an `ImportedScore`.
///
/// The XML is read into a tree (`XMLTreeReader`, which refuses entities and never fetches
/// anything), a timewise score is turned partwise, the headers are taken from `work`,
/// `movement-title`, `identification` and the credits, and each part is read by
/// `MusicXMLPartReader`, which splits it into one imported part per voice.
public enum MusicXMLReader {
    /// Reads uncompressed MusicXML bytes.
    public static func read(xml bytes: [UInt8], file: String) throws(ImportError) -> ImportedScore {
        let root = try XMLTreeReader.read(bytes, file: file)
        return try read(root: root, file: file)
    }

    /// Reads a compressed `.mxl` archive.
    public static func read(mxl bytes: [UInt8], file: String) throws(ImportError) -> ImportedScore {
        try read(xml: MXLArchive.scoreBytes(bytes, file: file), file: file)
    }

    static func read(root: MusicXMLElement, file: String) throws(ImportError) -> ImportedScore {
        let partElements: [MusicXMLElement]
        switch root.name {
        case "score-partwise": partElements = root.children("part")
        case "score-timewise": partElements = partwise(fromTimewise: root)
        default:
            throw ImportError(
                file: file, place: root.place,
                message: "the document's root is <\(root.name)>: expected a MusicXML <score-partwise> or <score-timewise>")
        }
        var score = ImportedScore()
        readHeaders(root, into: &score)
        let partList = PartListEntry.read(root.child("part-list"))
        var parts: [ImportedPart] = []
        for element in partElements {
            let id = element.attributes["id"] ?? ""
            let entry = partList[id] ?? PartListEntry(name: id.isEmpty ? "Part \(parts.count + 1)" : id)
            if entry.isPercussion {
                score.warnings.append(ImportWarning(place: "part \(entry.name)", message: "a percussion part (MIDI channel 10): left out, as jianpu text has no drum kit"))
                continue
            }
            var reader = MusicXMLPartReader(name: entry.name, midiProgram: entry.program)
            reader.read(element)
            parts.append(contentsOf: reader.parts())
            score.warnings.append(contentsOf: reader.warnings)
        }
        guard !parts.isEmpty else {
            throw ImportError(file: file, place: root.place, message: "the score has no parts with notes: expected at least one <part> with measures")
        }
        score.parts = Self.evened(parts)
        return score
    }

    /// Every part given as many bars as the longest, the missing ones whole-bar rests.
    static func evened(_ parts: [ImportedPart]) -> [ImportedPart] {
        guard let longest = parts.max(by: { $0.measures.count < $1.measures.count }) else { return parts }
        return parts.map { part in
            var part = part
            while part.measures.count < longest.measures.count {
                let model = longest.measures[part.measures.count]
                part.measures.append(
                    ImportedMeasure(
                        label: model.label, length: model.length,
                        events: [ImportedEvent(length: model.length, place: "measure \(model.label)")]))
            }
            return part
        }
    }

    /// A timewise score's measures regrouped by part, as partwise `<part>` elements.
    static func partwise(fromTimewise root: MusicXMLElement) -> [MusicXMLElement] {
        var order: [String] = []
        var byID: [String: MusicXMLElement] = [:]
        for measure in root.children("measure") {
            for part in measure.children("part") {
                let id = part.attributes["id"] ?? ""
                let holder: MusicXMLElement
                if let existing = byID[id] {
                    holder = existing
                } else {
                    holder = MusicXMLElement(name: "part", attributes: ["id": id], line: part.line, column: part.column)
                    byID[id] = holder
                    order.append(id)
                }
                let rebuilt = MusicXMLElement(name: "measure", attributes: measure.attributes, line: measure.line, column: measure.column)
                rebuilt.children = part.children
                holder.children.append(rebuilt)
            }
        }
        return order.compactMap { byID[$0] }
    }

    /// Title, subtitle, composer, poet and arranger from `work`, `movement-title`, `identification` and credits.
    static func readHeaders(_ root: MusicXMLElement, into score: inout ImportedScore) {
        func clean(_ text: String?) -> String? {
            guard let text else { return nil }
            let flat = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
            // A program that had no title writes the file's name (`bwv104.6.mxl`): no title a musician gave.
            let lowered = flat.lowercased()
            if [".mxl", ".xml", ".musicxml", ".mid", ".krn"].contains(where: { lowered.hasSuffix($0) }) && !flat.contains(" ") { return nil }
            return flat.isEmpty ? nil : flat
        }
        let workTitle = clean(root.value("work/work-title"))
        let movementTitle = clean(root.value("movement-title"))
        score.title = workTitle ?? movementTitle
        if workTitle != nil, let movementTitle, movementTitle != workTitle { score.subtitle = movementTitle }
        for creator in root.child("identification")?.children("creator") ?? [] {
            let text = clean(creator.text)
            switch creator.attributes["type"] ?? "" {
            case "composer": score.composer = score.composer ?? text
            case "lyricist", "poet": score.poet = score.poet ?? text
            case "arranger": score.arranger = score.arranger ?? text
            default: break
            }
        }
        // Credits: the words printed on the page, with their role when the file says it (MusicXML 3+).
        for credit in root.children("credit") {
            let role = credit.value("credit-type") ?? ""
            let words = clean(credit.children("credit-words").map(\.text).joined(separator: " "))
            switch role {
            case "title": score.title = score.title ?? words
            case "subtitle": score.subtitle = score.subtitle ?? words
            case "composer": score.composer = score.composer ?? words
            case "lyricist", "poet": score.poet = score.poet ?? words
            case "arranger": score.arranger = score.arranger ?? words
            default: break
            }
        }
    }
}

/// A `<score-part>` of the part list: its name, its General MIDI program, and whether it is drums.
struct PartListEntry {
    var name: String
    var program: Int?
    var isPercussion = false

    static func read(_ list: MusicXMLElement?) -> [String: PartListEntry] {
        var entries: [String: PartListEntry] = [:]
        for part in list?.children("score-part") ?? [] {
            let id = part.attributes["id"] ?? ""
            let name = part.value("part-name").flatMap { $0.isEmpty ? nil : $0 } ?? part.value("part-abbreviation") ?? id
            var entry = PartListEntry(name: name.split(whereSeparator: \.isNewline).joined(separator: " "))
            if let instrument = part.child("midi-instrument") {
                if let program = instrument.integer("midi-program"), (1...128).contains(program) { entry.program = program - 1 }
                if instrument.integer("midi-channel") == 10, instrument.has("midi-unpitched") || part.child("score-instrument")?.value("instrument-name")?.lowercased().contains("drum") == true {
                    entry.isPercussion = true
                }
            }
            entries[id] = entry
        }
        return entries
    }
}
