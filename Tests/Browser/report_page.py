"""The checks of a report of many walkthroughs (`storefront test FILES… --html OUT.html`).

Each reads the page's DOM (docs/walkthroughs.md): #summary, then a <details class="walkthrough"
data-result> per walkthrough, its steps (li.step with data-line and data-result), each failure
(p.failure-text) and the screen it failed on (div.screen), and above them #times, a row per
walkthrough with the store time it covered and a link to it, the total in its foot. The Session fails the page on any
console error, uncaught error or request leaving the file.
"""

import walkthrough_page


def _walkthroughs(s):
    return s.page.eval_on_selector_all("details.walkthrough", """all => all.map(d => ({
        name: d.querySelector('summary').textContent, result: d.dataset.result, open: d.open,
        failures: Array.from(d.querySelectorAll('.failure-text')).map(p => p.textContent),
        failed: Array.from(d.querySelectorAll('li.step[data-result=failed]')).map(li => li.dataset.line),
        screen: Array.from(d.querySelectorAll('.screen .row')).map(r => r.textContent).join('\\n'),
        visible: d.querySelector('ol.steps').checkVisibility()}))""")


def report_contract(s, passed, failed):
    """The policy hashes the page's style and runs no script (the page has none), the summary
    counts `passed` and `failed`, and as many walkthroughs are folded below it, only the failed
    ones open."""
    walkthrough_page._content_security_policy(s, scripted=False)
    summary = s.page.text_content("#summary") or ""
    s.expect(passed in summary and failed in summary, f"the summary says {summary!r}, not {passed} passed and {failed} failed")
    items = _walkthroughs(s)
    s.expect(len(items) == int(passed) + int(failed), f"{len(items)} walkthroughs on the page, not {int(passed) + int(failed)}")
    for item in items:
        s.expect(item["open"] == (item["result"] == "failed"),
                 f"{item['name']!r} ({item['result']}) is {'open' if item['open'] else 'folded'}")
        s.expect(item["visible"] == item["open"], f"{item['name']!r}: its steps are {'shown' if item['visible'] else 'hidden'}")


def report_failure_shown(s, name, line, text, screen_text):
    """The walkthrough `name` is open, failed at `line` with `text` in its failure, and shows
    the screen it failed on, holding `screen_text`."""
    found = [item for item in _walkthroughs(s) if name in item["name"]]
    if not s.expect(len(found) == 1, f"no walkthrough named {name!r} on the page"):
        return
    item = found[0]
    s.expect(item["open"] and item["result"] == "failed", f"{name!r} is not open as failed: {item['result']}, open {item['open']}")
    s.expect(line in item["failed"], f"{name!r}'s failed steps are at lines {item['failed']}, not {line}")
    s.expect(any(text in failure for failure in item["failures"]), f"{name!r}'s failures {item['failures']} do not say {text!r}")
    s.expect(screen_text in item["screen"], f"{name!r}'s screen does not show {screen_text!r}:\n{item['screen']}")


def report_times(s, *pairs):
    """`NAME TIME…`: the table above the walkthroughs gives NAME's store time as TIME (`All`:
    the total under it), each row a link to its walkthrough's folded section, one row for each."""
    rows = s.page.eval_on_selector_all("#times tbody tr", """all => all.map(tr => ({
        name: tr.cells[0].textContent, time: tr.cells[2].textContent,
        target: (document.querySelector(tr.querySelector('a').getAttribute('href')) || {}).id || null,
        summary: (document.querySelector(tr.querySelector('a').getAttribute('href') + ' summary') || {}).textContent || ''}))""")
    total = s.page.eval_on_selector_all("#times tfoot tr", "all => all.map(tr => [tr.cells[0].textContent, tr.cells[2].textContent])")
    s.expect(len(rows) == len(_walkthroughs(s)), f"{len(rows)} rows of times, not one per walkthrough ({len(_walkthroughs(s))})")
    for row in rows:
        s.expect(row["target"] is not None and row["summary"].startswith(row["name"]),
                 f"the time of {row['name']!r} links to {row['target']!r}, not its walkthrough")
    for name, time in zip(pairs[0::2], pairs[1::2]):
        found = [row["time"] for row in rows if name in row["name"]] + [t for n, t in total if n == name]
        s.expect(found == [time], f"the store time of {name!r} is {found}, not {time!r}")


CHECKS = {f.__name__: f for f in [report_contract, report_failure_shown, report_times]}
