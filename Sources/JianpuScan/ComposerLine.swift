/// The composer's line of a page's header: LilyPond and our typesetter set it right, under the title and over the
/// music, where `jianpu import` writes `composer=`.
enum ComposerLine {
    /// The composer among the header's characters: the lowest line of words (not the title, no `=`, two letters at
    /// least) that begins right of the page's middle and ends in its right quarter.
    static func composer(_ header: [PositionedCharacter], title: String?, pageWidth: Double) -> String? {
        let found = PageReader.textLines(header).compactMap { line -> String? in
            guard let left = line.map(\.box.x).min(), let right = line.map(\.box.maxX).max(),
                left > pageWidth * 0.5, right > pageWidth * 0.75, let text = PageReader.lines(of: line).first
            else { return nil }
            guard text != title, !text.contains("="), text.filter(\.isLetter).count >= 2 else { return nil }
            return text
        }
        return found.last
    }
}
