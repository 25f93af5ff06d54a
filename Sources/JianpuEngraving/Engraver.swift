import JianpuCore
import JianpuNotation
import JianpuPerformance

/// Lays a score out as printed jianpu: pages of systems of bars of positioned glyphs.
///
/// Works from the score tree, so repeats are drawn once, as written; the timeline is only
/// asked when each written note first sounds.
public struct Engraver {
    let options: EngravingOptions
    let measure: any TextMeasuring
    let m: EngravingOptions.Metrics

    public init(options: EngravingOptions = EngravingOptions(), measure: any TextMeasuring) {
        self.options = options
        self.measure = measure
        m = EngravingOptions.Metrics(s: options.size)
    }

    var pageWidth: Double { options.paper.size.width }
    var pageHeight: Double { options.paper.size.height }
    var contentWidth: Double { pageWidth - 2 * options.margin }

    /// The engraving of every movement, each with its own header.
    /// No pages when a system is taller than a page.
    public func engrave(_ score: Score) -> Engraving {
        (try? engrave(score, maximumPages: .max)) ?? Engraving(title: score.title, width: pageWidth, height: pageHeight, pages: [], performance: [], duration: 0)
    }

    /// The engraving, or why it cannot be printed: it needs more than `maximumPages` pages (the
    /// layout stops there, so a huge score costs the memory of that many pages, not of all of
    /// them), or a system is taller than a page. `withSound`: it carries what the page plays
    /// (`Engraving.sound`), made from the timelines its highlight is lit from.
    public func engrave(_ score: Score, maximumPages: Int, withSound: Bool = false) throws(EngravingRefusal) -> Engraving {
        var pages: [Page] = []
        var engraving = try layout(score, maximumPages: maximumPages, withSound: withSound) { pages.append($0) }
        let count = pages.count
        engraving.pages = pages.indices.map { numbered(pages[$0], index: $0, of: count) }
        return engraving
    }

    /// The score laid out, each page handed to `finished` (in order, without its number) as soon as nothing
    /// later can change it; the engraving returned has no pages. Pages are let go as they are handed on, so
    /// a sink that writes them holds only the pages not yet final. `inOrder`: with the engraving's `performance`
    /// (what a page that plays lights its notes from; without a player it is 32 bytes a note held for nothing).
    func layout(_ score: Score, maximumPages: Int, withSound: Bool, inOrder: Bool = true, finished: (Page) -> Void) throws(EngravingRefusal) -> Engraving {
        // Counted once: the page estimate and each movement's bar numbers read it.
        let written = score.movements.map { WrittenScore($0) }
        let estimate = PageEstimate(metrics: m, lineWidth: contentWidth, pageHeight: pageHeight - 2 * options.margin)
        if maximumPages < .max, estimate.fewestPages(score, written: written) > maximumPages { throw .pageLimit(maximumPages: maximumPages) }
        var book = PageBook(height: pageHeight, margin: options.margin, maximumPages: maximumPages)
        var performance: [(seconds: Double, event: String, part: Int)] = []
        var offset = 0.0
        var sound = withSound ? PagePerformance() : nil
        for (index, movement) in score.movements.enumerated() {
            // The performance the page plays (rolled arpeggios, the chords= part), for sound and highlight alike.
            let timeline = Flattener.timeline(of: movement, rollsArpeggios: true, withChords: true)
            let times = PlayedOnsets(timeline: timeline, offset: offset)
            // The timeline's notes are let go before the layout: the onsets are all it needed.
            let seconds = timeline.durationSeconds
            let before = book
            var bars: [[WrittenBar]]? = PercentRepeats.expanded(written[index].bars(of: movement, movementIndex: index))
            // Kept for setting the movement again (below) when it is small; a big one's events are let go as its
            // blocks take them (and a movement of more than four pages is never set again).
            let kept = (bars ?? []).reduce(0) { $0 + $1.reduce(0) { $0 + $1.events.count } } <= Self.eventsKeptForRefit ? bars : nil
            try engrave(movement, number: index + 1, written: written[index], bars: bars.take(), times: times, into: &book, handsOn: true, finished: finished)
            // A last system alone on a page of its own: the movement is set again tighter if that saves the
            // page (a short song on one page, as LilyPond prints it), else with its last two pages balanced.
            book = refitted(movement, number: index + 1, written: written[index], bars: kept, times: times, book: book, before: before)
            // The movement's signs are drawn: every page but the last is final.
            book.handOn(upTo: book.pages.count - 1, to: finished)
            if withSound || inOrder {
                // Made once the movement is laid out, from the same flattening made again (it is a function
                // of the movement): held through the layout, a wide bar's would add 70 bytes a note to its peak.
                let timeline = Flattener.timeline(of: movement, rollsArpeggios: true, withChords: true)
                sound?.append(timeline)
                if inOrder { performance += PlayedOnsets.performance(of: timeline, movement: index, offset: offset) }
            }
            offset += seconds
        }
        book.handOn(upTo: book.pages.count, to: finished)
        return Engraving(title: score.title, width: pageWidth, height: pageHeight, pages: [], performance: performance, duration: offset, sound: sound)
    }

