/// One self-contained HTML file: the pages as SVG, the sound, and a small player.
public enum HTMLPage {
    /// The audio embedded in the page: its MIME type and its bytes in base64.
    public struct Audio: Sendable {
        public var mimeType: String
        public var base64: String
        public init(mimeType: String, base64: String) {
            self.mimeType = mimeType
            self.base64 = base64
        }
    }

    public static func html(_ engraving: Engraving, svg: String, audio: Audio?) -> String {
        ""
    }
}
