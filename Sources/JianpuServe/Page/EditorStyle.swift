/// The editor's style: text and pages side by side, problems underlined by severity, the note at the cursor and
/// the note sounding lit.
enum EditorStyle {
    static let css = #"""
        html,body{margin:0;height:100%;font-family:'DejaVu Sans',sans-serif;font-size:14px}
        body{display:flex;flex-direction:column}
        #toolbar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:6px 10px;background:#2d2d2d;color:#eee}
        #toolbar .group{display:inline-flex;gap:4px;align-items:center;padding-left:8px;border-left:1px solid #666}
        #toolbar input[type=number]{width:3.5em}
        #dirty{color:#f90;font-weight:bold}
        #status{margin-left:auto;color:#bbb}
        #notice{background:#fff3c4;border-bottom:1px solid #d9b600;padding:6px 10px}
        main{flex:1;display:flex;min-height:0}
        #editorPane{width:42%;display:flex;flex-direction:column;border-right:1px solid #ccc;min-width:0}
        #editorPane .CodeMirror{flex:1;height:auto;font-family:'DejaVu Sans Mono',monospace;font-size:15px}
        #problems{margin:0;padding:4px 8px;max-height:25%;overflow:auto;list-style:none;border-top:1px solid #ccc;background:#fafafa}
        #problems li{cursor:pointer;padding:2px 0;font-size:13px}
        #problems li.error{color:#b00}
        #problems li.warning{color:#a60}
        #problems li.note{color:#555}
        #pages{flex:1;overflow:auto;background:#e8e8e8;padding:12px;display:flex;flex-direction:column;align-items:center;gap:12px}
        #pages.stale{opacity:.55}
        #pages .page{background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.3);max-width:100%}
        #pages svg{display:block;max-width:100%;height:auto}
        #pages [data-event]{cursor:pointer}
        #pages rect.bar{pointer-events:none}
        .cm-problem-error{text-decoration:underline wavy #d00;text-decoration-skip-ink:none;background:rgba(255,0,0,.07)}
        .cm-problem-warning{text-decoration:underline wavy #e90;text-decoration-skip-ink:none}
        .cm-problem-note{text-decoration:underline dotted #888}
        .at-cursor{fill:#0a5cff !important;font-weight:bold}
        .playing{fill:#d01010 !important;font-weight:bold}
        """#
}
