/// The editor's core: CodeMirror, the debounced render (a newer edit aborts an older render), save, the
/// changed-on-disk check, the recovery copy and the question before closing with unsaved changes.
/// Everything the other scripts share is on `window.J`.
enum EditorScript {
    static let js = #"""
        "use strict";
        const J = window.J = {
          path: null, version: null, saved: "", generation: 0, shown: 0, session: Math.random().toString(36).slice(2),
          controller: null, timer: null, renders: [], lastGood: null, conflict: false,
          $: (id) => document.getElementById(id),
        };
        J.cm = CodeMirror.fromTextArea(J.$("source"), { lineNumbers: true, lineWrapping: true, indentUnit: 2, autofocus: true });
        J.status = (text) => { J.$("status").textContent = text; };
        J.isDirty = () => J.cm.getValue() !== J.saved;
        J.showDirty = () => { J.$("dirty").textContent = J.isDirty() ? "●" : ""; };
        J.post = (url, body) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });

        // A question over the page: `yes` and `no` labels and what each does.
        J.ask = (text, yes, onYes, no, onNo) => {
          J.$("noticeText").textContent = text;
          const y = J.$("noticeYes"), n = J.$("noticeNo");
          y.textContent = yes; n.textContent = no; n.hidden = !no;
          y.onclick = () => { J.$("notice").hidden = true; onYes && onYes(); };
          n.onclick = () => { J.$("notice").hidden = true; onNo && onNo(); };
          J.$("notice").hidden = false;
        };

        // Typesetting: a short pause after the last keystroke, then the text to the server; an older request still
        // on its way is aborted, and an answer older than the one shown is dropped.
        J.schedule = () => { clearTimeout(J.timer); J.timer = setTimeout(J.render, 30); };
        J.render = async () => {
          const generation = ++J.generation;
          if (J.controller) J.controller.abort();
          const controller = J.controller = new AbortController();
          const started = performance.now();
          let result;
          try {
            const response = await fetch("/api/render", { method: "POST", signal: controller.signal, credentials: "same-origin",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ text: J.cm.getValue(), name: J.path || "score.jp", session: J.session, generation,
                                     transpose: Number(J.$("transpose").value) || 0 }) });
            if (response.status === 409) return;
            result = await response.json();
            if (!response.ok) { J.status(result.error || response.statusText); return; }
          } catch (e) { if (e.name !== "AbortError") J.status("cannot reach jianpu serve: " + e.message); return; }
          if (generation < J.shown) return;
          J.shown = generation;
          J.showDiagnostics(result.diagnostics);
          if (result.ok) { J.lastGood = result; J.showPages(result.pages, result.timing, result.duration); J.showParts && J.showParts(result.parts); }
          J.$("pages").classList.toggle("stale", !result.ok);
          const total = performance.now() - started;
          J.renders.push({ generation, total, server: result.milliseconds });
          if (J.renders.length > 500) J.renders.shift();
          document.body.dataset.rendered = String(generation);
          J.status(result.ok ? `typeset in ${Math.round(result.milliseconds)} ms` : "the text has errors: the last good page is shown");
        };

        J.cm.on("changes", () => {
          J.showDirty();
          if (J.path !== null && J.isDirty()) localStorage.setItem("jianpu-recovery:" + J.path, JSON.stringify({ text: J.cm.getValue(), at: Date.now() }));
          J.schedule();
        });
        J.cm.on("cursorActivity", () => J.highlightCursor && J.highlightCursor());
        J.$("transpose").addEventListener("change", () => J.render());

        // Loads `text` as the file `path` at `version` (its fingerprint on disk), offering a newer recovery copy.
        J.load = (path, text, version) => {
          // The recovery copy is read before the text is set: setting it records a new one.
          const kept = path === null ? null : JSON.parse(localStorage.getItem("jianpu-recovery:" + path) || "null");
          J.path = path; J.version = version; J.saved = text; J.conflict = false;
          J.$("fileName").textContent = path;
          document.title = path + " — jianpu serve";
          J.cm.setValue(text);
          J.cm.clearHistory();
          if (kept && kept.text !== text) {
            J.ask(`Unsaved text of ${path} from ${new Date(kept.at).toLocaleString()} was kept.`, "Restore it",
                  () => J.cm.setValue(kept.text), "Discard", () => localStorage.removeItem("jianpu-recovery:" + path));
          } else if (path !== null) { localStorage.removeItem("jianpu-recovery:" + path); }
          J.showDirty();
          J.render();
        };

        // Saves through the server (temporary file and rename); a file changed on disk since it was read is not
        // overwritten unless the user says so. Saves run one after another: a second one sent before the first is
        // answered would carry the version the first replaces, and be refused as a change on disk.
        let saving = Promise.resolve();
        J.save = (force) => (saving = saving.then(() => saveNow(force), () => saveNow(force)));
        const saveNow = async (force) => {
          if (J.path === null) {
            const name = prompt("Save as (a .jp file in the served folder):", "untitled.jp");
            if (!name) return;
            J.path = name; J.$("fileName").textContent = name;
          }
          const text = J.cm.getValue();
          const response = await J.post("/api/save", { path: J.path, text, version: J.version, force: !!force });
          const answer = await response.json();
          if (response.status === 409) {
            J.ask(`${J.path} changed on disk since you opened it.`, "Overwrite it", () => J.save(true), "Reload from disk", () => J.open(J.path));
            return;
          }
          if (!response.ok) { J.status("not saved: " + answer.error); return; }
          J.version = answer.version; J.saved = text; J.conflict = false;
          localStorage.removeItem("jianpu-recovery:" + J.path);
          J.showDirty();
          J.status("saved " + J.path);
          J.listFiles && J.listFiles();
        };
        J.$("save").addEventListener("click", () => J.save(false));
        // One handler for Ctrl-S, in the editor or not: CodeMirror passes the key on to the document.
        document.addEventListener("keydown", (e) => { if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); J.save(false); } });

        // Every two seconds: has another program changed the file?
        setInterval(async () => {
          if (J.path === null || J.conflict || !J.version) return;
          const response = await fetch("/api/version?path=" + encodeURIComponent(J.path), { credentials: "same-origin" });
          if (!response.ok) return;
          const answer = await response.json();
          if (answer.version && answer.version !== J.version) {
            J.conflict = true;
            document.body.dataset.changedOnDisk = "1";
            J.ask(`${J.path} changed on disk.`, "Reload it", () => J.open(J.path), "Keep mine",
                  () => { J.version = answer.version; J.conflict = false; });
          }
        }, 2000);

        window.addEventListener("beforeunload", (e) => { if (J.isDirty()) { e.preventDefault(); e.returnValue = ""; } });
        """#
}
