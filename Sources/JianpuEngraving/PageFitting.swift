import JianpuCore
import JianpuNotation
import JianpuPerformance

/// How a movement is set on its pages, beyond the options: a tighter spacing, closer systems, an earlier page break.
///
/// The layout streams systems onto pages as it goes, so a better page break is found by setting the
/// movement again with one of these, as LilyPond's page breaker weighs a few candidate breaks.
struct MovementFit {
    /// Spacing by duration is scaled by this (1: as wide as the notes' lengths ask).
    var tightness = 1.0
    /// The gap between systems is scaled by this (1: `Metrics.systemGap`).
    var systemGapScale = 1.0
    /// A page break is made before this system of the movement (0-based), when it is not on a new page already.
    var pageBreakBefore: Int?

    /// A little tighter across, then also closer down, then tighter again (about LilyPond's own density, which
    /// is tighter still): what may bring a lone last system onto the page before. The last is what keeps a
    /// two-part score with a long instrument name in its first system (the Minuet) on one page, as without names.
    static let fewerPages = [
        MovementFit(tightness: 0.8), MovementFit(tightness: 0.8, systemGapScale: 0.5),
        MovementFit(tightness: 0.65, systemGapScale: 0.5),
    ]
}

extension Engraver {
    /// The book with the movement set so that its last page does not hold one system alone, when that can be
    /// avoided: set tighter if that saves the page, else with the last two pages balanced. `book` is the
    /// movement as first set, `before` the book before it; `bars`, when kept, the movement's bars as `written` gives them.
    func refitted(_ movement: Movement, number: Int, written: WrittenScore, bars: [[WrittenBar]]?, times: PlayedOnsets, book: PageBook, before: PageBook) -> PageBook {
        let added = book.pages.count - before.pages.count
        // Only short movements are set again (each try sets the whole movement), and only a lone last system.
        guard added > 0, added <= 4, book.pages[book.pages.count - 1].systems.count == 1 else { return book }
        for fit in MovementFit.fewerPages {
            var tighter = before
            if (try? engrave(movement, number: number, written: written, bars: bars, times: times, into: &tighter, fit: fit)) != nil,
                tighter.pages.count < book.pages.count
            {
                return tighter
            }
        }
        // Balanced: systems of the page before come over until the last page has half of the two pages' systems.
        let systems = book.pages.reduce(0) { $0 + $1.systems.count } - before.pages.reduce(0) { $0 + $1.systems.count }
        let penultimate = book.pages[book.pages.count - 2].systems.count - (added == 1 ? before.pages[before.pages.count - 1].systems.count : 0)
        let moved = (penultimate + 1) / 2 - 1
        guard moved > 0 else { return book }
        var balanced = before
        if (try? engrave(movement, number: number, written: written, bars: bars, times: times, into: &balanced, fit: MovementFit(pageBreakBefore: systems - 1 - moved))) != nil,
            balanced.pages.count == book.pages.count, balanced.pages[balanced.pages.count - 1].systems.count > 1
        {
            return balanced
        }
        return book
    }
}

extension PageBook {
    /// Starts a new page unless this one is still empty.
    mutating func breakPage() {
        reserve(height)
    }
}
