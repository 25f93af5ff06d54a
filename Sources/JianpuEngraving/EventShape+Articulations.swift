import JianpuCore
import JianpuNotation

extension EventShape {
    /// Draws the event's fermatas and articulations stacked over its highest glyph (over any octave dots),
    /// the nearest first, each centred over the digit; a breath mark goes over the note's right side.
    mutating func drawArticulations(_ articulations: [Articulation], metrics m: EngravingOptions.Metrics) {
        for articulation in articulations {
            let bottom = -above - m.articulationGap
            var top = bottom
            switch articulation {
            case .staccato:
                add(Glyph(.text("▾", m.staccatoFont, .middle), at: Point(0, bottom), role: .articulation))
                top = bottom - m.staccatoHeight
            case .staccatissimo:
                let (w, h) = (m.staccatissimoHalfWidth, m.staccatissimoHeight)
                add(
                    Glyph(
                        .polyline([Point(w, bottom - h), Point(-w, bottom - h), Point(0, bottom)], width: m.lineWidth),
                        at: Point(0, bottom), role: .articulation))
                top = bottom - h
            case .tenuto:
                let w = m.tenutoHalfWidth, y = bottom - m.lineWidth
                add(Glyph(.line(to: Point(w, y), width: m.lineWidth * 1.5), at: Point(-w, y), role: .articulation))
                top = y - m.lineWidth
            case .accent:
                let (w, h) = (m.accentHalfWidth, m.accentHeight)
                add(Glyph(.polyline([Point(w, bottom - h / 2), Point(-w, bottom)], width: m.lineWidth), at: Point(-w, bottom - h), role: .articulation))
                top = bottom - h
            case .marcato:
                let (w, h) = (m.accentHalfWidth * 0.8, m.accentHeight * 1.2)
                add(Glyph(.polyline([Point(0, bottom - h), Point(w, bottom)], width: m.lineWidth * 1.3), at: Point(-w, bottom), role: .articulation))
                top = bottom - h
            case .fermata:
                let (w, h) = (m.fermataHalfWidth, m.fermataHeight)
                add(Glyph(.dot(radius: m.dotRadius), at: Point(0, bottom - m.fermataDotRise), role: .fermata))
                add(Glyph(.arc(to: Point(w, bottom), height: h), at: Point(-w, bottom), role: .fermata))
                // The arc's line reaches a little over its height.
                top = bottom - h - m.lineWidth
                (left, right) = (max(left, w), max(right, w))
            case .breathe:
                let x = right + m.breathGap, w = m.breathWidth, y = -m.breathTop
                add(Glyph(.polyline([Point(x + w / 2, y + m.breathHeight), Point(x + w, y)], width: m.lineWidth * 1.3), at: Point(x, y), role: .breath))
                right = x + w + m.breathGap
                above = max(above, m.breathTop)
                continue
            }
            above = -top
        }
    }
}