    /// At most this many events of a movement's bars are kept through its first setting for a second
    /// (`refitted`): read once, not again for each try.
    static let eventsKeptForRefit = 20_000

    /// The page (0-based `index`) with its number, `i / N`, when there is more than one.
    func numbered(_ page: Page, index: Int, of count: Int) -> Page {
        guard count > 1 else { return page }
        var page = page
        page.glyphs.append(Glyph(.text("\(index + 1) / \(count)", m.small, .middle), at: Point(pageWidth / 2, pageHeight - options.margin / 2), role: .pageNumber))
        return page
    }

    /// Lays out one movement (1-based `number`) on the pages that follow: its bars as `written` gives them, or
    /// `given` (the same, read already). `fit` may set it tighter, its systems closer or a page break earlier.
    /// With `handsOn`, `finished` takes the pages that nothing later in the movement can change as it goes:
    /// once a refit is out of question (past four pages) and no sign across systems may still land on them.
    func engrave(
        _ movement: Movement, number: Int, written: WrittenScore, bars given: consuming [[WrittenBar]]? = nil, times: PlayedOnsets, into book: inout PageBook,
        fit: MovementFit = MovementFit(), handsOn: Bool = false, finished: (Page) -> Void = { _ in }
    ) throws(EngravingRefusal) {
        // More parts than a page holds at their least height are refused before their bars are read.
        let least = PageEstimate.partHeight * m.s * Double(movement.parts.count)
        guard least <= book.room else {
            throw .systemTallerThanPage(movement: number, parts: movement.parts.count, verses: 0, height: least, room: book.room)
        }
        var parts = (consume given) ?? PercentRepeats.expanded(written.bars(of: movement, movementIndex: number - 1))
        var spanners = Spanners(parts: movement.parts, bars: parts, metrics: m)
        // In order of onset, so that each bar finds its own by halving instead of reading them all.
        let chords = (movement.headers["chords"].map { ChordAccompaniment.chords(in: $0) } ?? []).enumerated()
            .sorted { ($0.element.onset, $0.offset) < ($1.element.onset, $1.offset) }.map { ($0.element.onset, Self.printed($0.element.chord.symbol)) }
        let header = HeaderLayout(movement: movement, metrics: m, measure: measure, width: contentWidth)
        book.reserve(header.height + m.s * 4)
        book.add(header.glyphs.map { $0.moved(options.margin, book.y) })
        book.y += header.height
        guard !book.isFull else { throw .pageLimit(maximumPages: book.maximumPages) }
        // Several parts: the first line starts with their instruments' names; an instrument's staves (`StaffGroups`)
        // are braced, named once, and named again (shortened) on the lines after the first.
        let staves = StaffGroups(instruments: movement.parts.map(\.instrument))
        let bracket = movement.parts.count > 1 ? m.bracketRoom + (staves.isEmpty ? 0 : m.braceRoom) : 0
        let names = movement.parts.count > 1 ? staves.partNames(first: true) : []
        let laterNames = movement.parts.count > 1 ? staves.partNames(first: false) : []
        func widthOfNames(_ names: [String]) -> Double { names.map { measure.width(of: $0, in: m.small) }.max().map { $0 > 0 ? $0 + m.partNamePad : 0 } ?? 0 }
        let namesWidth = widthOfNames(names + staves.groupNames(first: true).map(\.name))
        let laterNamesWidth = widthOfNames(laterNames + staves.groupNames(first: false).map(\.name))
        var systemCount = 0
        let firstPage = book.pages.count
        var spacing = DurationSpacing.of(parts)
        spacing.scale(by: fit.tightness)
        let (groups, ends) = BarBlock.groups(of: parts)
        // An event's glyphs, drawn with its system (the block's columns are set from its extent alone).
        func shape(_ event: WrittenEvent) -> EventShape {
            EventShape(event, metrics: m, measure: measure) { times.onset(at: $0, part: event.part, pitch: $1) }
        }
        func available(first: Bool) -> Double { contentWidth - bracket - (first ? namesWidth : laterNamesWidth) }
        func natural(_ line: [BarBlock]) -> Double { line.reduce(0) { $0 + $1.width } }
        func setLine(_ line: [BarBlock], first: Bool, justified: Bool) throws(EngravingRefusal) {
            var line = line
            let indent = bracket + (first ? namesWidth : laterNamesWidth)
            if let unit = Justification.unit(for: line, width: contentWidth - indent, justified: justified) {
                for b in line.indices { line[b].stretch(toUnit: unit) }
            }
            var system = SystemLayout(blocks: line, metrics: m)
            system.makeRoomForBarNumbers(measure: measure, shape: shape)
            // Drawn anyway, its lower parts would fall off the page's edge and be lost.
            guard system.height <= book.room else {
                let verses = system.rows.map(\.lyricBaselines.count).max() ?? 0
                throw .systemTallerThanPage(movement: number, parts: movement.parts.count, verses: verses, height: system.height, room: book.room)
            }
            if systemCount == fit.pageBreakBefore { book.breakPage() }
            book.reserve(system.height)
            guard !book.isFull else { throw .pageLimit(maximumPages: book.maximumPages) }
            var placed = system
            placed.draw(
                at: Point(options.margin + indent, book.y), page: book.pages.count - 1, bracket: movement.parts.count > 1 && !staves.coversAll,
                names: first ? names : laterNames, shape: shape)
            placed.drawStaffGroups(staves.groupNames(first: first), bracketed: !staves.coversAll)
            placed.drawRehearsalMarks(measure: measure)
            placed.separateBarNumbers(measure: measure)
            // The signs are drawn with the system, an arc to another system by halves: nothing of it is kept.
            let signs = spanners.draw(placed, measure: measure)
            book.add(placed.glyphs)
            book.add(signs.glyphs)
            book.pages[book.pages.count - 1].bars += placed.barAreas
            book.pages[placed.page].systems.append(SystemArea(rect: placed.rect, heads: placed.heads, lyrics: signs.lyrics, chordSymbols: placed.chordBoxes))
            systemCount += 1
            if handsOn, book.pages.count - firstPage > 4 { book.handOn(upTo: book.pages.count - 1, to: finished) }
            book.y += system.height + m.systemGap * fit.systemGapScale
        }
        // Blocks are laid out a line at a time (as many as fit), so that a score past the page limit stops
        // before the rest of it is measured. One full line is held back, to balance it with the last.
        var held: (line: [BarBlock], first: Bool)?
        var line: [BarBlock] = []
        var lineIsFirst = true
        func lineDone() throws(EngravingRefusal) {
            if let held { try setLine(held.line, first: held.first, justified: true) }
            held = (line, lineIsFirst)
            line = []
            lineIsFirst = false
        }
        for group in groups {
            let block = BarBlock(
                bars: parts.indices.map { Array(parts[$0][group[$0]]) }, ends: parts.indices.map { Array(ends[$0][group[$0]]) },
                chords: chords, spacing: spacing, metrics: m, measure: measure,
                extent: { BarBlock.EventExtent(EventShape.extent(of: $0, metrics: m, measure: measure)) })
            // The block holds its events now: the bars' own are let go, so a wide bar's are not held twice.
            for p in parts.indices { for b in group[p] { parts[p][b].events = [] } }
            var room = available(first: lineIsFirst) - natural(line)
            guard block.width > available(first: lineIsFirst) else {
                if !line.isEmpty, block.width > room { try lineDone() }
                line.append(block)
                continue
            }
            // A block wider than a line goes on over as many lines as it needs, cut at columns.
            if !line.isEmpty, room < 0.3 * available(first: lineIsFirst) {
                try lineDone()
                room = available(first: lineIsFirst)
            }
            for piece in block.pieces(firstWidth: room, width: available(first: false), metrics: m) {
                if !line.isEmpty, piece.width > available(first: lineIsFirst) - natural(line) { try lineDone() }
                line.append(piece)
            }
        }
        var balanced = false
        if var last = held {
            // No lone bar on the last line: bars of the line before come down until the two are even.
            let width = available(first: false)
            while last.line.count > 1, let moved = last.line.last, natural(line) + moved.width <= width,
                natural(line) + moved.width <= natural(last.line) - moved.width + moved.width / 2
            {
                line.insert(moved, at: 0)
                last.line.removeLast()
                balanced = true
            }
            try setLine(last.line, first: last.first, justified: true)
        }
        if !line.isEmpty { try setLine(line, first: lineIsFirst, justified: balanced || natural(line) >= 0.6 * available(first: lineIsFirst)) }
        book.y += m.s
    }

