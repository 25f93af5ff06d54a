/// Playing: the server renders the text with the SoundFont (FluidSynth, offline) as Ogg Vorbis, the page plays
/// it from the start, the cursor or the selection, lighting the written note that sounds; loop and tempo.
enum PlayerScript {
    static let js = #"""
        "use strict";
        J.playing = false;
        J.sound = { key: null, url: null };
        const audio = J.$("sound");
        // Each part's events in time order: a part's note stays lit while another part moves.
        J.eventsAtTime = (t) => {
          const last = new Map();
          for (const [seconds, event, part] of J.timing) { if (seconds <= t + 0.0005) last.set(part, event); else if (seconds > t + 30) break; }
          return Array.from(last.values());
        };
        // The first time the events at the cursor sound; with a selection, its span.
        J.span = () => {
          const first = (ids) => { const e = J.timing.find((t) => ids.includes(t[1])); return e ? e[0] : null; };
          if (!J.cm.somethingSelected()) return { start: first(J.cursorEvents) ?? 0, end: null };
          const from = J.cm.getCursor("from"), to = J.cm.getCursor("to");
          const inside = [];
          for (const id of J.heads.keys()) {
            const p = J.place(id);
            if (!p) continue;
            const at = { line: p.line - 1, ch: p.column - 1 };
            const after = at.line > from.line || (at.line === from.line && at.ch >= from.ch);
            const before = at.line < to.line || (at.line === to.line && at.ch < to.ch);
            if (after && before) inside.push(id);
          }
          const times = J.timing.filter((t) => inside.includes(t[1])).map((t) => t[0]);
          if (!times.length) return { start: 0, end: null };
          const start = Math.min(...times), lastStart = Math.max(...times);
          const next = J.timing.find((t) => t[0] > lastStart + 0.0005);
          return { start, end: next ? next[0] : J.duration };
        };
        J.lit = [];
        J.light = (ids) => {
          if (ids.join(" ") === J.lit.join(" ")) return;
          for (const el of document.querySelectorAll(".playing")) el.classList.remove("playing");
          for (const id of ids) for (const el of J.heads.get(id) || []) el.classList.add("playing");
          J.lit = ids;
          document.body.dataset.playingEvent = ids.join(" ");
        };
        J.stop = () => { J.playing = false; audio.pause(); J.light([]); J.$("stop").disabled = true; };
        J.play = async (where) => {
          const text = J.cm.getValue(), transpose = Number(J.$("transpose").value) || 0;
          const mute = J.muted();
          const key = transpose + "\n" + mute.join(",") + "\n" + text;
          const span = where === "start" ? { start: 0, end: null } : J.span();
          J.stop();
          if (J.sound.key !== key) {
            J.status("rendering the sound…");
            const response = await J.post("/api/download?format=ogg", { text, name: J.path || "score.jp", transpose, mute });
            if (!response.ok) { J.status("cannot play: " + ((await response.json()).error || response.statusText)); return; }
            if (J.sound.url) URL.revokeObjectURL(J.sound.url);
            J.sound = { key, url: URL.createObjectURL(await response.blob()) };
            audio.src = J.sound.url;
            await new Promise((resolve) => { audio.onloadedmetadata = resolve; audio.onerror = resolve; });
          }
          J.span0 = span;
          audio.currentTime = span.start;
          audio.playbackRate = Number(J.$("tempo").value) / 100;
          J.playing = true;
          J.$("stop").disabled = false;
          J.status("playing");
          try { await audio.play(); } catch (e) { J.status("cannot play: " + e.message); J.playing = false; return; }
          requestAnimationFrame(J.follow);
        };
        J.follow = () => {
          if (!J.playing) return;
          const t = audio.currentTime, span = J.span0;
          const end = span.end ?? J.duration;
          if (t >= end - 0.01 || audio.ended) {
            if (J.$("loop").checked) { audio.currentTime = span.start; if (audio.paused) audio.play(); }
            else { J.stop(); J.status("played"); return; }
          }
          J.light(J.eventsAtTime(audio.currentTime));
          const lead = J.lit.length ? (J.heads.get(J.lit[0]) || [])[0] : null;
          if (lead) {
            const box = lead.getBoundingClientRect(), pane = J.$("pages").getBoundingClientRect();
            if (box.top < pane.top || box.bottom > pane.bottom) lead.scrollIntoView({ block: "center", behavior: "smooth" });
          }
          requestAnimationFrame(J.follow);
        };
        // A checkbox per part (heard or muted) and a solo box; the sound is rendered again without the muted parts.
        J.showParts = (names) => {
          const box = J.$("parts");
          if (box.dataset.names === names.join("\n")) return;
          box.dataset.names = names.join("\n");
          box.textContent = "";
          if (names.length < 2) return;
          names.forEach((name, index) => {
            const label = document.createElement("label");
            const heard = document.createElement("input");
            heard.type = "checkbox"; heard.checked = true; heard.className = "heard"; heard.dataset.part = String(index);
            const solo = document.createElement("input");
            solo.type = "checkbox"; solo.className = "solo"; solo.dataset.part = String(index); solo.title = "solo";
            label.append(heard, " " + name + " ", solo, "solo ");
            box.append(label);
          });
        };
        J.muted = () => {
          const solo = Array.from(document.querySelectorAll("#parts input.solo")).filter((b) => b.checked).map((b) => Number(b.dataset.part));
          return Array.from(document.querySelectorAll("#parts input.heard")).map((b) => Number(b.dataset.part))
            .filter((i) => solo.length ? !solo.includes(i) : !document.querySelector(`#parts input.heard[data-part="${i}"]`).checked);
        };
        J.$("playStart").addEventListener("click", () => J.play("start"));
        J.$("playCursor").addEventListener("click", () => J.play("cursor"));
        J.$("stop").addEventListener("click", J.stop);
        J.$("stop").disabled = true;
        J.$("tempo").addEventListener("input", () => { audio.playbackRate = Number(J.$("tempo").value) / 100; });
        """#
}
