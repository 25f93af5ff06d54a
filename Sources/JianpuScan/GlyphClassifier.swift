import Foundation

/// Tells what character a piece of ink on a page image is: a digit 0–9, a key letter A–G, a sharp, a
/// flat or a natural (`♮`), or `other` (dots, lines, slurs, words). A small multilayer perceptron whose weights
/// `scripts/train-scan` learns from pages the project draws itself (`GlyphModelWeights`).
///
/// Its input is the piece's box cut from the binary page, drawn into `side`×`side` cells with its
/// aspect kept (each cell the share of 4×4 samples that fall on ink), and log(width/height)/3.
public struct GlyphClassifier: Sendable {
    /// One dense layer: `weights[i * outputs + o]`, input-major as scikit-learn keeps them.
    struct Layer: Sendable {
        var inputs: Int, outputs: Int
        var weights: [Float], biases: [Float]
    }

    public let classes: [String]
    let side: Int
    let layers: [Layer]

    /// The classifier the project trained (scripts/train-scan).
    public static let trained: GlyphClassifier? = GlyphClassifier(base64: GlyphModelWeights.base64, classes: GlyphModelWeights.classes, side: GlyphModelWeights.side)

    /// Reads the weights written by scripts/train-scan; nil when they are malformed.
    init?(base64: String, classes: [String], side: Int) {
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else { return nil }
        let bytes = [UInt8](data)
        var offset = 0
        func int32() -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return Int(Int32(bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24))
        }
        func floats(_ count: Int) -> [Float]? {
            guard count >= 0, offset + 4 * count <= bytes.count else { return nil }
            defer { offset += 4 * count }
            return (0..<count).map { index in
                let at = offset + 4 * index
                return Float(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
            }
        }
        var layers: [Layer] = []
        while offset < bytes.count {
            guard let inputs = int32(), let outputs = int32(), inputs > 0, outputs > 0, inputs * outputs < 10_000_000,
                let weights = floats(inputs * outputs), let biases = floats(outputs)
            else { return nil }
            layers.append(Layer(inputs: inputs, outputs: outputs, weights: weights, biases: biases))
        }
        guard let first = layers.first, first.inputs == side * side + 1, layers.last?.outputs == classes.count,
            zip(layers, layers.dropFirst()).allSatisfy({ $0.outputs == $1.inputs })
        else { return nil }
        self.classes = classes
        self.side = side
        self.layers = layers
    }

    /// The most likely class of the piece of ink in `box` (pixels, within the bitmap) and its probability.
    public func classify(_ bitmap: InkBitmap, x: Int, y: Int, width: Int, height: Int) -> (label: String, probability: Double) {
        var values = features(bitmap, x: x, y: y, width: width, height: height)
        for (index, layer) in layers.enumerated() {
            var next = layer.biases
            values.withUnsafeBufferPointer { input in
                layer.weights.withUnsafeBufferPointer { weights in
                    next.withUnsafeMutableBufferPointer { output in
                        for i in 0..<layer.inputs where input[i] != 0 {
                            let value = input[i], row = i * layer.outputs
                            for o in 0..<layer.outputs { output[o] += value * weights[row + o] }
                        }
                    }
                }
            }
            if index < layers.count - 1 { for o in next.indices where next[o] < 0 { next[o] = 0 } }
            values = next
        }
        let top = values.max() ?? 0
        let exponentials = values.map { exp(Double($0 - top)) }
        let total = exponentials.reduce(0, +)
        let best = exponentials.indices.max { exponentials[$0] < exponentials[$1] } ?? 0
        return (classes[best], exponentials[best] / total)
    }

    /// The model's input for the box: as scripts/train-scan's `features`.
    func features(_ bitmap: InkBitmap, x: Int, y: Int, width: Int, height: Int) -> [Float] {
        let sub = 4
        let scale = Double(side) / Double(max(width, height))
        let offsetX = (Double(side) - Double(width) * scale) / 2, offsetY = (Double(side) - Double(height) * scale) / 2
        let samples = side * sub
        /// For each sample position, the source pixel it falls on (nil outside the box).
        func sources(_ offset: Double, _ extent: Int) -> [Int?] {
            (0..<samples).map { index in
                let position = (Double(index) + 0.5) / Double(sub)
                let source = Int(((position - offset) / scale).rounded(.down))
                return source >= 0 && source < extent ? source : nil
            }
        }
        let columns = sources(offsetX, width), rows = sources(offsetY, height)
        var cells = [Float](repeating: 0, count: side * side + 1)
        for (sy, row) in rows.enumerated() {
            guard let row else { continue }
            let base = (y + row) * bitmap.width + x
            for (sx, column) in columns.enumerated() {
                guard let column, bitmap.pixels[base + column] >= 128 else { continue }
                cells[(sy / sub) * side + sx / sub] += 1
            }
        }
        for index in 0..<(side * side) { cells[index] /= Float(sub * sub) }
        cells[side * side] = Float(max(-3, min(3, log(Double(width) / Double(height)))) / 3)
        return cells
    }
}