    /// A chord symbol with its roots' flats and sharps as signs: `Bb7/F#` is `B♭7/F♯`.
    static func printed(_ symbol: String) -> String {
        var out = "", previous: Character = "/"
        for (index, c) in symbol.enumerated() {
            let afterRoot = index > 0 && ("A"..."G").contains(previous)
            out.append(afterRoot && c == "b" ? "♭" : afterRoot && c == "#" ? "♯" : c)
            previous = c
        }
        return out
    }
}

/// Pages filled from the top: where the next thing goes.
struct PageBook {
    var pages: [Page] = [Page()]
    var y: Double
    let height: Double
    let margin: Double
    /// The most pages the book may have.
    let maximumPages: Int
    /// Set when `reserve` needed a page past the maximum (none is added then).
    private(set) var isFull = false
    /// The pages before this one have been handed on (`handOn`).
    private(set) var handedOn = 0

    init(height: Double, margin: Double, maximumPages: Int = .max) {
        self.height = height
        self.margin = margin
        self.maximumPages = maximumPages
        y = margin
    }

    /// Starts a new page unless `space` fits under what is on this one.
    mutating func reserve(_ space: Double) {
        if y + space > height - margin, y > margin + 1 {
            guard pages.count < maximumPages else {
                isFull = true
                return
            }
            // The page done is trimmed to its glyphs: grown by doubling, its array may hold twice the room.
            pages[pages.count - 1].glyphs = Self.trimmed(pages[pages.count - 1].glyphs)
            pages.append(Page())
            y = margin
        }
    }

