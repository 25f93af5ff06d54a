/// The editor's HTML: a toolbar, the text in CodeMirror with its problems listed under it, and the pages beside it.
enum EditorPage {
    static let html = #"""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>jianpu serve</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <link rel="stylesheet" href="/codemirror/lib/codemirror.css">
        <link rel="stylesheet" href="/assets/editor.css">
        </head>
        <body>
        <header id="toolbar">
          <select id="files" aria-label="file"></select>
          <span id="fileName"></span><span id="dirty" title="unsaved changes"></span>
          <button id="save" type="button" title="Ctrl-S">Save</button>
          <span class="group">
            <button id="playStart" type="button" title="play from the start">▶ Start</button>
            <button id="playCursor" type="button" title="play from the cursor, or the selection">▶ Cursor</button>
            <button id="stop" type="button">■</button>
            <label><input id="loop" type="checkbox"> loop</label>
            <label>tempo <input id="tempo" type="range" min="50" max="150" step="5" value="100"></label>
            <label>transpose <input id="transpose" type="number" min="-12" max="12" value="0"></label>
            <span id="parts" title="parts heard: untick to mute, solo to hear one alone"></span>
          </span>
          <span class="group">download
            <button class="download" data-format="pdf" type="button">PDF</button>
            <button class="download" data-format="midi" type="button">MIDI</button>
            <button class="download" data-format="musicxml" type="button">MusicXML</button>
            <button class="download" data-format="wav" type="button">WAV</button>
          </span>
          <span id="status" role="status"></span>
        </header>
        <div id="notice" hidden><span id="noticeText"></span> <button id="noticeYes" type="button"></button> <button id="noticeNo" type="button"></button></div>
        <main>
          <section id="editorPane"><textarea id="source"></textarea><ul id="problems"></ul></section>
          <section id="pages" aria-label="typeset pages"></section>
        </main>
        <audio id="sound" preload="auto"></audio>
        <script src="/codemirror/lib/codemirror.js"></script>
        <script src="/assets/editor.js"></script>
        <script src="/assets/diagnostics.js"></script>
        <script src="/assets/preview.js"></script>
        <script src="/assets/player.js"></script>
        <script src="/assets/files.js"></script>
        </body></html>
        """#
}
