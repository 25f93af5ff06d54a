import JianpuCore

/// A part's items in the order they are played, as the Timeline plays them: repeats unfolded (with
/// fewer endings than passes the first ending serves the early passes) and `DC`/`DS` taken once
/// (`Fine` then ends the part, `ToCoda` skips forward to what follows the `DC`/`DS`). Tuplets stay
/// groups, so that the notes keep their notation.
///
/// This is `PerformanceOrder` kept at the level of written groups; the round-trip tests hold the two together.
enum PerformedItems {
    static func unfolded(_ items: [MusicItem], limit: Int = 2_000_000) -> [MusicItem] {
        var result: [MusicItem] = []
        append(items, to: &result, limit: limit)
        return PerformanceOrder.takeJumps(result) { item in
            if case .jump(let jump) = item { return jump.kind }
            return nil
        }
    }

    private static func append(_ items: [MusicItem], to result: inout [MusicItem], limit: Int) {
        for item in items {
            guard result.count < limit else { return }
            switch item {
            case .repeat(let repeated):
                let times = max(repeated.times, 1)
                for pass in 0..<times {
                    append(repeated.body, to: &result, limit: limit)
                    if !repeated.endings.isEmpty {
                        append(repeated.endings[PerformanceOrder.ending(forPass: pass, times: times, endings: repeated.endings.count)], to: &result, limit: limit)
                    }
                }
            case .tuplet(var tuplet):
                var inner: [MusicItem] = []
                append(tuplet.items, to: &inner, limit: limit)
                tuplet.items = inner
                result.append(.tuplet(tuplet))
            default:
                result.append(item)
            }
        }
    }
}
