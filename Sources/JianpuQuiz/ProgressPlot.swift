import Foundation
import JianpuCore

/// `jianpu quiz stats --plot progress.svg`: accuracy per week and per interval as two bar charts in SVG.
public enum ProgressPlot {
    static let barWidth = 28.0, gap = 8.0, chartHeight = 160.0, margin = 40.0

    /// The SVG document (self-contained, no scripts, readable by any browser).
    public static func svg(_ statistics: QuizStatistics) -> String {
        let charts = [("Accuracy per week", statistics.byWeek), ("Accuracy per interval", statistics.byInterval)]
        let widest = charts.map { Double(max($0.1.count, 1)) * (barWidth + gap) }.max() ?? 0
        let width = (margin * 2 + widest).rounded()
        let height = (Double(charts.count) * (chartHeight + 90) + margin).rounded()
        var body = ""
        var top = margin
        for (title, lines) in charts {
            body += chart(title: title, lines: lines, top: top)
            top += chartHeight + 90
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(saturating: width))" height="\(Int(saturating: height))" viewBox="0 0 \(Int(saturating: width)) \(Int(saturating: height))" font-family="sans-serif" font-size="11">
            <title>jianpu quiz progress: \(Wording.counted(statistics.answers, "answer")), \(fixed(statistics.overall.accuracy, 1))% right</title>
            <rect width="100%" height="100%" fill="white"/>
            \(body)</svg>

            """
    }

    private static func chart(title: String, lines: [QuizStatistics.Line], top: Double) -> String {
        let bottom = top + chartHeight
        var out = "<g class=\"chart\">\n<text x=\"\(margin)\" y=\"\(fixed(top - 12, 1))\" font-size=\"14\" font-weight=\"bold\">\(XMLText.escaped(title))</text>\n"
        for percent in [0, 50, 100] {
            let y = bottom - chartHeight * Double(percent) / 100
            out +=
                "<line x1=\"\(margin)\" y1=\"\(fixed(y, 1))\" x2=\"\(fixed(margin + Double(max(lines.count, 1)) * (barWidth + gap), 1))\" y2=\"\(fixed(y, 1))\" stroke=\"#ccc\"/>"
                + "<text x=\"\(fixed(margin - 4, 1))\" y=\"\(fixed(y + 4, 1))\" text-anchor=\"end\">\(percent)%</text>\n"
        }
        for (index, line) in lines.enumerated() {
            let x = margin + Double(index) * (barWidth + gap) + gap / 2
            let height = chartHeight * line.accuracy / 100
            out +=
                "<rect class=\"bar\" x=\"\(fixed(x, 1))\" y=\"\(fixed(bottom - height, 1))\" width=\"\(fixed(barWidth, 1))\" height=\"\(fixed(height, 1))\" fill=\"#3b7dd8\">"
                + "<title>\(XMLText.escaped(line.item)): \(fixed(line.accuracy, 1))% of \(Wording.counted(line.asked, "answer"))</title></rect>\n"
            out +=
                "<text x=\"\(fixed(x + barWidth / 2, 1))\" y=\"\(fixed(bottom + 14, 1))\" text-anchor=\"middle\" transform=\"rotate(30 \(fixed(x + barWidth / 2, 1)) \(fixed(bottom + 14, 1)))\">\(XMLText.escaped(line.item))</text>\n"
        }
        return out + "</g>\n"
    }
}
