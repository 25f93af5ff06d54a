import JianpuCore
import JianpuInterchange

/// Separate titled sections: jianpu-ly prints a `NextScore` as a new score on the page, its own title set large
/// between the rows and its key (and meter) over its first row. Such a section is written as the text has it, after
/// `NextScore` with its title, key and meter, rather than as a key change.
extension PageReader {
    /// The titles printed between rows over a row a key is printed over, set on that row's first bar: a line of words
    /// (no `=`, two letters at least) set larger than the notes and the words under them. The characters of the titles
    /// are returned, so that they are read as nothing else (lyrics).
    static func settingSections(_ characters: [PositionedCharacter], on rows: inout [ScannedRow], em: Double, titleSize: Double = 1.4) -> Set<PositionedCharacter> {
        var used: Set<PositionedCharacter> = []
        for index in rows.indices.dropFirst() where rows[index].bars.first?.key != nil {
            let above = rows[index - 1].box.maxY, below = rows[index].box.y
            let band = characters.filter { $0.box.y > above && $0.box.maxY < below }
            let titles = textLines(band).filter { line in
                let text = lines(of: line).first ?? ""
                // The road map's words are no title (OCR sets `D.S.` as tall as one).
                let isRoadMap = text.split(separator: " ").contains { ["DS", "DC", "Fine", "Coda"].contains(String($0.filter(\.isLetter))) }
                return RowReader.median(line.map(\.box.height)) >= em * titleSize && !text.contains("=") && text.filter(\.isLetter).count >= 2 && !isRoadMap
            }
            // The lowest such line, nearest its music (a line over it may be a subtitle or the page's running head).
            guard let title = titles.last, let text = lines(of: title).first else { continue }
            rows[index].bars[0].section = text
            used.formUnion(title)
        }
        return used
    }
}

extension ScoreAssembler {
    /// The score as jianpu text, one section after another with `NextScore` between them (as `jianpu import` joins
    /// movements): `starts` are the indices of the measures that begin a section and its title. Each section's
    /// first measure says its key and meter (`keys` and `meters`: those of every measure).
    static func writtenInSections(
        _ score: ImportedScore, starts: [Int: String], keys: [ScannedKey], meters: [(beats: Int, beatType: Int)]
    ) -> String {
        let count = score.parts.map(\.measures.count).max() ?? 0
        let bounds = [0] + starts.keys.filter { $0 > 0 && $0 < count }.sorted() + [count]
        var texts: [String] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) where start < end {
            var section = ImportedScore(title: start == 0 ? score.title : starts[start], composer: start == 0 ? score.composer : nil)
            section.parts = score.parts.map { part in
                var piece = part
                piece.measures = Array(part.measures[min(start, part.measures.count)..<min(end, part.measures.count)])
                if start > 0, !piece.measures.isEmpty {
                    if piece.measures[0].key == nil, start < keys.count { piece.measures[0].key = ImportedKey(fifths: keys[start].fifths, isMinor: keys[start].isMinor) }
                    if piece.measures[0].meter == nil, start < meters.count {
                        piece.measures[0].meter = ImportedMeter(beats: meters[start].beats, beatType: meters[start].beatType)
                    }
                    piece.measures[0].startsSystem = true
                }
                return piece
            }
            texts.append(JianpuTextWriter.write(section).text)
        }
        return texts.joined(separator: "\nNextScore\n\n")
    }
}
