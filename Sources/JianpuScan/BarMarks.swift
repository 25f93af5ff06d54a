/// What a page prints around its bars rather than in them, set on the bars read: the keys (`1=X`, `6=X`) and
/// the road map's words and signs.
extension PageReader {
    /// `rows` with the keys and road-map marks printed over and under them, and `heading`'s key made the first
    /// row's own where one is printed over it (the leftmost, where a page prints a key change in its header's line too).
    static func markingBars(_ rows: inout [ScannedRow], heading: inout ScannedHeader, content: PageContent, ink: [InkComponent], em: Double) {
        let bitmap = content.ink
        let reading: (Box) -> Character? = { classify($0, bitmap: bitmap) }
        settingKeys(keyMarks(content.characters, ink: ink, classify: reading), on: &rows, em: em)
        if let key = rows.first?.bars.first?.key {
            heading.key = key.tonic
            heading.keyIsMinor = key.isMinor
        }
        // A page image's words are OCR's boxes, their ink (and em the digits' font box, 1.6 times their ink): a title
        // stands near a note's height there, a PDF's 1.6 times it; lyrics are two thirds of either.
        let titles = settingSections(content.characters, on: &rows, em: em, titleSize: content.components == nil ? 1.4 : 0.9)
        let characters = titles.isEmpty ? content.characters : content.characters.filter { !titles.contains($0) }
        settingNavigationWords(characters, on: &rows, em: em)
        LyricLines.setting(characters, ink: ink, on: &rows, em: em)
        // On a page image too many specks and letters stand alone above the notes: the signs are read on vector pages.
        if let bitmap, content.components == nil { settingNavigationSigns(ink, characters: content.characters, bitmap: bitmap, on: &rows, em: em) }
        // On a page image, only by their whole shape, where D.S. or D.C. is read.
        if let bitmap, content.components != nil { settingNavigationSignsByShape(ink, characters: content.characters, bitmap: bitmap, on: &rows, em: em) }
    }
}
