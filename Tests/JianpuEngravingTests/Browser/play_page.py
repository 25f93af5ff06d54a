#!/usr/bin/env python3
"""Opens a page in headless Chromium, lets it play, and reports what the page showed.

Usage: play_page.py PAGE.html SECONDS
Prints one JSON object: console errors and exceptions, the number of note heads, and
samples of (performance time, highlighted event) taken while the page's synthesizer plays.
"""
import json, os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Page

page_path, seconds = sys.argv[1], float(sys.argv[2])
page = Page()
try:
    page.open(page_path)
    heads = page.evaluate("document.querySelectorAll('.note').length")
    shown = page.evaluate("Array.from(document.querySelectorAll('.note')).filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length")
    played = page.evaluate("(() => { jianpu.start(0); return jianpu.context.state === 'closed' ? 'closed' : 'ok'; })()")
    samples = []
    end = time.time() + seconds
    while time.time() < end:
        time.sleep(0.25)
        samples.append(page.evaluate("[jianpu.now(), document.body.getAttribute('data-current-event'), document.querySelectorAll('.playing').length]"))
    # Clicking the fourth bar starts the music where that bar first sounds.
    start = page.evaluate("(() => { const r = document.querySelectorAll('rect.bar')[3]; r.dispatchEvent(new MouseEvent('click', {bubbles: true})); return parseFloat(r.getAttribute('data-start')); })()")
    time.sleep(0.3)
    after_click = page.evaluate("jianpu.now()")
    print(json.dumps({"errors": page.errors + [f"network: {url}" for url in page.requests], "heads": heads, "shown": shown, "play": played,
                      "samples": samples, "barStart": start, "afterClick": after_click}))
finally:
    page.close()
