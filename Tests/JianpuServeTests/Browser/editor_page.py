"""Drives `jianpu serve` in headless Chromium as a person would: types, breaks and fixes the text, clicks a
note, saves, changes the file behind its back, plays; and tries the refusals with raw HTTP.
Usage: editor_page.py JIANPU FOLDER  (FOLDER holds song.jp). Prints one JSON report."""
import http.client, json, os, re, subprocess, sys, time, urllib.parse

# The DevTools client the page tests of the engraving already use: one copy for both.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'JianpuEngravingTests', 'Browser'))
from devtools import Page

jianpu, folder = sys.argv[1], sys.argv[2]
song = os.path.join(folder, "song.jp")
server = subprocess.Popen([jianpu, "serve", song, "--port", "0", "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
url = server.stdout.readline().strip()
parsed = urllib.parse.urlparse(url)
port, token = parsed.port, urllib.parse.parse_qs(parsed.query)["token"][0]
report = {"url_ok": bool(re.match(r"^http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}$", url))}


def raw(path, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    for name, value in ({"Host": f"127.0.0.1:{port}"} | (headers or {})).items():
        connection.putheader(name, value)
    connection.endheaders()
    status = connection.getresponse().status
    connection.close()
    return status


report["refusals"] = {
    "no token": raw("/"),
    "wrong token": raw("/?token=" + "0" * 32),
    "foreign host": raw(f"/?token={token}", {"Host": f"evil.example:{port}"}),
    "foreign origin": raw(f"/api/files?token={token}", {"Origin": "http://evil.example"}),
    "path out": raw(f"/api/file?token={token}&path=..%2Fsecret.jp"),
    "with token": raw(f"/?token={token}"),
}

page = Page()


def wait(expression, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.02)
    return None


def rendered():
    return int(page.evaluate("Number(document.body.dataset.rendered || 0)") or 0)


def type_text(text):
    page.call("Input.insertText", {"text": text})


def heads():
    return page.evaluate("document.querySelectorAll('#pages text[data-event]').length")


try:
    page.call("Page.navigate", {"url": url})
    report["loaded"] = bool(wait("document.body && document.body.dataset.ready === '1' && Number(document.body.dataset.rendered || 0) > 0", 20))
    report["heads_before"] = heads()

    # Typing a bar of notes at the end redraws the page with them.
    page.evaluate("J.cm.focus(); J.cm.setCursor(J.cm.lineCount(), 0); true")
    before = rendered()
    started = time.time()
    type_text("6 7 1' 2' |")
    wait(f"Number(document.body.dataset.rendered || 0) > {before} && document.querySelectorAll('#pages text[data-event]').length > {report['heads_before']}", 10)
    report["typed_ms"] = round((time.time() - started) * 1000)
    report["heads_after_typing"] = heads()

    # An error is underlined where it is, the last good page stays; fixed, the underline goes.
    good = heads()
    page.evaluate("J.cm.setCursor(J.cm.lineCount(), 0); true")
    type_text("\n1 2 ?? 4 |")
    wait("document.querySelector('.CodeMirror .cm-problem-error') !== null", 10)
    mark = page.evaluate("(() => { const m = document.querySelector('.CodeMirror .cm-problem-error'); return m && "
                         "{ line: Number(m.dataset.line), column: Number(m.dataset.column), text: m.textContent, title: m.title }; })()")
    report["error_mark"] = mark
    report["error_listed"] = page.evaluate("document.querySelectorAll('#problems li.error').length")
    report["heads_while_broken"] = heads()
    report["stale_while_broken"] = page.evaluate("document.getElementById('pages').classList.contains('stale')")
    line = page.evaluate("J.cm.lineCount() - 1")
    page.evaluate(f"J.cm.setSelection({{line: {line}, ch: 4}}, {{line: {line}, ch: 6}}); true")
    type_text("3")
    report["error_cleared"] = bool(wait("document.querySelector('.CodeMirror .cm-problem-error') === null && "
                                        "!document.getElementById('pages').classList.contains('stale')", 10))
    report["heads_fixed"] = heads()
    report["heads_good"] = good

    # A click on a note puts the cursor at its source.
    target = page.evaluate("(() => { const el = document.querySelector('#pages text[data-event$=\"l4c5\"]'); if (!el) return null;"
                           " el.scrollIntoView({block: 'center'}); const r = el.getBoundingClientRect();"
                           " return { id: el.getAttribute('data-event'), x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()")
    report["click_target"] = target
    if target:
        for kind in ("mousePressed", "mouseReleased"):
            page.call("Input.dispatchMouseEvent", {"type": kind, "x": target["x"], "y": target["y"], "button": "left", "clickCount": 1})
        report["cursor_after_click"] = page.evaluate("J.cm.getCursor()")
        report["lit_at_cursor"] = page.evaluate("document.body.dataset.cursorEvent")
        report["lit_count"] = page.evaluate("document.querySelectorAll('#pages .at-cursor').length")

    # Ctrl-S saves the text to the file.
    page.call("Input.dispatchKeyEvent", {"type": "keyDown", "modifiers": 2, "key": "s", "code": "KeyS", "windowsVirtualKeyCode": 83})
    page.call("Input.dispatchKeyEvent", {"type": "keyUp", "modifiers": 2, "key": "s", "code": "KeyS", "windowsVirtualKeyCode": 83})
    wait("document.getElementById('status').textContent.startsWith('saved')", 10)
    text = page.evaluate("J.cm.getValue()")
    with open(song, encoding="utf-8") as f:
        report["saved_matches"] = f.read() == text
    report["dirty_after_save"] = page.evaluate("J.isDirty()")

    # Another program changes the file: the page says so.
    time.sleep(0.05)
    with open(song, "a", encoding="utf-8") as f:
        f.write("5 5 5 5 |\n")
    report["changed_on_disk_noticed"] = bool(wait("document.body.dataset.changedOnDisk === '1' && !document.getElementById('notice').hidden", 8))
    report["notice"] = page.evaluate("document.getElementById('noticeText').textContent")

    # Play from the start: the highlight moves over the notes as the SoundFont's sound plays.
    page.evaluate("document.getElementById('notice').hidden = true; J.$('playStart').click(); true")
    first = wait("document.body.dataset.playingEvent", 30)
    seen = set()
    deadline = time.time() + 3
    while time.time() < deadline:
        event = page.evaluate("document.body.dataset.playingEvent || ''")
        if event:
            seen.add(event)
        time.sleep(0.05)
    report["played_events"] = sorted(seen)
    report["audio_time"] = page.evaluate("document.getElementById('sound').currentTime")
    page.evaluate("J.stop(); true")

    # Unsaved text survives a closed tab: reopened, the page offers it back.
    page.evaluate("J.cm.focus(); J.cm.setCursor(0, 0); true")
    type_text("% unsaved\n")
    wait("localStorage.getItem('jianpu-recovery:song.jp') !== null", 5)
    report["beforeunload_guarded"] = page.evaluate("J.isDirty()")
    page.evaluate("J.isDirty = () => false; true")
    page.call("Page.navigate", {"url": url})
    wait("document.body && document.body.dataset.ready === '1'", 20)
    report["recovery_offered"] = page.evaluate("document.getElementById('noticeText').textContent")
    # A render overtaken by a newer edit is answered 409 by design (the page drops it); chromium logs every 4xx.
    report["errors"] = [e for e in page.errors if not ("409" in e and "/api/render" in e)]
    report["requests_elsewhere"] = [r for r in page.requests if not r.startswith(f"http://127.0.0.1:{port}/") and not r.startswith("blob:")]
finally:
    page.close()
    server.terminate()
    try:
        server.wait(timeout=10)
        report["server_stopped"] = server.returncode
    except subprocess.TimeoutExpired:
        server.kill()
        report["server_stopped"] = "killed"
print(json.dumps(report))
