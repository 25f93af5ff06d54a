"""A headless Chromium page driven over the DevTools protocol with a minimal WebSocket client
(standard library only): open a file, evaluate JavaScript, collect console errors."""
import base64, json, os, re, socket, subprocess, tempfile, time, urllib.request


class Page:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="jianpu-chromium-")
        # Chromium's own scratch folders (org.chromium.Chromium.*) go inside the profile, removed with it.
        scratch = os.path.join(self.profile, "tmp")
        os.mkdir(scratch)
        self.browser = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
             "--autoplay-policy=no-user-gesture-required", "--remote-debugging-port=0", f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": scratch})
        port = None
        deadline = time.time() + 30
        while port is None and time.time() < deadline:
            match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", self.browser.stderr.readline())
            if match:
                port = int(match.group(1))
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
        ws_url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
        host, rest = ws_url[len("ws://"):].split("/", 1)
        h, p = host.split(":")
        self.sock = socket.create_connection((h, int(p)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{rest} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            response += self.sock.recv(1)
        self.errors, self.requests, self.next_id = [], [], 0
        self.call("Runtime.enable")
        self.call("Log.enable")
        self.call("Page.enable")
        self.call("Network.enable")

    def send(self, obj):
        data = json.dumps(obj).encode()
        header = bytes([0x81])
        mask = os.urandom(4)
        if len(data) < 126:
            header += bytes([0x80 | len(data)])
        elif len(data) < 65536:
            header += bytes([0x80 | 126]) + len(data).to_bytes(2, "big")
        else:
            header += bytes([0x80 | 127]) + len(data).to_bytes(8, "big")
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def exact(self, n):
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise EOFError
            out += chunk
        return out

    def receive(self):
        first, second = self.exact(2)
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(self.exact(2), "big")
        elif length == 127:
            length = int.from_bytes(self.exact(8), "big")
        payload = self.exact(length)
        return json.loads(payload) if first & 0x0F == 1 else None

    def call(self, method, params=None):
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params or {}})
        while True:
            message = self.receive()
            if message is None:
                continue
            kind = message.get("method")
            if kind == "Runtime.consoleAPICalled" and message["params"]["type"] in ("error", "assert"):
                self.errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in message["params"]["args"]))
            elif kind == "Runtime.exceptionThrown":
                details = message["params"]["exceptionDetails"]
                self.errors.append(details.get("exception", {}).get("description", details.get("text", "exception")))
            elif kind == "Log.entryAdded" and message["params"]["entry"]["level"] == "error":
                entry = message["params"]["entry"]
                self.errors.append(" ".join(filter(None, [entry.get("text", "log error"), entry.get("url")])))
            elif kind == "Network.requestWillBeSent":
                url = message["params"]["request"]["url"]
                if not url.startswith(("file:", "data:", "about:")):
                    self.requests.append(url)
            elif message.get("id") == self.next_id:
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        return result.get("result", {}).get("value")

    def open(self, path):
        self.call("Page.navigate", {"url": "file://" + os.path.abspath(path)})
        for _ in range(100):
            if self.evaluate("document.readyState") == "complete":
                return
            time.sleep(0.1)

    def close(self):
        self.browser.kill()
        self.browser.wait()
        subprocess.run(["rm", "-rf", self.profile])
