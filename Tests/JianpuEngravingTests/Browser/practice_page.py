#!/usr/bin/env python3
"""Drives the page's practice controls in headless Chromium and reports what its synthesizer scheduled.

Usage: practice_page.py PAGE.html
Prints one JSON object, a scenario each: the notes scheduled ([audio-clock time, key or click, part])
and the performance times seen, for the plain page, tempo 200 %, the second part muted, bar 1 looped,
and a count-in of one bar; plus the console errors and any network request.
"""
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Page

SETUP = {
    "plain": "",
    "tempo": "const t = document.getElementById('tempo'); t.value = '200'; t.dispatchEvent(new Event('input'));",
    "mute": "const b = document.querySelector('#parts input.sound[data-part=\"1\"]'); b.checked = false; b.dispatchEvent(new Event('change'));",
    "loop": "document.getElementById('loopFrom').value = '1'; document.getElementById('loopTo').value = '1';"
            " const l = document.getElementById('loop'); l.checked = true; l.dispatchEvent(new Event('change'));",
    "countIn": "document.getElementById('countIn').value = '1';",
}

page = Page()
report = {}
try:
    for name, setup in SETUP.items():
        page.open(sys.argv[1])
        page.evaluate("(() => {" + setup + "})()")
        started = page.evaluate("(() => { document.getElementById('play').click(); return jianpu.context.currentTime; })()")
        seen = []
        end = time.time() + 2.6
        while time.time() < end:
            time.sleep(0.1)
            seen.append(page.evaluate("jianpu.now()"))
        log = page.evaluate("jianpu.log.map((e) => [e[0], e[1], e[2]])")
        page.evaluate("jianpu.pause()")
        report[name] = {"started": started, "log": log, "seen": seen, "where": page.evaluate("document.getElementById('where').textContent")}
    report["errors"] = page.errors + [f"network: {url}" for url in page.requests]
    report["parts"] = page.evaluate("document.querySelectorAll('#parts label').length")
    print(json.dumps(report))
finally:
    page.close()
