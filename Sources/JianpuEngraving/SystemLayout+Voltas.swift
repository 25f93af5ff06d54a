/// Volta brackets drawn whole: one line over all the bars of an ending in a system, as LilyPond draws them,
/// not a piece a bar with gaps at the bar lines. An ending that goes on past the system's end is left open
/// there (no hook) and starts again open (no hook, no label) at the next system's start.
extension SystemLayout {
    /// An ending's bracket over one bar (or piece of a bar): its group, its label where the ending starts
    /// here, the bar's lines, the bracket's height, and whether it closes with a hook down here.
    struct VoltaSpan {
        var group: Int
        var label: String?
        var left: Double, right: Double, y: Double
        var hook: Bool
    }

    /// Joins the spans of each ending that meet (the next starts at the bar line where one ends) and draws each
    /// run as one bracket.
    mutating func drawVoltas() {
        var runs: [VoltaSpan] = []
        for span in voltaSpans {
            if var last = runs.last, last.group == span.group, span.label == nil, abs(span.left - last.right) < 0.5 {
                last.right = span.right
                last.hook = span.hook
                runs[runs.count - 1] = last
            } else {
                runs.append(span)
            }
        }
        voltaSpans = []
        for run in runs {
            // An ending begun in the system before starts at the system's left edge, open.
            let left = run.label == nil ? run.left : run.left + m.voltaStartInset
            let right = run.right - (run.hook ? m.voltaEndInset : 0)
            glyphs.append(Glyph(.line(to: Point(right, run.y), width: m.lineWidth), at: Point(left, run.y), role: .volta))
            if run.hook {
                glyphs.append(Glyph(.line(to: Point(right, run.y + m.voltaHook), width: m.lineWidth), at: Point(right, run.y), role: .volta))
            }
            if let label = run.label {
                glyphs.append(Glyph(.line(to: Point(left, run.y + m.voltaHook), width: m.lineWidth), at: Point(left, run.y), role: .volta))
                glyphs.append(Glyph(.text(label, m.small, .start), at: Point(run.left + m.voltaLabelInset, run.y + m.voltaLabelDrop), role: .volta))
            }
        }
    }
}
