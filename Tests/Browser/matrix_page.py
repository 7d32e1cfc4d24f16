"""The checks of a matrix's page (`storefront test --matrix FILE --html OUT.html`).

Each reads the page's DOM (docs/walkthroughs.md): a <section class="matrix"> per walkthrough, its
<table> with a <button class="sort"> in each header, a <select class="filter" data-column> per
condition and an <input class="text-filter">, each row's <button class="open">, and the panel it
fills. The Session fails the page on any console error, uncaught error or request leaving the file.
"""

import re
import time

import walkthrough_page

HEADERS = "section.matrix thead th"


def _natural(text):
    """The order the page sorts in: numbers by value, the rest as text."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part.lower()) for part in re.split(r"(\d+)", text) if part]


def _column(s, name):
    """The index among the first table's cells of the column headed `name`."""
    names = s.page.eval_on_selector_all(HEADERS, "all => all.map(th => th.textContent.replace(/[ ▲▼]+$/, ''))")
    if not s.expect(name in names, f"no column headed {name!r}: the headers are {names}"):
        return None
    return names.index(name)


def _cells(s, column, visible_only=True):
    """The first table's cells of `column`, in the order the rows are shown."""
    return s.page.eval_on_selector_all(
        "section.matrix tbody tr",
        "(rows, [c, v]) => rows.filter(r => !v || !r.hidden).map(r => r.cells[c].textContent)",
        [column, visible_only])


def matrix_contract(s):
    """A Content-Security-Policy hashing its one script and one style, nothing from outside, a
    table whose rows are the combinations with the failures first, a select per condition."""
    walkthrough_page._content_security_policy(s)
    rows = s.page.eval_on_selector_all("section.matrix tbody tr", "all => all.map(r => r.dataset.result)")
    s.expect(len(rows) > 0, "no row in the matrix's table")
    first_pass = rows.index("passed") if "passed" in rows else len(rows)
    s.expect("failed" not in rows[first_pass:], f"a failure after a pass: the rows go {rows[:20]}…")
    sorts = s.page.locator("section.matrix thead button.sort").count()
    s.expect(sorts == s.page.locator(HEADERS).count() - 1, f"{sorts} sort buttons, not one per column")
    for th in s.page.eval_on_selector_all(HEADERS + ":not(:first-child)", "all => all.map(th => th.getAttribute('aria-sort'))"):
        s.expect(th == "none", f"a header's aria-sort is {th!r} before any sort, not 'none'")


def matrix_sorts(s, name):
    """Clicking the header `name` sorts the rows by it, ascending (aria-sort says so), and again,
    descending; the rows' order changes from the page's own."""
    column = _column(s, name)
    if column is None:
        return
    before = _cells(s, column)
    header = s.page.locator(HEADERS).nth(column)
    header.locator("button.sort").click()
    ascending = _cells(s, column)
    s.expect(header.get_attribute("aria-sort") == "ascending", f"{name}'s aria-sort is {header.get_attribute('aria-sort')!r} after a click")
    s.expect(ascending == sorted(before, key=_natural), f"{name} ascending is {ascending[:12]}…, not sorted")
    s.expect(ascending != before, f"sorting by {name} left the rows as they were: {before[:12]}…")
    header.locator("button.sort").click()
    descending = _cells(s, column)
    s.expect(header.get_attribute("aria-sort") == "descending", f"{name}'s aria-sort is {header.get_attribute('aria-sort')!r} after two clicks")
    s.expect(descending == sorted(before, key=_natural, reverse=True), f"{name} descending is {descending[:12]}…, not sorted")


def matrix_filters(s, condition, value, text=None):
    """Choosing `value` in `condition`'s select leaves only the rows with it (and the count says
    how many); `text` typed in the text filter then leaves only rows holding it."""
    column = _column(s, condition)
    if column is None:
        return
    everything = _cells(s, column)
    s.page.select_option(f"section.matrix select.filter[data-column='{column}']", value)
    shown = _cells(s, column)
    expected = [cell for cell in everything if cell == value]
    s.expect(len(shown) > 0 and shown == expected, f"{condition} {value}: the rows shown have {shown[:12]}…, not {len(expected)} × {value!r}")
    count = s.page.text_content("section.matrix .shown")
    s.expect(str(len(expected)) in count, f"the count says {count!r}, not {len(expected)} shown")
    if text:
        s.page.fill("section.matrix input.text-filter", text)
        rows = s.page.eval_on_selector_all("section.matrix tbody tr", "all => all.filter(r => !r.hidden).map(r => r.textContent)")
        s.expect(len(rows) > 0 and all(text.lower() in row.lower() for row in rows), f"text {text!r}: the rows shown are {rows[:5]}…")
        s.expect(len(rows) <= len(expected), f"text {text!r} shows {len(rows)} rows, more than the select alone ({len(expected)})")


