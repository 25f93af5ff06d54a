import JianpuCore

/// A movement's header: title and subtitle centred, composer, arranger and poet at the right,
/// and at the left the key (`1=D`), the meter as a stacked fraction and the tempo as written.
struct HeaderLayout {
    private(set) var glyphs: [Glyph] = []
    private(set) var height = 0.0

    init(movement: Movement, metrics m: EngravingOptions.Metrics, measure: any TextMeasuring, width: Double) {
        var y = 0.0
        if let title = movement.headers["title"] {
            y += 1.6 * m.s
            glyphs.append(Glyph(.text(title, Font(.text, size: 1.6 * m.s, bold: true), .middle), at: Point(width / 2, y), role: .title))
            y += 0.5 * m.s
        }
        if let subtitle = movement.headers["subtitle"] {
            y += 1.0 * m.s
            glyphs.append(Glyph(.text(subtitle, Font(.text, size: 0.95 * m.s), .middle), at: Point(width / 2, y), role: .subtitle))
            y += 0.4 * m.s
        }
        var creditY = y
        for name in ["composer", "arranger", "poet"] {
            guard let value = movement.headers[name] else { continue }
            creditY += 0.95 * m.s
            glyphs.append(Glyph(.text(value, Font(.text, size: 0.75 * m.s), .end), at: Point(width, creditY), role: .credit))
        }
        // The key, meter and tempo written before the first note of the first part.
        var key = "1=C", meter: TimeSignature?, tempo: TempoMark?
        for item in movement.parts.first?.items ?? [] {
            if item.isMusic { break }
            switch item {
            case .key(let k): key = k.text
            case .timeSignature(let t): meter = t
            case .tempo(let t): tempo = t
            default: break
            }
        }
        let lineY = y + 1.6 * m.s
        let keyFont = Font(.music, size: 0.9 * m.s, bold: true)
        glyphs.append(Glyph(.text(key, keyFont, .start), at: Point(0, lineY), role: .key))
        var x = measure.width(of: key, in: keyFont) + 0.6 * m.s
        if let meter {
            let font = Font(.music, size: 0.7 * m.s, bold: true)
            let top = String(meter.beats), bottom = String(meter.beatUnit)
            let w = max(measure.width(of: top, in: font), measure.width(of: bottom, in: font))
            glyphs.append(Glyph(.text(top, font, .middle), at: Point(x + w / 2, lineY - 0.45 * m.s), role: .meter))
            glyphs.append(Glyph(.line(to: Point(x + w + 0.1 * m.s, lineY - 0.3 * m.s), width: m.lineWidth), at: Point(x - 0.1 * m.s, lineY - 0.3 * m.s), role: .meter))
            glyphs.append(Glyph(.text(bottom, font, .middle), at: Point(x + w / 2, lineY + 0.35 * m.s), role: .meter))
            x += w + 0.8 * m.s
        }
        if let tempo {
            glyphs.append(Glyph(.text(TempoText.text(of: tempo), Font(.music, size: 0.8 * m.s), .start), at: Point(x, lineY), role: .tempo))
        }
        height = max(lineY + 0.8 * m.s, creditY + 0.5 * m.s)
    }
}
