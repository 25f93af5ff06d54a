/// The served folder's files: the list, opening one (MusicXML, ABC and MIDI are imported into a new `.jp`),
/// and the downloads (PDF, MIDI, MusicXML, WAV).
enum FilesScript {
    static let js = #"""
        "use strict";
        J.listFiles = async () => {
          const response = await fetch("/api/files", { credentials: "same-origin" });
          const listing = await response.json();
          const select = J.$("files");
          select.textContent = "";
          const head = document.createElement("option");
          head.textContent = "open…"; head.value = "";
          select.append(head);
          for (const file of listing.files) {
            const option = document.createElement("option");
            option.value = option.textContent = file;
            select.append(option);
          }
          return listing;
        };
        J.open = async (path) => {
          const response = await fetch("/api/file?path=" + encodeURIComponent(path), { credentials: "same-origin" });
          const file = await response.json();
          if (!response.ok) { J.status(file.error || response.statusText); return; }
          J.load(file.path, file.text, file.version);
          if (file.importedFrom) {
            J.saved = "";
            J.showDirty();
            J.status(`imported ${file.importedFrom}: save to write ${file.path}` + (file.warnings.length ? ` (${file.warnings.length} warnings)` : ""));
          }
        };
        J.$("files").addEventListener("change", async (e) => {
          const path = e.target.value;
          e.target.value = "";
          if (!path) return;
          if (J.isDirty() && !confirm(`${J.path || "The text"} has unsaved changes. Open ${path} anyway?`)) return;
          J.open(path);
        });
        for (const button of document.querySelectorAll("button.download")) {
          button.addEventListener("click", async () => {
            const format = button.dataset.format;
            J.status("making the " + format + "…");
            const response = await J.post("/api/download?format=" + format, { text: J.cm.getValue(), name: J.path || "score.jp",
                                                                           transpose: Number(J.$("transpose").value) || 0 });
            if (!response.ok) { J.status("cannot make the " + format + ": " + ((await response.json()).error || response.statusText)); return; }
            const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
            const link = document.createElement("a");
            link.href = URL.createObjectURL(await response.blob());
            link.download = name ? name[1] : "score." + format;
            document.body.append(link);
            link.click();
            link.remove();
            J.status("downloaded " + link.download);
          });
        }
        (async () => {
          const listing = await J.listFiles();
          if (listing.initial) await J.open(listing.initial);
          else J.load(null, "", null);
          J.$("fileName").textContent = J.path || "(new score)";
          document.body.dataset.ready = "1";
        })();
        """#
}
