#!/usr/bin/env python3
"""Opens a page in headless Chromium, lets it play, and reports what the page showed.

Usage: play_page.py PAGE.html SECONDS
Prints one JSON object: console errors and exceptions, the number of note heads, and
samples of (audio time, highlighted event) taken while the audio plays. Talks to Chromium
over the DevTools protocol with a minimal WebSocket client (standard library only).
"""
import base64, json, os, re, socket, subprocess, sys, tempfile, time, urllib.request

page, seconds = os.path.abspath(sys.argv[1]), float(sys.argv[2])
profile = tempfile.mkdtemp(prefix="jianpu-chromium-")
browser = subprocess.Popen(
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
     "--autoplay-policy=no-user-gesture-required", "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
try:
    port = None
    deadline = time.time() + 30
    while port is None and time.time() < deadline:
        line = browser.stderr.readline()
        match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
        if match:
            port = int(match.group(1))
    targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
    ws_url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")

    host, rest = ws_url[len("ws://"):].split("/", 1)
    h, p = host.split(":")
    sock = socket.create_connection((h, int(p)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /{rest} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    response = b""
    while b"\r\n\r\n" not in response:
        response += sock.recv(1)

    def send(obj):
        data = json.dumps(obj).encode()
        header = bytes([0x81])
        mask = os.urandom(4)
        if len(data) < 126:
            header += bytes([0x80 | len(data)])
        elif len(data) < 65536:
            header += bytes([0x80 | 126]) + len(data).to_bytes(2, "big")
        else:
            header += bytes([0x80 | 127]) + len(data).to_bytes(8, "big")
        sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def exact(n):
        out = b""
        while len(out) < n:
            chunk = sock.recv(n - len(out))
            if not chunk:
                raise EOFError
            out += chunk
        return out

    def receive():
        first, second = exact(2)
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(exact(2), "big")
        elif length == 127:
            length = int.from_bytes(exact(8), "big")
        payload = exact(length)
        return json.loads(payload) if first & 0x0F == 1 else None

    errors, next_id = [], [0]
    def call(method, params=None):
        next_id[0] += 1
        send({"id": next_id[0], "method": method, "params": params or {}})
        while True:
            message = receive()
            if message is None:
                continue
            if message.get("method") == "Runtime.consoleAPICalled" and message["params"]["type"] in ("error", "assert"):
                errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in message["params"]["args"]))
            elif message.get("method") == "Runtime.exceptionThrown":
                errors.append(message["params"]["exceptionDetails"].get("text", "exception"))
            elif message.get("method") == "Log.entryAdded" and message["params"]["entry"]["level"] == "error":
                errors.append(message["params"]["entry"].get("text", "log error"))
            elif message.get("id") == next_id[0]:
                return message.get("result", {})

    def evaluate(expression):
        result = call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        return result.get("result", {}).get("value")

    call("Runtime.enable")
    call("Log.enable")
    call("Page.enable")
    call("Page.navigate", {"url": "file://" + page})
    for _ in range(100):
        if evaluate("document.readyState") == "complete":
            break
        time.sleep(0.1)
    heads = evaluate("document.querySelectorAll('.note').length")
    shown = evaluate("Array.from(document.querySelectorAll('.note')).filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length")
    played = evaluate("document.getElementById('audio').play().then(() => 'ok', e => String(e))")
    samples = []
    end = time.time() + seconds
    while time.time() < end:
        time.sleep(0.25)
        samples.append(evaluate("[document.getElementById('audio').currentTime, document.body.getAttribute('data-current-event'), document.querySelectorAll('.playing').length]"))
    # Clicking the fourth bar starts the music where that bar first sounds.
    start = evaluate("(() => { const r = document.querySelectorAll('rect.bar')[3]; r.dispatchEvent(new MouseEvent('click', {bubbles: true})); return parseFloat(r.getAttribute('data-start')); })()")
    time.sleep(0.3)
    after_click = evaluate("document.getElementById('audio').currentTime")
    print(json.dumps({"errors": errors, "heads": heads, "shown": shown, "play": played, "samples": samples,
                      "barStart": start, "afterClick": after_click}))
finally:
    browser.kill()
    browser.wait()
    subprocess.run(["rm", "-rf", profile])
