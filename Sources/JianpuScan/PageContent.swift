/// What a page gives the reader before anything is recognised: its size, the characters of its text
/// layer with their boxes (a vector PDF's real text), and its ink as a bitmap (paths: dots, lines, underlines).
public struct PageContent: Sendable {
    /// 1-based.
    public var number: Int
    /// In points.
    public var width: Double, height: Double
    public var characters: [PositionedCharacter]
    public var ink: InkBitmap?
    /// The pieces of `ink`, where they are already found (leptonica's, for a page image); nil: found from `ink`.
    public var components: [InkComponent]?
    public init(number: Int, width: Double, height: Double, characters: [PositionedCharacter], ink: InkBitmap?, components: [InkComponent]? = nil) {
        self.number = number; self.width = width; self.height = height; self.characters = characters; self.ink = ink
        self.components = components
    }
}

/// One character of a page's text layer and its box in points.
public struct PositionedCharacter: Sendable, Hashable {
    public var character: Character
    public var box: Box
    public init(_ character: Character, box: Box) { self.character = character; self.box = box }
}

/// A page drawn as ink coverage: `pixels` row by row, 0 paper to 255 ink; `scale` pixels per point.
public struct InkBitmap: Sendable {
    public var width: Int, height: Int
    public var scale: Double
    public var pixels: [UInt8]
    public init(width: Int, height: Int, scale: Double, pixels: [UInt8]) {
        self.width = width; self.height = height; self.scale = scale; self.pixels = pixels
    }
    /// Whether the pixel at (x, y) is ink.
    @inlinable public func isInk(_ x: Int, _ y: Int) -> Bool { pixels[y * width + x] >= 128 }
}
