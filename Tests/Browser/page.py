"""A page opened in headless Chromium, watched for what must never happen.

`Session` opens a file:// page with Playwright, driving the system's Chromium (never a browser
downloaded by Playwright), and records as failures every console error, every uncaught error and
every request for anything but the page itself: a page that is shared must work from the file
alone. Its helpers read the walkthrough page's contract: the step shown, moving to a step, the
screen's rows as text, and where a character's occurrences sit on the screen.
"""

import os
import shutil
from pathlib import Path
from urllib.parse import urldefrag

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

# How long the page may take to reach what a helper waits for. A wait ends as soon as it is
# reached; only a page that never gets there waits this long, and then fails. Generous, for a
# machine busy with other tests.
WAIT_MS = 30_000
LAUNCH_MS = 120_000

INSTALL_CHROMIUM = "apt-get install chromium, or set STOREFRONT_CHROMIUM"
BROWSER_CANDIDATES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
                      "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]


def find_chromium():
    """The system's Chromium: $STOREFRONT_CHROMIUM, or the first of the usual names on PATH
    (or, on macOS, Google Chrome where it is installed)."""
    given = os.environ.get("STOREFRONT_CHROMIUM")
    if given:
        return given if os.access(given, os.X_OK) else None
    for name in BROWSER_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


class Stop(Exception):
    """A check cannot go on (the page never reached what it waited for); why is already a failure."""


class Session:
    def __init__(self, path, viewport=(1100, 900), wait_ms=WAIT_MS):
        self.path = Path(path).resolve()
        self.wait_ms = wait_ms
        self.url = self.path.as_uri()
        self.failures = []
        # The check running, when check.py runs several on the page: its failures are named by it.
        self.checking = None
        # What a check measured, to print, never to fail on.
        self.notes = []
        self._viewport = {"width": viewport[0], "height": viewport[1]}
        chromium = find_chromium()
        if chromium is None:
            raise RuntimeError(f"no Chromium found: {INSTALL_CHROMIUM}")
        self._playwright = sync_playwright().start()
        try:
            self.browser = self._playwright.chromium.launch(executable_path=chromium, headless=True, timeout=LAUNCH_MS)
        except Exception:
            self._playwright.stop()
            raise
        self.page = None

    # -- Opening, and what must never happen

    def open(self, fragment=None):
        """Opens the page (at `#fragment`) in a new tab, watched; the previous tab is closed."""
        if self.page is not None:
            self.page.close()
        page = self.browser.new_page(viewport=self._viewport)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.fail(f"page error: {error}"))
        page.on("request", self._request)
        # Nothing leaves the machine even when a page asks: a request is refused (and failed above).
        page.route("**/*", lambda route: route.abort() if self._leaves(route.request.url) else route.continue_())
        page.set_default_timeout(self.wait_ms)
        self.page = page
        page.goto(self.url + (f"#{fragment}" if fragment else ""), wait_until="load")
        return page

    def _console(self, message):
        if message.type == "error":
            self.fail(f"console error: {message.text}")

    def _leaves(self, url):
        return urldefrag(url).url != self.url and not url.startswith("data:")

    def _request(self, request):
        if self._leaves(request.url):
            self.fail(f"request leaving the file: {request.url}")

    def fail(self, message):
        self.failures.append(f"{self.checking}: {message}" if self.checking else message)

    def note(self, message):
        self.notes.append(message)

    def expect(self, condition, message):
        if not condition:
            self.fail(message)
        return condition

    def screenshot(self, path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(path), full_page=True)

    def close(self):
        try:
            self.browser.close()
        finally:
            self._playwright.stop()

    # -- The walkthrough page's contract

    def step(self):
        """The step shown now: the page's `data-step` (0, the opening screen, before step 1)."""
        value = self.page.evaluate("document.documentElement.dataset.step")
        return int(value) if value is not None and value.lstrip("-").isdigit() else None

    def total_steps(self):
        return self.page.locator("#steps > li.step").count()

    def wait_for_step(self, n):
        """Waits until the page shows step `n`; fails the check and stops it if it never does."""
        if self.step() is None:
            # The player sets data-step by the time the page has loaded: it never started.
            self.fail(f"the page shows no step (no data-step on <html>), so never step {n}: its player did not start")
            raise Stop()
        try:
            self.page.wait_for_function("n => document.documentElement.dataset.step === String(n)", arg=n,
                                        timeout=self.wait_ms)
        except PlaywrightError:
            self.fail(f"the page never showed step {n}: it shows step {self.step()}")
            raise Stop()

    def step_to(self, n):
        """Moves to step `n` as a person does: its link in the step list, or the scrubber for 0."""
        if n == 0:
            self.set_scrubber(0)
        else:
            self.page.click(f"#step-{n} a[href='#step-{n}']")
        self.wait_for_step(n)

    def set_scrubber(self, value):
        self.page.eval_on_selector(
            "#scrubber",
            "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', {bubbles: true}));"
            " el.dispatchEvent(new Event('change', {bubbles: true})); }",
            value)

    def press(self, key):
        """A key pressed on the page itself, not on whichever control was clicked last."""
        self.page.evaluate("document.activeElement && document.activeElement.blur()")
        self.page.keyboard.press(key)

    def screen_rows(self):
        """The text of each of #screen's rows, as a person would copy it."""
        return self.page.eval_on_selector_all("#screen .row", "rows => rows.map(r => r.textContent)")

    def screen_text(self):
        return "\n".join(self.screen_rows())

    def char_positions(self, char):
        """For each row of #screen: its text, its left edge, and for each occurrence of `char`
        its index in the row (in characters, as Python counts them) and its x on the page,
        from the DOM (a Range around the character, getBoundingClientRect)."""
        return self.page.eval_on_selector_all("#screen .row", """(rows, char) => rows.map(row => {
            const hits = [];
            let index = 0;
            const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                let offset = 0;
                for (const c of node.data) {
                    if (c === char) {
                        const range = document.createRange();
                        range.setStart(node, offset);
                        range.setEnd(node, offset + c.length);
                        hits.push([index, range.getBoundingClientRect().left]);
                    }
                    offset += c.length;
                    index += 1;
                }
            }
            const whole = document.createRange();
            whole.selectNodeContents(row);
            const box = whole.getBoundingClientRect();
            return {text: row.textContent, left: row.getBoundingClientRect().left,
                    textWidth: box.width, hits};
        })""", char)
