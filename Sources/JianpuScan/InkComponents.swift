/// The connected pieces of ink on a page (8-connected), each as its bounding box in points and its
/// pixel count: a digit, a dot, a line. Found from runs of ink row by row, joined with a union–find,
/// so the work is linear in the page's pixels and the memory in its runs.
public struct InkComponent: Sendable, Hashable {
    public var box: Box
    /// Its pixels of ink (for pieces leptonica found: the area of its box).
    public var pixels: Int
    public init(box: Box, pixels: Int) { self.box = box; self.pixels = pixels }
}

public enum InkComponents {
    /// The components of `bitmap`, left to right by their box's left edge.
    public static func find(in bitmap: InkBitmap) -> [InkComponent] {
        struct Run { var y: Int; var start: Int; var end: Int; var label: Int }
        var runs: [Run] = []
        var parent: [Int] = []
        func root(_ label: Int) -> Int {
            var label = label
            while parent[label] != label { parent[label] = parent[parent[label]]; label = parent[label] }
            return label
        }
        var previous = 0..<0
        for y in 0..<bitmap.height {
            let rowStart = runs.count
            var x = 0
            let base = y * bitmap.width
            while x < bitmap.width {
                guard bitmap.pixels[base + x] >= 128 else { x += 1; continue }
                let start = x
                while x < bitmap.width && bitmap.pixels[base + x] >= 128 { x += 1 }
                var label = -1
                // Runs of the row above touching this one, diagonals included.
                for index in previous where runs[index].end >= start - 1 && runs[index].start <= x {
                    let other = root(runs[index].label)
                    if label < 0 { label = other } else if other != label { parent[other] = label }
                }
                if label < 0 { label = parent.count; parent.append(label) }
                runs.append(Run(y: y, start: start, end: x - 1, label: label))
            }
            previous = rowStart..<runs.count
        }
        var boxes: [Int: (minX: Int, minY: Int, maxX: Int, maxY: Int, pixels: Int)] = [:]
        for run in runs {
            let label = root(run.label)
            if var box = boxes[label] {
                box.minX = min(box.minX, run.start); box.maxX = max(box.maxX, run.end)
                box.minY = min(box.minY, run.y); box.maxY = max(box.maxY, run.y)
                box.pixels += run.end - run.start + 1
                boxes[label] = box
            } else {
                boxes[label] = (run.start, run.y, run.end, run.y, run.end - run.start + 1)
            }
        }
        let scale = bitmap.scale
        return boxes.values.map { b in
            InkComponent(
                box: Box(
                    x: Double(b.minX) / scale, y: Double(b.minY) / scale,
                    width: Double(b.maxX - b.minX + 1) / scale, height: Double(b.maxY - b.minY + 1) / scale), pixels: b.pixels)
        }.sorted { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }
    }

    /// How many of `box`'s pixels are ink, and how many pixels it covers (none when it lies off the bitmap).
    static func inkCount(in bitmap: InkBitmap, box: Box) -> (ink: Int, pixels: Int) {
        let left = max(0, Int((box.x * bitmap.scale).rounded())), right = min(bitmap.width, Int((box.maxX * bitmap.scale).rounded()))
        let top = max(0, Int((box.y * bitmap.scale).rounded())), bottom = min(bitmap.height, Int((box.maxY * bitmap.scale).rounded()))
        guard right > left, bottom > top else { return (0, 0) }
        var ink = 0
        for y in top..<bottom { for x in left..<right where bitmap.isInk(x, y) { ink += 1 } }
        return (ink, (right - left) * (bottom - top))
    }

    /// The left edge (in points) of a column of ink running through the whole height of `box`, if there is one.
    public static func fullColumn(in bitmap: InkBitmap, box: Box) -> Double? {
        let top = max(0, Int((box.y * bitmap.scale).rounded(.up))), bottom = min(bitmap.height - 1, Int((box.maxY * bitmap.scale).rounded(.down)) - 1)
        let left = max(0, Int((box.x * bitmap.scale).rounded(.down))), right = min(bitmap.width - 1, Int((box.maxX * bitmap.scale).rounded(.up)))
        guard top < bottom, left <= right else { return nil }
        for x in left...right where (top...bottom).allSatisfy({ bitmap.isInk(x, $0) }) { return Double(x) / bitmap.scale }
        return nil
    }

    /// The longest vertical run of ink in the columns of `box` no further than `reach` points from its left edge,
    /// as a line one pixel wide: the system line a staff's lines start from, whose piece also holds the staff.
    public static func leftLine(in bitmap: InkBitmap, box: Box, reach: Double) -> Box? {
        let top = max(0, Int((box.y * bitmap.scale).rounded(.down))), bottom = min(bitmap.height - 1, Int((box.maxY * bitmap.scale).rounded(.up)))
        let left = max(0, Int((box.x * bitmap.scale).rounded(.down))), right = min(bitmap.width - 1, Int(((box.x + reach) * bitmap.scale).rounded(.up)))
        guard top < bottom, left <= right else { return nil }
        var best: (x: Int, start: Int, length: Int)?
        for x in left...right {
            var start = top, length = 0
            for y in top...bottom + 1 {
                if y <= bottom, bitmap.isInk(x, y) { length += 1; continue }
                if length > (best?.length ?? 0) { best = (x, start, length) }
                start = y + 1
                length = 0
            }
        }
        guard let best else { return nil }
        return Box(x: Double(best.x) / bitmap.scale, y: Double(best.start) / bitmap.scale, width: 1 / bitmap.scale, height: Double(best.length) / bitmap.scale)
    }

    /// How many separate strokes of ink cross `box` from top to bottom, at its middle and its quarters (the most seen).
    public static func strokes(in bitmap: InkBitmap, across box: Box) -> Int {
        strokeCounts(in: bitmap, across: box).max() ?? 0
    }

    /// How many separate strokes of ink cross `box` from top to bottom at its first quarter, its middle and its
    /// third quarter (none off the bitmap).
    static func strokeCounts(in bitmap: InkBitmap, across box: Box) -> [Int] {
        let top = max(0, Int((box.y * bitmap.scale).rounded(.down))), bottom = min(bitmap.height - 1, Int((box.maxY * bitmap.scale).rounded(.up)))
        guard top <= bottom else { return [] }
        return [0.25, 0.5, 0.75].map { fraction in
            let x = min(bitmap.width - 1, max(0, Int((box.x + box.width * fraction) * bitmap.scale)))
            var count = 0, inside = false
            for y in top...bottom {
                let ink = bitmap.isInk(x, y)
                if ink && !inside { count += 1 }
                inside = ink
            }
            return count
        }
    }
}
