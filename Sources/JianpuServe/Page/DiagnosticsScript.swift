/// What `jianpu check` says, underlined in the text at its line and column (the message on hover) and listed
/// under it; a click on the list puts the cursor there.
enum DiagnosticsScript {
    static let js = #"""
        "use strict";
        J.marks = [];
        // The range a diagnostic underlines: from its column to the end of the word there (at least one character).
        J.problemRange = (d) => {
          const lineCount = J.cm.lineCount();
          const line = Math.min(Math.max(d.line, 1), lineCount) - 1;
          const text = J.cm.getLine(line) || "";
          if (d.line <= 0 || d.column <= 0) return { from: { line, ch: 0 }, to: { line, ch: Math.max(text.length, 1) } };
          let start = Math.min(d.column - 1, text.length);
          let end = start;
          while (end < text.length && !/\s/.test(text[end])) end++;
          if (end === start) { if (start > 0) start--; end = start + 1; }
          return { from: { line, ch: start }, to: { line, ch: end } };
        };
        J.showDiagnostics = (diagnostics) => {
          J.cm.operation(() => {
            for (const mark of J.marks) mark.clear();
            J.marks = [];
            for (const d of diagnostics) {
              const range = J.problemRange(d);
              J.marks.push(J.cm.markText(range.from, range.to, { className: "cm-problem-" + d.severity, title: d.severity + ": " + d.message,
                                                                 attributes: { "data-line": String(d.line), "data-column": String(d.column) } }));
            }
          });
          const list = J.$("problems");
          list.textContent = "";
          for (const d of diagnostics) {
            const item = document.createElement("li");
            item.className = d.severity;
            item.textContent = `${d.line}:${d.column}: ${d.severity === "error" ? "" : d.severity + ": "}${d.message}`;
            item.addEventListener("click", () => { J.cm.focus(); J.cm.setCursor(J.problemRange(d).from); });
            list.append(item);
          }
          document.body.dataset.problems = String(diagnostics.length);
        };
        """#
}