    /// The same elements in an array of no more room than they take.
    static func trimmed<Element>(_ elements: [Element]) -> [Element] {
        guard elements.capacity > elements.count + elements.count / 8 else { return elements }
        var trimmed: [Element] = []
        trimmed.reserveCapacity(elements.count)
        trimmed.append(contentsOf: elements)
        return trimmed
    }

    /// The height a page has for music between its margins.
    var room: Double { height - 2 * margin }

    /// Pages before `end` not handed on yet go to `finished`, each left empty here (its place kept, so that
    /// pages are still counted and found by number).
    mutating func handOn(upTo end: Int, to finished: (Page) -> Void) {
        while handedOn < end {
            finished(pages[handedOn])
            pages[handedOn] = Page()
            handedOn += 1
        }
    }

    mutating func add(_ glyphs: [Glyph]) {
        pages[pages.count - 1].glyphs += glyphs
    }
}

/// Why a score cannot be printed as asked.
public enum EngravingRefusal: Error, Sendable, Equatable {
    /// It needs more than this many pages.
    case pageLimit(maximumPages: Int)
    /// A system of the movement (1-based) needs more height, in points, than the room a page has.
    case systemTallerThanPage(movement: Int, parts: Int, verses: Int, height: Double, room: Double)

    /// What is wrong and how to change it, for a file's name.
    public func message(for file: String) -> String {
        switch self {
        case .pageLimit(let maximumPages):
            return "\(file) needs more than \(maximumPages) pages (--max-pages raises the limit); nothing was written"
        case let .systemTallerThanPage(movement, parts, verses, height, room):
            let what = (parts == 1 ? "one part" : "\(parts) parts") + (verses > 1 ? ", \(verses) verses of lyrics" : "")
            return
                "\(file): a system of movement \(movement) (\(what)) needs at least \(Int(saturating: height.rounded(.up))) pt, more than the \(Int(saturating: room)) pt a page has room for (a smaller --size fits more); nothing was written"
        }
    }
}
