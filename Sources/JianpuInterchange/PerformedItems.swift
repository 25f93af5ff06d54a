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
        return takingJumps(result)
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
                        let ending = max(0, pass - (times - repeated.endings.count))
                        append(repeated.endings[min(ending, repeated.endings.count - 1)], to: &result, limit: limit)
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

    private static func takingJumps(_ linear: [MusicItem]) -> [MusicItem] {
        func kind(_ item: MusicItem) -> Jump.Kind? {
            if case .jump(let jump) = item { return jump.kind }
            return nil
        }
        guard linear.contains(where: { kind($0) != nil }) else { return linear }
        var played: [MusicItem] = []
        var index = 0
        var secondPass = false
        var returnIndex: Int?
        var segno = 0
        while index < linear.count {
            let item = linear[index]
            switch kind(item) {
            case .segno?:
                if !secondPass { segno = index + 1 }
            case .daCapo?, .dalSegno?:
                if !secondPass {
                    secondPass = true
                    returnIndex = index + 1
                    index = kind(item) == .daCapo ? 0 : segno
                    continue
                }
            case .fine?:
                if secondPass { return played }
            case .toCoda?:
                if secondPass, let coda = returnIndex, coda > index {
                    index = coda
                    continue
                }
            case nil:
                played.append(item)
            }
            index += 1
        }
        return played
    }
}
