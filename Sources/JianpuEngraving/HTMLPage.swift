/// One self-contained HTML file: the pages as SVG, the sound, and a small player that needs no network.
///
/// The player highlights the written note sounding now, through repeats, from the engraving's
/// performance order (seconds → written event); clicking a bar plays from where it first sounds.
public enum HTMLPage {
    /// The audio embedded in the page: its MIME type and its bytes in base64.
    public struct Audio: Sendable {
        public var mimeType: String
        public var base64: String
        public init(mimeType: String, base64: String) {
            self.mimeType = mimeType
            self.base64 = base64
        }
    }

    public static func html(_ engraving: Engraving, svg: String, audio: Audio?) -> String {
        let (head, tail) = around(engraving, svg: svg, mimeType: audio?.mimeType)
        return head + (audio?.base64 ?? "") + tail
    }

    /// The page before and after the audio's base64 bytes (none when `mimeType` is nil), so that a
    /// long score's sound can be written in pieces rather than held whole, twice over, as text.
    public static func around(_ engraving: Engraving, svg: String, mimeType: String?) -> (head: String, tail: String) {
        let title = SVGWriter.escaped(engraving.title ?? "jianpu")
        var body = svg
        if body.hasPrefix("<?xml"), let end = body.firstIndex(of: "\n") { body = String(body[body.index(after: end)...]) }
        var timing = "["
        for (index, entry) in engraving.performance.enumerated() {
            if index > 0 { timing += "," }
            timing += "[\(SVGWriter.n(entry.seconds, places: 3)),\"\(entry.event)\",\(entry.part)]"
        }
        timing += "]"
        let source = mimeType.map { "data:\($0);base64," } ?? ""
        let head = """
        <!DOCTYPE html>
        <html lang="zh"><head><meta charset="utf-8"><title>\(title)</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        body{margin:0;background:#eee;font-family:'DejaVu Sans',sans-serif}
        #bar{position:sticky;top:0;background:#333;color:#fff;padding:6px 12px;display:flex;gap:12px;align-items:center;z-index:1}
        #bar button{font-size:16px;min-width:90px}
        #score{display:flex;justify-content:center;padding:12px}
        #score svg{max-width:100%;height:auto;background:#fff}
        rect.bar{cursor:pointer}
        rect.bar:hover{fill:rgba(0,90,255,0.06)}
        .playing{fill:#d01010 !important;font-weight:bold}
        </style></head>
        <body>
        <div id="bar"><button id="play" type="button">▶ Play</button><span id="clock">0:00</span></div>
        <div id="score">\(body)</div>
        <audio id="audio" preload="auto" src="\(source)
        """
        let tail = """
        "></audio>
        <script>
        \(script(timing: timing, duration: engraving.duration))
        </script>
        </body></html>

        """
        return (head, tail)
    }

    /// The player: play/pause (the button or space), bars that start the music, and the highlight following the audio.
    static func script(timing: String, duration: Double) -> String {
        """
        "use strict";
        const timing = \(timing);
        const duration = \(SVGWriter.n(duration, places: 3));
        const audio = document.getElementById("audio");
        const button = document.getElementById("play");
        const clock = document.getElementById("clock");
        const heads = new Map();
        for (const el of document.querySelectorAll("[data-event]")) {
          const id = el.getAttribute("data-event");
          if (!heads.has(id)) heads.set(id, []);
          heads.get(id).push(el);
        }
        // Each part's events in time order: a part's note stays lit while another part moves.
        const parts = [];
        for (const entry of timing) { (parts[entry[2]] = parts[entry[2]] || []).push(entry); }
        let current = [];
        // The written event sounding in `list` at time t: the last one starting at or before t.
        function lastAt(list, t) {
          let lo = 0, hi = list.length - 1, found = -1;
          while (lo <= hi) {
            const mid = (lo + hi) >> 1;
            if (list[mid][0] <= t + 0.0005) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
          }
          return found < 0 ? null : list[found][1];
        }
        function eventsAt(t) { return parts.filter(Boolean).map((list) => lastAt(list, t)).filter(Boolean); }
        function highlight(t) {
          const ids = eventsAt(t);
          if (ids.join(" ") === current.join(" ")) return ids;
          for (const id of current) for (const el of heads.get(id) || []) el.classList.remove("playing");
          for (const id of ids) for (const el of heads.get(id) || []) el.classList.add("playing");
          // Keep the melody's note on screen as the music moves down the pages.
          const lead = ids.length ? (heads.get(ids[0]) || [])[0] : null;
          if (lead && !audio.paused) {
            const box = lead.getBoundingClientRect();
            if (box.top < 60 || box.bottom > window.innerHeight - 20) lead.scrollIntoView({ block: "center", behavior: "smooth" });
          }
          current = ids;
          document.body.setAttribute("data-current-event", ids.join(" "));
          return ids;
        }
        function show() {
          const t = audio.currentTime;
          const s = Math.floor(t);
          clock.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
          highlight(t);
          if (!audio.paused) requestAnimationFrame(show);
        }
        function toggle() { if (audio.paused) { audio.play(); } else { audio.pause(); } }
        button.addEventListener("click", toggle);
        document.addEventListener("keydown", (e) => { if (e.key === " " && e.target === document.body) { e.preventDefault(); toggle(); } });
        audio.addEventListener("play", () => { button.textContent = "⏸ Pause"; requestAnimationFrame(show); });
        audio.addEventListener("pause", () => { button.textContent = "▶ Play"; show(); });
        audio.addEventListener("timeupdate", show);
        for (const rect of document.querySelectorAll("rect.bar")) {
          rect.addEventListener("click", () => {
            const start = parseFloat(rect.getAttribute("data-start"));
            if (start >= 0) { audio.currentTime = start; audio.play(); }
          });
        }
        window.jianpu = { eventsAt, highlight, timing, duration };
        // `page.html#play` starts at once (where the browser allows it): for a kiosk, and for tests.
        if (location.hash === "#play") audio.play().catch((e) => document.body.setAttribute("data-play-error", String(e)));
        """
    }
}