def matrix_row_opens(s, row, *texts):
    """The row shown `row`th (from 1) opens its combination in the panel: its name, and a screen,
    in view, whose rows hold each of `texts`."""
    button = s.page.locator("section.matrix tbody tr:not([hidden]) button.open").nth(int(row) - 1)
    name = button.evaluate("b => b.closest('tr').dataset.name")
    button.click()
    panel = s.page.locator("section.matrix .panel").first
    s.expect(button.get_attribute("aria-expanded") == "true", "the row's button is not aria-expanded once clicked")
    s.expect(panel.locator(".combination").text_content() == name, f"the panel names {panel.locator('.combination').text_content()!r}, not {name!r}")
    screen = "\n".join(panel.locator(".screen .row").all_text_contents())
    s.expect(screen.strip() != "", "the panel shows no screen")
    top = panel.evaluate("p => p.querySelector('.screen').getBoundingClientRect().top")
    s.expect(0 <= top < s.page.viewport_size["height"], f"row {row}'s screen opened out of view, its top at y {top:.0f}")
    for text in texts:
        s.expect(text in screen, f"row {row}'s screen does not show {text!r}:\n{screen}")


def open_time(s):
    """How long the page took to open, from the navigation to its load event's end (printed,
    never asserted: a busy machine is slower)."""
    s.page.wait_for_function("performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
    milliseconds = s.page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    s.note(f"opened in {milliseconds:.0f} ms ({s.page.locator('section.matrix tbody tr').count()} rows)")


# The page's own words as English gives them in the outcome cells: none may be left in another language.
ENGLISH_OUTCOMES = ["purchased", "deferred", "failed", "restored", "purchasing", "credits", "unlocked", "active", "pass", "FAIL"]


def _japanese(text):
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in text)


def matrix_speaks(s, lang, *texts):
    """`LANG TEXT…`: the page is in LANG (<html lang>), and in Japanese its own words are: the
    title, the counts, the outcome columns' headers, the filters' labels and their "all", the
    count shown, the panel's prompt and the row buttons' names, with the outcome cells in no
    English; each TEXT is in an outcome cell."""
    page = s.page
    html_lang = page.evaluate("document.documentElement.lang")
    s.expect(html_lang == lang, f"<html lang> is {html_lang!r}, not {lang!r}")
    conditions = page.locator("section.matrix select.filter").count()
    own = page.evaluate("""n => {
        const section = document.querySelector('section.matrix');
        const text = (el) => el ? el.textContent.replace(/[ ▲▼]+$/, '') : '';
        return [['title', text(document.querySelector('h1'))], ['summary', text(document.getElementById('summary'))],
            ...Array.from(section.querySelectorAll('thead th')).slice(n + 1).map(th => ['header', text(th)]),
            ['all', text(section.querySelector('select.filter option[value=""]'))],
            ['filter', text(section.querySelector('input.text-filter').closest('label'))],
            ['shown', text(section.querySelector('.shown'))], ['pick', text(section.querySelector('.panel .pick'))],
            ['open', section.querySelector('button.open').getAttribute('aria-label')]];
    }""", conditions)
    cells = page.evaluate("""n => Array.from(document.querySelectorAll('section.matrix tbody tr'))
        .map(tr => Array.from(tr.cells).slice(n + 1).map(td => td.textContent))""", conditions)
    if lang == "ja":
        for what, text in own:
            s.expect(_japanese(text), f"the page's {what} is not in Japanese: {text!r}")
        for row in cells:
            for cell in row:
                english = [word for word in ENGLISH_OUTCOMES if word in cell]
                s.expect(not english, f"an outcome cell says {cell!r}, English ({', '.join(english)}) on a Japanese page")
    flat = [cell for row in cells for cell in row]
    for text in texts:
        s.expect(any(text in cell for cell in flat), f"no outcome cell says {text!r}: {flat}")


CHECKS = {f.__name__: f for f in [matrix_contract, matrix_sorts, matrix_filters, matrix_row_opens, matrix_speaks, open_time]}


def matrix_panel_in_view(s, size, row="1"):
    """`WIDTHxHEIGHT [ROW]`: in a window that size, at the page's top, opening the row shown
    ROWth brings its panel into view, and the panel's button takes the reader back to that row."""
    width, height = (int(v) for v in size.split("x"))
    s.page.set_viewport_size({"width": width, "height": height})
    s.page.evaluate("window.scrollTo(0, 0)")
    button = s.page.locator("section.matrix tbody tr:not([hidden]) button.open").nth(int(row) - 1)
    button.click()
    top = s.page.evaluate("document.querySelector('section.matrix .panel .chosen').getBoundingClientRect().top")
    s.expect(0 <= top < height, f"at {size}, the opened panel starts at y {top:.0f}, out of view")
    back = s.page.locator("section.matrix .panel button.to-row").first
    if not s.expect(back.count() == 1 and back.is_visible(), "the panel has no visible button back to its row"):
        return
    back.click()
    box = button.evaluate("b => { const r = b.closest('tr').getBoundingClientRect(); return [r.top, r.bottom]; }")
    s.expect(0 <= box[0] and box[1] <= height, f"back to the row, it is out of view (from y {box[0]:.0f} to {box[1]:.0f})")
    s.expect(button.evaluate("b => document.activeElement === b"), "back to the row, its button does not have the focus")
    s.expect(button.evaluate("b => b.closest('tr').getAttribute('aria-selected')") == "true", "the row opened is not marked selected")


CHECKS.update({f.__name__: f for f in [matrix_panel_in_view]})
