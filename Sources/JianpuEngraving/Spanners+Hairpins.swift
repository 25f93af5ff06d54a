import JianpuCore

extension Spanners {
    /// A hairpin being drawn: a crescendo or not, and where it starts in the system being drawn (nil: it goes
    /// on from a system before, so it starts at this one's left edge, half open).
    struct OpenHairpin {
        var isCrescendo: Bool
        var x: Double?
    }

    /// The hairpins of part `p` among one system's events, on the part's row of dynamics: from the left of
    /// the note each starts at (after its dynamic) to the right of the note it ends at (before its dynamic).
    /// One that goes on to the next system is drawn to this one's edge, half open, and goes on from the next one's.
    mutating func hairpins(_ events: [SystemLayout.PlacedEvent], part p: Int, in system: SystemLayout, measure: any TextMeasuring) -> [Glyph] {
        guard p < hairpinsOpen.count, p < system.rows.count, let baseline = system.rows[p].dynamicBaseline else { return [] }
        let y = system.rect.y + baseline - m.hairpinRise
        var glyphs: [Glyph] = []
        func dynamicHalf(_ placed: SystemLayout.PlacedEvent) -> Double {
            placed.event.dynamic.map { measure.width(of: $0, in: m.mark) / 2 + m.hairpinDynamicGap } ?? 0
        }
        for placed in events {
            guard let hairpin = placed.event.hairpin else { continue }
            if hairpin.ends, let open = hairpinsOpen[p] {
                let end = placed.event.dynamic == nil ? placed.x + placed.halfWidth : placed.x - dynamicHalf(placed)
                glyphs += wedge(
                    from: open.x ?? system.rect.x, to: max(end, (open.x ?? system.rect.x) + m.s), y: y,
                    isCrescendo: open.isCrescendo, continued: open.x == nil, continues: false)
                hairpinsOpen[p] = nil
            }
            if let isCrescendo = hairpin.startsCrescendo {
                let start = placed.event.dynamic == nil ? placed.x - placed.halfWidth : placed.x + dynamicHalf(placed)
                hairpinsOpen[p] = OpenHairpin(isCrescendo: isCrescendo, x: start)
            }
        }
        if let open = hairpinsOpen[p] {
            let start = open.x ?? system.rect.x
            glyphs += wedge(
                from: start, to: max(system.rect.maxX - m.hairpinEndInset, start + m.s), y: y,
                isCrescendo: open.isCrescendo, continued: open.x == nil, continues: true)
            hairpinsOpen[p]?.x = nil
        }
        return glyphs
    }

    /// A wedge's two lines from `x1` to `x2` around `y`: a crescendo opens to the right, a diminuendo closes.
    /// A part of one cut at a line's end opens (or closes) halfway there.
    private func wedge(from x1: Double, to x2: Double, y: Double, isCrescendo: Bool, continued: Bool, continues: Bool) -> [Glyph] {
        let full = m.hairpinOpening
        var (narrow, wide) = (0.0, full)
        if continued { narrow = full / 2 }
        if continues { wide = full / 2 }
        let (left, right) = isCrescendo ? (narrow, wide) : (wide, narrow)
        return [-1.0, 1.0].map { side in
            Glyph(.line(to: Point(x2, y + side * right), width: m.lineWidth), at: Point(x1, y + side * left), role: .hairpin)
        }
    }
}
