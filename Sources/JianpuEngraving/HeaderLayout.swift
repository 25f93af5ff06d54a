import JianpuCore
import JianpuNotation
import JianpuPerformance

/// A movement's header: title and subtitle centred, composer, arranger and poet at the right,
/// and at the left the key (`1=D`), the meter as a stacked fraction and the tempo as written.
struct HeaderLayout {
    private(set) var glyphs: [Glyph] = []
    private(set) var height = 0.0

    init(movement: Movement, metrics m: EngravingOptions.Metrics, measure: any TextMeasuring, width: Double) {
        var y = 0.0
        if let title = movement.headers["title"] {
            y += m.titleDrop
            glyphs.append(Glyph(.text(title, m.titleFont, .middle), at: Point(width / 2, y), role: .title))
            y += m.titleBelow
        }
        if let subtitle = movement.headers["subtitle"] {
            y += m.subtitleDrop
            glyphs.append(Glyph(.text(subtitle, m.subtitleFont, .middle), at: Point(width / 2, y), role: .subtitle))
            y += m.subtitleBelow
        }
        var creditY = y
        for name in ["composer", "arranger", "poet"] {
            guard let value = movement.headers[name] else { continue }
            creditY += m.creditStep
            glyphs.append(Glyph(.text(value, m.creditFont, .end), at: Point(width, creditY), role: .credit))
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
        let lineY = y + m.keyLineDrop
        let keyFont = m.keyFont
        glyphs.append(Glyph(.text(key, keyFont, .start), at: Point(0, lineY), role: .key))
        var x = measure.width(of: key, in: keyFont) + m.keyGap
        if let meter {
            let font = m.meterFont
            let top = String(meter.beats), bottom = String(meter.beatUnit)
            let w = max(measure.width(of: top, in: font), measure.width(of: bottom, in: font))
            glyphs.append(Glyph(.text(top, font, .middle), at: Point(x + w / 2, lineY - m.meterNumeratorRise), role: .meter))
            glyphs.append(
                Glyph(
                    .line(to: Point(x + w + m.meterBarOverhang, lineY - m.meterBarRise), width: m.lineWidth),
                    at: Point(x - m.meterBarOverhang, lineY - m.meterBarRise), role: .meter))
            glyphs.append(Glyph(.text(bottom, font, .middle), at: Point(x + w / 2, lineY + m.meterDenominatorDrop), role: .meter))
            x += w + m.meterGap
        }
        if let tempo {
            glyphs.append(Glyph(.text(TempoText.text(of: tempo), m.tempoFont, .start), at: Point(x, lineY), role: .tempo))
        }
        height = max(lineY + m.keyLineBelow, creditY + m.creditsBelow)
    }
}
