/// Reads the structure of printed jianpu from a page's text and ink.
public enum PageReader {
    /// The page's systems, rows, bars and symbols.
    public static func page(_ content: PageContent) -> ScannedPage {
        ScannedPage(number: content.number, width: content.width, height: content.height)
    }

    /// The score of `pages` as jianpu text.
    public static func score(_ pages: [ScannedPage]) -> ScanResult {
        ScanResult(text: "", method: .recognized, pages: pages, warnings: [ScanWarning("nothing recognised yet")])
    }
}
