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
            // The script around its two pieces of data, cut where they go.
            let template = script(timing: "\u{0}", song: "\u{0}").split(separator: "\u{0}", omittingEmptySubsequences: false)
            try emit("<script>\n" + template[0] + "[")
            var timing = ""
            for (index, entry) in engraving.performance.enumerated() {
                if index > 0 { timing += "," }
                timing += "[\(SVGWriter.n(entry.seconds, places: 3)),\"\(entry.event)\",\(entry.part)]"
                if timing.utf8.count >= SVGWriter.chunk { try emit(timing); timing = "" }
            }
            try emit(timing + "]" + template[1])
            try emit(performance.json)
            try emit(template[2] + "\n</script>")
        }
        try emit("\n</body></html>\n")
    }

    /// The page before its SVG.
    private static func head(_ engraving: Engraving, performance: PagePerformance?) -> String {
        let title = XMLText.escaped(engraving.title ?? "jianpu")
        let controls = performance == nil ? "" : """
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

    /// The player. The performance time `p` is seconds at the score's tempo; the synthesizer
    /// schedules notes a quarter of a second ahead on the audio clock, a segment at a time (a loop
    /// starts a new segment where the last one ends, so passes join on the exact sample).
    static func script(timing: String, song: String) -> String {
        """
        "use strict";
        const timing = \(timing);
        const song = \(song);
        const duration = song.duration;
        const $ = (id) => document.getElementById(id);
        const button = $("play"), clock = $("clock"), progress = $("progress"), where = $("where");
        progress.max = String(duration);
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
          const ids = t < 0 ? [] : eventsAt(t);
          if (ids.join(" ") === current.join(" ")) return ids;
          for (const id of current) for (const el of heads.get(id) || []) el.classList.remove("playing");
          for (const id of ids) for (const el of heads.get(id) || []) el.classList.add("playing");
          const lead = ids.length ? (heads.get(ids[0]) || [])[0] : null;
          if (lead && playing) {
            const box = lead.getBoundingClientRect();
            if (box.top < 90 || box.bottom > window.innerHeight - 20) lead.scrollIntoView({ block: "center", behavior: "smooth" });
          }
          current = ids;
          document.body.setAttribute("data-current-event", ids.join(" "));
          return ids;
        }
        // The bars, and the printed bar at a time.
        const bars = song.bars.map((b) => ({ start: b[0], end: b[1], number: b[2], pass: b[3], beats: b[4], beat: b[5] }));
        function barAt(p) {
          let found = bars[0];
          for (const bar of bars) { if (bar.start <= p + 0.0005) found = bar; else break; }
          return found;
        }
        function firstPass(number) { return bars.find((b) => b.number === number && b.pass === 1); }
        const clicks = [];
        for (const bar of bars) for (let k = 0; k < bar.beats; k++) {
          const t = bar.end - (bar.beats - k) * bar.beat;
          if (t >= bar.start - 0.0005) clicks.push([t, k === 0 && bar.end - bar.start >= bar.beats * bar.beat - 0.001]);
        }
        // The synthesizer.
        let ctx = null, master = null;
        const voices = new Set();
        const log = [];
        const muted = new Set();
        let factor = 1, playing = false, pausedAt = 0, segments = [], timer = null, finished = false;
        function audio() {
          if (!ctx) { ctx = new AudioContext(); master = ctx.createGain(); master.gain.value = 0.6; master.connect(ctx.destination); }
          if (ctx.state === "suspended") ctx.resume();
          return ctx;
        }
        function voice(when, length, key, velocity, part) {
          const osc = ctx.createOscillator(), gain = ctx.createGain();
          osc.type = part === 0 ? "triangle" : "sine";
          osc.frequency.value = 440 * Math.pow(2, (key - 69) / 12);
          const peak = 0.3 * velocity / 127, hold = Math.max(length, 0.06);
          gain.gain.setValueAtTime(0, when);
          gain.gain.linearRampToValueAtTime(peak, when + 0.008);
          gain.gain.exponentialRampToValueAtTime(peak * 0.35, when + hold);
          gain.gain.exponentialRampToValueAtTime(0.0001, when + hold + 0.12);
          osc.connect(gain).connect(master);
          osc.start(when);
          osc.stop(when + hold + 0.15);
          const entry = { osc, part };
          voices.add(entry);
          osc.onended = () => voices.delete(entry);
          if (log.length < 20000) log.push([when, key, part]);
        }
        function tick(when, accent) {
          const osc = ctx.createOscillator(), gain = ctx.createGain();
          osc.type = "square";
          osc.frequency.value = accent ? 1760 : 1320;
          gain.gain.setValueAtTime(accent ? 0.25 : 0.15, when);
          gain.gain.exponentialRampToValueAtTime(0.0001, when + 0.04);
          osc.connect(gain).connect(master);
          osc.start(when);
          osc.stop(when + 0.05);
          const entry = { osc, part: "click" };
          voices.add(entry);
          osc.onended = () => voices.delete(entry);
          if (log.length < 20000) log.push([when, accent ? "accent" : "click", "click"]);
        }
        function silence(part) {
          for (const v of Array.from(voices)) if (part === undefined || v.part === part) { try { v.osc.stop(); } catch (e) {} voices.delete(v); }
        }
        function audible(part) {
          const solo = Array.from(document.querySelectorAll("#parts input.solo")).filter((b) => b.checked).map((b) => Number(b.dataset.part));
          return !muted.has(part) && (solo.length === 0 || solo.includes(part));
        }
        // The loop, in performance seconds, when on and its bars exist.
        function loopRange() {
          if (!$("loop").checked) return null;
          const from = firstPass(Number($("loopFrom").value)), to = firstPass(Number($("loopTo").value));
          if (!from || !to || to.start < from.start) return null;
          return { start: from.start, end: to.end };
        }
        function firstIndex(list, p) {
          let lo = 0, hi = list.length;
          while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid][0] < p - 0.0005) lo = mid + 1; else hi = mid; }
          return lo;
        }
        function segment(p0, c0) {
          const loop = loopRange();
          const end = loop && p0 >= loop.start - 0.0005 && p0 < loop.end ? loop.end : duration;
          return { p0, c0, end, note: firstIndex(song.notes, p0), click: firstIndex(clicks, p0) };
        }
        const at = (seg, p) => seg.c0 + (p - seg.p0) / factor;
        function pump() {
          const horizon = ctx.currentTime + 0.25;
          for (;;) {
            const seg = segments[segments.length - 1];
            while (seg.note < song.notes.length && song.notes[seg.note][0] < seg.end - 0.0005 && at(seg, song.notes[seg.note][0]) < horizon) {
              const n = song.notes[seg.note++];
              if (audible(n[4])) voice(Math.max(at(seg, n[0]), ctx.currentTime), Math.min(n[1], seg.end - n[0]) / factor, n[2], n[3], n[4]);
            }
            while (seg.click < clicks.length && clicks[seg.click][0] < seg.end - 0.0005 && at(seg, clicks[seg.click][0]) < horizon) {
              const c = clicks[seg.click++];
              if ($("click").checked) tick(Math.max(at(seg, c[0]), ctx.currentTime), c[1]);
            }
            const ending = at(seg, seg.end);
            if (ending >= horizon) return;
            const loop = loopRange();
            if (loop && seg.end === loop.end) { segments.push(segment(loop.start, ending)); if (segments.length > 8) segments.shift(); continue; }
            finished = true;
            return;
          }
        }
        // The performance time now: in the segment sounding; before the first one (a count-in), -1.
        function now() {
          if (!playing) return pausedAt;
          const t = ctx.currentTime;
          let seg = null;
          for (const s of segments) if (s.c0 <= t) seg = s;
          if (!seg) return -1;
          return Math.min(seg.p0 + (t - seg.c0) * factor, seg.end);
        }
        function start(p) {
          audio();
          silence();
          const begin = ctx.currentTime + 0.05;
          let c0 = begin;
          const count = Number($("countIn").value);
          if (count > 0) {
            const bar = barAt(p), beat = bar.beat / factor;
            const beats = Math.max(bar.end - bar.start >= bar.beats * bar.beat - 0.001 ? bar.beats : firstPass(bar.number + 1)?.beats || bar.beats, 1);
            for (let i = 0; i < count * beats; i++) tick(begin + i * beat, i % beats === 0);
            c0 = begin + count * beats * beat;
          }
          segments = [segment(p, c0)];
          playing = true;
          finished = false;
          button.textContent = "⏸ Pause";
          clearInterval(timer);
          timer = setInterval(pump, 25);
          pump();
          requestAnimationFrame(show);
        }
        function pause() {
          pausedAt = Math.max(now(), 0);
          playing = false;
          clearInterval(timer);
          silence();
          button.textContent = "▶ Play";
          show();
        }
        function show() {
          let p = now();
          if (playing && finished && ctx.currentTime > at(segments[segments.length - 1], segments[segments.length - 1].end)) {
            pause();
            pausedAt = 0;
            p = duration;
          }
          const shown = Math.max(p, 0);
          const s = Math.floor(shown / factor);
          clock.textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
          progress.value = String(shown);
          const bar = barAt(shown);
          where.textContent = p < 0 ? "count-in" : "bar " + bar.number + (bar.pass > 1 ? " (" + bar.pass + ")" : "");
          highlight(p);
          if (playing) requestAnimationFrame(show);
        }
        function toggle() { if (playing) pause(); else start(pausedAt >= duration - 0.001 ? 0 : pausedAt); }
        button.addEventListener("click", toggle);
        document.addEventListener("keydown", (e) => { if (e.key === " " && e.target === document.body) { e.preventDefault(); toggle(); } });
        progress.addEventListener("input", () => { const p = Number(progress.value); if (playing) start(p); else { pausedAt = p; show(); } });
        $("tempo").addEventListener("input", () => {
          const p = Math.max(now(), 0);
          factor = Number($("tempo").value) / 100;
          $("tempoValue").textContent = $("tempo").value + "%";
          if (playing) { const count = $("countIn").value; $("countIn").value = "0"; start(p); $("countIn").value = count; }
        });
        function markLoop() {
          const loop = loopRange();
          for (const rect of document.querySelectorAll("rect.bar")) {
            const n = Number(rect.getAttribute("data-bar"));
            rect.classList.toggle("looped", !!loop && n >= Number($("loopFrom").value) && n <= Number($("loopTo").value));
          }
        }
        for (const id of ["loop", "loopFrom", "loopTo"]) $(id).addEventListener("change", () => {
          markLoop();
          if (playing) { const p = Math.max(now(), 0); const loop = loopRange(); start(loop && (p < loop.start || p >= loop.end) ? loop.start : p); }
        });
        const first = bars.length ? bars[0].number : 1, last = bars.reduce((m, b) => Math.max(m, b.number), first);
        for (const id of ["loopFrom", "loopTo"]) { $(id).min = String(first); $(id).max = String(last); }
        $("loopFrom").value = String(first);
        $("loopTo").value = String(last);
        song.parts.forEach((name, index) => {
          const label = document.createElement("label");
          const box = document.createElement("input");
          box.type = "checkbox"; box.checked = true; box.className = "sound"; box.dataset.part = String(index);
          box.addEventListener("change", () => { if (box.checked) muted.delete(index); else { muted.add(index); silence(index); } });
          const solo = document.createElement("input");
          solo.type = "checkbox"; solo.className = "solo"; solo.dataset.part = String(index); solo.title = "solo";
          solo.addEventListener("change", () => { for (let i = 0; i < song.parts.length; i++) if (!audible(i)) silence(i); });
          label.append(box, " " + (index + 1) + " " + name + " ", solo, " solo");
          $("parts").append(label);
        });
        for (const rect of document.querySelectorAll("rect.bar")) {
          rect.addEventListener("click", (e) => {
            const n = Number(rect.getAttribute("data-bar"));
            if (e.shiftKey) { $("loopTo").value = String(n); $("loop").checked = true; $("loop").dispatchEvent(new Event("change")); return; }
            const start0 = parseFloat(rect.getAttribute("data-start"));
            if (start0 >= 0) { $("loopFrom").value = String(n); markLoop(); start(start0); }
          });
        }
        window.jianpu = { eventsAt, highlight, timing, duration, song, log, now, start, pause, get playing() { return playing; }, get context() { return ctx; } };
        // `page.html#play` starts at once (where the browser allows it): for a kiosk, and for tests.
        if (location.hash === "#play") start(0);
        """
    }
}
