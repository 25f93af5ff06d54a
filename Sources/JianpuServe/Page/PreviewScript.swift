/// The typeset pages beside the text, both ways: a click on a note puts the cursor at its source (each note
/// carries `data-event="m0p0l3c5"`: movement, part, line, column), and the note written at the cursor is lit.
enum PreviewScript {
    static let js = #"""
        "use strict";
        J.heads = new Map();
        J.timing = [];
        J.place = (id) => {
          const m = /^m(\d+)p(\d+)l(\d+)c(\d+)$/.exec(id || "");
          return m ? { line: Number(m[3]), column: Number(m[4]) } : null;
        };
        J.showPages = (pages, timing, duration) => {
          const box = J.$("pages");
          const scroll = box.scrollTop;
          box.innerHTML = pages.map((svg, i) => `<div class="page" data-page="${i + 1}">${svg.replace(/^<\?xml[^>]*>\s*/, "")}</div>`).join("");
          box.scrollTop = scroll;
          J.heads = new Map();
          for (const el of box.querySelectorAll("[data-event]")) {
            const id = el.getAttribute("data-event");
            if (!J.heads.has(id)) J.heads.set(id, []);
            J.heads.get(id).push(el);
          }
          J.timing = timing; J.duration = duration;
          J.highlightCursor();
          J.afterPages && J.afterPages();
        };
        J.$("pages").addEventListener("click", (e) => {
          const el = e.target.closest && e.target.closest("[data-event]");
          const place = el && J.place(el.getAttribute("data-event"));
          if (!place) return;
          J.cm.focus();
          J.cm.setCursor({ line: place.line - 1, ch: place.column - 1 });
        });
        // The events written at the cursor: on its line, the last that starts at or before it.
        J.eventsAt = (line, ch) => {
          let best = -1, found = [];
          for (const id of J.heads.keys()) {
            const place = J.place(id);
            if (!place || place.line !== line + 1 || place.column - 1 > ch) continue;
            if (place.column > best) { best = place.column; found = [id]; } else if (place.column === best) found.push(id);
          }
          return found;
        };
        J.cursorEvents = [];
        J.highlightCursor = () => {
          for (const el of document.querySelectorAll(".at-cursor")) el.classList.remove("at-cursor");
          const cursor = J.cm.getCursor();
          J.cursorEvents = J.eventsAt(cursor.line, cursor.ch);
          for (const id of J.cursorEvents) for (const el of J.heads.get(id) || []) el.classList.add("at-cursor");
          document.body.dataset.cursorEvent = J.cursorEvents.join(" ");
          const lead = J.cursorEvents.length ? (J.heads.get(J.cursorEvents[0]) || [])[0] : null;
          if (lead && !J.playing) {
            const box = lead.getBoundingClientRect(), pane = J.$("pages").getBoundingClientRect();
            if (box.top < pane.top || box.bottom > pane.bottom) lead.scrollIntoView({ block: "center" });
          }
        };
        """#
}
