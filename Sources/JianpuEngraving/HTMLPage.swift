import JianpuCore

/// One self-contained HTML file: the pages as SVG, the performance as data, and a small player that
/// needs no network: a WebAudio synthesizer that plays the score's notes, with play/pause, tempo,
/// a loop of bars, a count-in and a click, parts to mute, and a progress bar with the current bar.
///
/// The player highlights the written note sounding now, through repeats, from the engraving's
/// performance order (seconds → written event), which is the same performance it sounds;
/// clicking a bar plays from where it first sounds, shift-clicking it ends the loop there.
public enum HTMLPage {
    /// The page; without a performance it shows the score and no player.
    public static func html(_ engraving: Engraving, svg: String, performance: PagePerformance?) -> String {
        var body = svg
        if body.hasPrefix("<?xml"), let end = body.firstIndex(of: "\n") { body = String(body[body.index(after: end)...]) }
        var page = head(engraving, performance: performance) + body
        writeTail(engraving, performance: performance) { page += $0 }
        return page
    }

    /// The page handed to `emit` a piece at a time, its SVG drawn as it is written (`SVGWriter.write`),
    /// so that a writer can stream a big score's page to its file instead of holding it whole.
    public static func write<Failure: Error>(_ engraving: Engraving, performance: PagePerformance?, to emit: (String) throws(Failure) -> Void) throws(Failure) {
        try emit(head(engraving, performance: performance))
        var first = true
        try SVGWriter.write(engraving) { (text: String) throws(Failure) in
            var text = text
            if first, text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") { text = String(text[text.index(after: end)...]) }
            first = false
            try emit(text)
        }
        try writeTail(engraving, performance: performance, to: emit)
    }

    /// Writes the playing page a page of score at a time as the layout finishes them
    /// (`Engraver.write(_:maximumPages:withSound:to:)`, with sound): its player plays the engraving's `sound`.
    public struct Stream<Failure: Error>: PageWriter {
        var svg: SVGWriter.Stream<Failure>
        let emit: (String) throws(Failure) -> Void

        /// `emit` takes the text a piece at a time. With `source`, the score's jianpu text is embedded in
        /// the page's SVG for `jianpu scan` (`EmbeddedSource`).
        public init(source: String? = nil, emit: @escaping (String) throws(Failure) -> Void) {
            self.emit = emit
            // The SVG inside the page, without its XML declaration.
            svg = SVGWriter.Stream(declaration: false, source: source, emit: emit)
        }

        public mutating func begin(_ engraving: Engraving, pageCount: Int) throws {
            try emit(HTMLPage.head(engraving, performance: PagePerformance()))
            try svg.begin(engraving, pageCount: pageCount)
        }

        public mutating func write(_ page: Page, index: Int) throws {
            try svg.write(page, index: index)
        }

        public mutating func end(_ engraving: Engraving) throws {
            try svg.end(engraving)
            try HTMLPage.writeTail(engraving, performance: engraving.sound ?? PagePerformance(), to: emit)
        }
    }

    /// The page after its SVG: the player's script with the performance, handed on a piece at a time (made
    /// before the SVG and held whole, a wide bar's timing was several copies of tens of megabytes).
    private static func writeTail<Failure: Error>(_ engraving: Engraving, performance: PagePerformance?, to emit: (String) throws(Failure) -> Void) throws(Failure) {
        try emit("</div>\n")
        if let performance {
            // The performance's two pieces of data, then the player that reads them (top-level constants of one
            // classic script are seen by the next).
            try emit("<script>\n\"use strict\";\nconst timing = [")
            var timing = ""
            for (index, entry) in engraving.performance.enumerated() {
                if index > 0 { timing += "," }
                timing += "[\(SVGWriter.n(entry.seconds, places: 3)),\"\(entry.event)\",\(entry.part)]"
                if timing.utf8.count >= SVGWriter.chunk { try emit(timing); timing = "" }
            }
            try emit(timing + "];\nconst song = ")
            try emit(performance.json)
            try emit(";\n</script>\n<script>\n" + playerScript + "</script>")
        }
        try emit("\n</body></html>\n")
    }

    /// The page before its SVG.
    private static func head(_ engraving: Engraving, performance: PagePerformance?) -> String {
        let title = XMLText.escaped(engraving.title ?? "jianpu")
        let controls =
            performance == nil
            ? ""
            : """
            <div id="bar"><button id="play" type="button">▶ Play</button><span id="clock">0:00</span>
            <input id="progress" type="range" min="0" max="1" step="0.01" value="0" aria-label="position"><span id="where">bar 1</span>
            <label>tempo <input id="tempo" type="range" min="25" max="200" step="5" value="100"> <span id="tempoValue">100%</span></label>
            <label><input id="loop" type="checkbox"> loop bars</label><input id="loopFrom" type="number" min="0" value="1" aria-label="loop from"><span>–</span><input id="loopTo" type="number" min="0" value="1" aria-label="loop to">
            <label>count-in <select id="countIn"><option>0</option><option>1</option><option>2</option></select></label>
            <label><input id="click" type="checkbox"> click</label><span id="parts"></span></div>
            """
        return """
            <!DOCTYPE html>
            <html lang="zh"><head><meta charset="utf-8"><title>\(title)</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>
            body{margin:0;background:#eee;font-family:'DejaVu Sans',sans-serif}
            #bar{position:sticky;top:0;background:#333;color:#fff;padding:6px 12px;display:flex;flex-wrap:wrap;gap:10px;align-items:center;z-index:1}
            #bar button{font-size:16px;min-width:90px}
            #bar input[type=number]{width:3.5em}
            #progress{flex:1;min-width:120px}
            #score{display:flex;justify-content:center;padding:12px}
            #score svg{max-width:100%;height:auto;background:#fff}
            rect.bar{cursor:pointer}
            rect.bar:hover{fill:rgba(0,90,255,0.06)}
            rect.looped{fill:rgba(255,170,0,0.12)}
            .playing{fill:#d01010 !important;font-weight:bold}
            </style></head>
            <body>
            \(controls)
            <div id="score">
            """
    }

    /// The player (`Resources/player.js`, compiled into the program so that the page needs no file beside it).
    static let playerScript = String(decoding: PackageResources.player_js, as: UTF8.self)
}
