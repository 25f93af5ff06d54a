import JianpuCore
import JianpuPerformance

/// The room a column's length asks for: space in proportion to written time, as a jianpu reader counts
/// beats by eye.
///
/// LilyPond's duration spacing gives each note a fixed step more for each doubling of its length
/// (`shortestSpace + increment · log2(length / shortest)`), so a beat split in two quavers is a third wider
/// than a crotchet beat, and a held note's dashes (one column a beat) stand unevenly against another part's
/// quavers: `4̇   –   – –`. Here a beat takes the same room whatever it is split into, and a column takes
/// the share of it its length is (`perQuarter` digits a crotchet). The beat is sized so that the common
/// shortest note still gets the room LilyPond's rule gives it, and never less than LilyPond gives a
/// crotchet; every glyph keeps its own width on top (`BarBlock`), so a crowded beat (semiquavers among
/// quavers, a wide lyric) grows alone, as LilyPond's do.
struct DurationSpacing {
    /// The note length that at least one column in twenty has (`of(_:)`).
    var shortest: WholeNotes
    /// Space, in digits, of a crotchet: the room a beat of 4/4 takes.
    var perQuarter = 1.2
    /// The least space, in digits, between the glyphs of neighbouring columns.
    var gap = 0.15

    /// Space, in digits, LilyPond's rule gives the shortest note, and what it adds for each doubling.
    static let shortestSpace = 0.8, increment = 0.35
    /// Space, in digits, a column of the shortest common length asks for, at the least: a digit and its gaps.
    static let shortestRoom = 0.6

    init(shortest: WholeNotes) {
        self.shortest = shortest
        let quarter = WholeNotes.quarter.doubleValue, short = max(shortest.doubleValue, 1e-9)
        // LilyPond's crotchet, and the crotchet that gives the shortest note its room.
        let logarithmic = Self.shortestSpace + Self.increment * Self.log2(max(1, quarter / short))
        perQuarter = max(logarithmic, Self.shortestRoom * quarter / short)
    }

    /// The ideal space, in digits, for a column followed by the next after `length`: in proportion to its
    /// length, up to a whole note (a longer column is a multibar rest, sized by its own rule).
    func space(for length: WholeNotes) -> Double {
        perQuarter * 4 * min(length, WholeNotes(1)).doubleValue
    }

    /// All spaces scaled by `factor` (a tighter setting that saves a page).
    mutating func scale(by factor: Double) {
        perQuarter *= factor
        gap *= factor
    }

    /// The base-2 logarithm of a positive number, near enough for spacing (within 0.005): the core has no libm.
    static func log2(_ x: Double) -> Double {
        let t = x.significand - 1
        return Double(x.exponent) + t * (1.3466 - 0.3466 * t)
    }

    /// The spacing of a movement's parts: the shortest length that at least one column in twenty
    /// has (a few sixteenths in a song of crotchets do not widen every bar), no shorter than a
    /// thirty-second.
    static func of(_ parts: [[WrittenBar]]) -> DurationSpacing {
        // Counted in runs of the sorted lengths, not in a dictionary: its first use cost a typeset a search of
        // the program's every conformance for `WholeNotes: Hashable`.
        var lengths: [WholeNotes] = []
        for part in parts {
            for bar in part {
                for event in bar.events { lengths.append(max(event.length, WholeNotes(1, 32))) }
            }
        }
        lengths.sort()
        var common = lengths.first ?? .quarter
        var start = 0
        while start < lengths.count {
            var end = start + 1
            while end < lengths.count, lengths[end] == lengths[start] { end += 1 }
            if (end - start) * 20 >= lengths.count {
                common = lengths[start]
                break
            }
            start = end
        }
        return DurationSpacing(shortest: min(common, .quarter))
    }
}
