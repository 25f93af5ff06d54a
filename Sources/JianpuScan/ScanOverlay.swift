/// A page the overlay draws on: its size in points and its picture (a PNG), as the scan saw it.
public struct OverlayPage: Sendable, Hashable {
    /// 1-based, as `ReadBar.page` counts.
    public var number: Int
    /// In points: the picture is stretched to this size, the bars' boxes are in it.
    public var width: Double, height: Double
    /// The page's picture as PNG bytes; nil draws the bars on white.
    public var picture: [UInt8]?
    public init(number: Int, width: Double, height: Double, picture: [UInt8]?) {
        self.number = number; self.width = width; self.height = height; self.picture = picture
    }
}

/// `jianpu scan --overlay`: the pages with what was read drawn over them, bar by bar (its box, its
/// number, its jianpu text small above it), bars whose beats do not add up in red, so that a person can
/// check a scan against the page at a glance.
///
/// Pure: pages and bars in, SVG (or an HTML page of SVGs) out; the pictures are embedded as data: URLs.
public enum ScanOverlay {
    /// Gap between pages stacked in one SVG, in points.
    static let pageGap = 24.0

    /// One SVG of every page, one below the other.
    public static func svg(_ pages: [OverlayPage], bars: [ReadBar]) -> String {
        let width = pages.map(\.width).max() ?? 0
        let height = pages.map(\.height).reduce(0, +) + pageGap * Double(max(0, pages.count - 1))
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(number(width)) \#(number(height))" width="\#(number(width))pt" height="\#(number(height))pt">"# + "\n"
        out += style
        var top = 0.0
        for page in pages {
            out += #"<g class="page" transform="translate(0 \#(number(top)))">"# + "\n"
            out += drawing(page, bars: bars.filter { $0.page == page.number })
            out += "</g>\n"
            top += page.height + pageGap
        }
        return out + "</svg>\n"
    }

    /// An HTML page holding one SVG per page, as wide as the window, with a line saying how many bars
    /// do not add up.
    public static func html(_ pages: [OverlayPage], bars: [ReadBar], title: String) -> String {
        let unsound = bars.filter { !$0.addsUp }
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escaped(title))</title>\n"
        out += "<style>body{margin:1em;font-family:sans-serif}svg{display:block;width:100%;max-width:1200px;height:auto;margin-bottom:1em;border:1px solid #ccc}</style>\n"
        out += "</head><body>\n<h1>\(escaped(title))</h1>\n"
        out +=
            "<p>\(bars.count) bars read; \(unsound.isEmpty ? "every bar adds up" : "\(unsound.count) do not add up (red): " + unsound.map { "page \($0.page), bar \($0.number)" }.joined(separator: "; "))</p>\n"
        for page in pages {
            out += #"<svg class="page" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(number(page.width)) \#(number(page.height))">"# + "\n"
            out += style
            out += drawing(page, bars: bars.filter { $0.page == page.number })
            out += "</svg>\n"
        }
        return out + "</body></html>\n"
    }

    static let style = """
        <style>.bar rect{fill:none;stroke:#1565c0;stroke-width:0.6}.bar text{fill:#1565c0;font-family:sans-serif}\
        .bar.unsound rect{fill:rgba(229,57,53,0.15);stroke:#e53935;stroke-width:1}.bar.unsound text{fill:#e53935}\
        .bar .number{font-weight:bold}</style>

        """

    /// One page's picture and bars, in the page's points.
    static func drawing(_ page: OverlayPage, bars: [ReadBar]) -> String {
        var out = #"<rect width="\#(number(page.width))" height="\#(number(page.height))" fill="white"/>"# + "\n"
        if let picture = page.picture {
            out += #"<image x="0" y="0" width="\#(number(page.width))" height="\#(number(page.height))" preserveAspectRatio="none" href="data:image/png;base64,\#(base64(picture))"/>"# + "\n"
        }
        // The text of a bar sits above it, as small as still reads beside the digits it names. One size for
        // the page, from its shortest bar: a row of stacked chords is a few digits tall, and text sized from
        // it would run over the row above.
        let size = max(3, min((bars.map(\.box.height).min() ?? 0) * 0.4, 10))
        for bar in bars {
            let box = Box(x: bar.box.x - 1, y: bar.box.y - 1, width: bar.box.width + 2, height: bar.box.height + 2)
            out += #"<g class="bar\#(bar.addsUp ? "" : " unsound")" data-bar="\#(bar.number)" data-part="\#(bar.part)">"#
            out += "<title>bar \(bar.number)\(bar.part > 1 ? ", part \(bar.part)" : "")\(bar.addsUp ? "" : ": its beats do not add up"): \(escaped(bar.text))</title>"
            out += #"<rect x="\#(number(box.x))" y="\#(number(box.y))" width="\#(number(box.width))" height="\#(number(box.height))"/>"#
            out += #"<text class="number" x="\#(number(box.x))" y="\#(number(box.maxY + size * 0.8))" font-size="\#(number(size * 0.8))">\#(bar.number)</text>"#
            out += #"<text class="read" x="\#(number(box.x))" y="\#(number(box.y - 0.8))" font-size="\#(number(size))">\#(escaped(bar.text))</text>"#
            out += "</g>\n"
        }
        return out
    }

    /// A number as SVG writes it: at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : "", whole = abs(hundredths) / 100, fraction = abs(hundredths) % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }

    /// Text safe inside an element or an attribute.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Base64 of `bytes` (RFC 4648, with padding).
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = UInt32(bytes[index]), b = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0, c = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let triple = a << 16 | b << 8 | c
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(index + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
