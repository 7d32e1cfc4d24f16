"""The checks of a walkthrough's page (`storefront record FILE.walk --html OUT.html`).

Each reads the page's DOM contract (docs/walkthroughs.md) in a Session that has opened the page,
and records what does not hold with `session.fail`. The Session itself fails the page on any
console error, uncaught error or request leaving the file, in every check.
"""

import base64
import hashlib
import json
import re
import unicodedata

RESULTS = {"passed", "failed", "done", "not-run"}
CONTROLS = ["#play", "#back", "#forward", "#scrubber", "#slower", "#faster", "#speed"]
# A pixel's tolerance where x positions must be equal: sub-pixel layout rounds, a cell never does.
SAME_X = 0.5


def cells(text):
    """How many terminal cells `text` takes: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def sha256(text):
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def contract(s, lang=None):
    """The page is built as its contract says: language, charset, a Content-Security-Policy
    hashing its one script and one style, no inline styles or outside resources, the title,
    the step list, caption, screen, controls and frame data. `lang`: the locale expected."""
    page = s.page
    html_lang = page.evaluate("document.documentElement.lang")
    s.expect(html_lang in ("en", "ja"), f"<html lang> is {html_lang!r}, not en or ja")
    if lang:
        s.expect(html_lang == lang, f"<html lang> is {html_lang!r}, not {lang!r}")
    s.expect(page.locator("meta[charset]").count() == 1
             and page.get_attribute("meta[charset]", "charset").lower() == "utf-8", "no <meta charset=\"utf-8\">")
    _content_security_policy(s)

    title = page.locator("h1#title")
    s.expect(title.count() == 1 and title.inner_text().strip() != "", "no <h1 id=\"title\"> with the walkthrough's title")
    total = _step_list(s)
    caption = page.locator("#caption")
    s.expect(caption.count() == 1 and caption.get_attribute("aria-live") == "polite",
             "no <div id=\"caption\" aria-live=\"polite\">")
    _screen(s)
    for control in CONTROLS:
        s.expect(page.locator(control).count() == 1, f"no {control}")
    if page.locator("#play").count():
        s.expect(page.get_attribute("#play", "aria-pressed") in ("true", "false"), "#play has no aria-pressed")
    if page.locator("#scrubber").count():
        attributes = page.eval_on_selector("#scrubber", "el => [el.type, el.min, el.max]")
        s.expect(attributes == ["range", "0", str(total)],
                 f"#scrubber is (type, min, max) {attributes}, not ['range', '0', '{total}']")
    frames = page.locator("script#frames")
    if s.expect(frames.count() == 1, "no <script type=\"application/json\" id=\"frames\">"):
        s.expect(frames.get_attribute("type") == "application/json", "#frames is not application/json")
        try:
            json.loads(frames.text_content())
        except ValueError as error:
            s.fail(f"#frames is not JSON: {error}")
    step = s.step()
    s.expect(step is not None and 0 <= step <= total, f"data-step is {step!r}, not a step from 0 to {total}")


def _content_security_policy(s, scripted=True):
    """`scripted` False: a page with no script, whose policy runs none (`script-src 'none'`)."""
    page = s.page
    meta = page.locator("meta[http-equiv='Content-Security-Policy']")
    if not s.expect(meta.count() == 1, "no <meta http-equiv=\"Content-Security-Policy\">"):
        return
    policy = {}
    for directive in meta.get_attribute("content").split(";"):
        words = directive.split()
        if words:
            policy[words[0]] = words[1:]
    scripts = page.eval_on_selector_all(
        "script", "all => all.filter(x => x.type !== 'application/json').map(x => [x.src, x.textContent])")
    styles = page.eval_on_selector_all("style", "all => all.map(x => x.textContent)")
    s.expect(policy.get("default-src") == ["'none'"], f"the policy's default-src is {policy.get('default-src')}, not 'none'")
    s.expect(policy.get("img-src") in (None, ["data:"]), f"the policy's img-src is {policy.get('img-src')}, not data:")
    if not scripted:
        s.expect(not scripts, f"{len(scripts)} scripts on a page with none")
        s.expect(policy.get("script-src") == ["'none'"], f"the policy's script-src is {policy.get('script-src')}, not 'none'")
    elif s.expect(len(scripts) == 1 and not scripts[0][0], f"{len(scripts)} scripts, not one inline script"):
        s.expect(policy.get("script-src") == [f"'{sha256(scripts[0][1])}'"],
                 f"the policy's script-src {policy.get('script-src')} is not the script's hash '{sha256(scripts[0][1])}'")
    if s.expect(len(styles) == 1, f"{len(styles)} <style> elements, not one"):
        s.expect(policy.get("style-src") == [f"'{sha256(styles[0])}'"],
                 f"the policy's style-src {policy.get('style-src')} is not the style's hash '{sha256(styles[0])}'")
    inline = page.locator("[style]").count()
    s.expect(inline == 0, f"{inline} elements with a style attribute")
    for tag, *links in page.eval_on_selector_all("*", """all => all.map(x => [x.tagName,
            ...['src', 'href', 'srcset', 'action', 'poster', 'data'].map(a => x.getAttribute(a))])"""):
        src, href, *others = links
        if tag in ("LINK", "IFRAME", "OBJECT", "EMBED", "BASE"):
            s.fail(f"a <{tag.lower()}> on the page")
        for value, allowed in [(src, "data:"), (href, "#")] + [(other, "data:") for other in others]:
            if value is not None and not value.startswith(allowed):
                s.fail(f"a resource outside the page: <{tag.lower()}> {value!r}")
    if styles and re.search(r"url\(\s*['\"]?(?!data:)|@import", styles[0]):
        s.fail("the style loads something outside the page (url() or @import)")


def _step_list(s):
    """Checks each step's <li>; returns how many there are."""
    items = s.page.eval_on_selector_all("#steps > li", """all => all.map(li => ({
        cls: li.className, id: li.id, step: li.dataset.step, line: li.dataset.line, result: li.dataset.result,
        href: li.querySelector('a') && li.querySelector('a').getAttribute('href'),
        link: li.querySelector('a') ? li.querySelector('a').textContent : ''}))""")
    s.expect(s.page.locator("ol#steps").count() == 1, "no <ol id=\"steps\">")
    s.expect(len(items) > 0, "no step in #steps")
    for n, item in enumerate(items, start=1):
        where = f"step {n} ({item['id'] or 'no id'})"
        s.expect("step" in item["cls"].split(), f"{where} has no class \"step\"")
        s.expect(item["id"] == f"step-{n}" and item["step"] == str(n),
                 f"{where}: id {item['id']!r} and data-step {item['step']!r}, not step-{n} and {n}")
        s.expect(item["href"] == f"#step-{n}", f"{where} links to {item['href']!r}, not #step-{n}")
        s.expect((item["line"] or "").isdigit() and item["line"] in item["link"],
                 f"{where}: data-line {item['line']!r}, not a line number its link shows ({item['link']!r})")
        s.expect(item["result"] in RESULTS, f"{where}: data-result {item['result']!r}, not one of {sorted(RESULTS)}")
    return len(items)


def _screen(s):
    screen = s.page.locator("#screen")
    if not s.expect(screen.count() == 1, "no <div id=\"screen\">"):
        return
    cols, rows = screen.get_attribute("data-cols") or "", screen.get_attribute("data-rows") or ""
    if not s.expect(cols.isdigit() and rows.isdigit(), f"#screen's data-cols {cols!r} and data-rows {rows!r} are not numbers"):
        return
    texts = s.screen_rows()
    s.expect(len(texts) == int(rows), f"#screen has {len(texts)} rows, not data-rows {rows}")
    for n, text in enumerate(texts, start=1):
        s.expect(cells(text) <= int(cols), f"row {n} takes {cells(text)} cells, more than data-cols {cols}: {text!r}")


def frame_shows(s, *pairs):
    """`STEP TEXT…`: the frame of each STEP shows its TEXT (on one row, or across rows joined by
    a line break)."""
    for step, text in zip(pairs[0::2], pairs[1::2]):
        s.step_to(int(step))
        shown = s.screen_text()
        s.expect(text in shown, f"step {step}'s frame does not show {text!r}; it shows:\n{shown}")


def caption_shows(s, *pairs):
    """`STEP TEXT…`: the caption band at each STEP says TEXT."""
    for step, text in zip(pairs[0::2], pairs[1::2]):
        s.step_to(int(step))
        caption = s.page.inner_text("#caption")
        s.expect(text in caption, f"step {step}'s caption is {caption!r}, without {text!r}")


def steps_listed(s, *lines):
    """`LINE…`: the step list holds one step per LINE of the walkthrough file, in order."""
    listed = s.page.eval_on_selector_all("#steps > li.step", "all => all.map(li => li.dataset.line)")
    s.expect(listed == list(lines), f"the steps' lines are {listed}, not {list(lines)}")


def player(s):
    """The player steps back and forward (buttons, ← →, the scrubber), jumps from the step list,
    changes speed (buttons, + −), plays and pauses (button, space), stops at the end, and does not
    play on from there."""
    total = s.total_steps()
    if not s.expect(total >= 2, f"{total} steps: the player needs two to step between"):
        return
    page = s.page
    s.step_to(1)
    page.click("#forward")
    s.wait_for_step(2)
    s.expect(page.evaluate("location.hash") == "#step-2", f"at step 2 the address ends {page.evaluate('location.hash')!r}, not #step-2")
    page.click("#back")
    s.wait_for_step(1)
    s.press("ArrowRight")
    s.wait_for_step(2)
    s.press("ArrowLeft")
    s.wait_for_step(1)
    s.set_scrubber(total)
    s.wait_for_step(total)
    s.step_to(1)
    s.step_to(total)
    s.expect(page.evaluate("location.hash") == f"#step-{total}", f"after jumping to step {total} the address ends {page.evaluate('location.hash')!r}")

    speed = page.inner_text("#speed")
    page.click("#faster")
    faster = page.inner_text("#speed")
    s.expect(faster != speed, f"#faster left the speed at {speed!r}")
    page.click("#slower")
    s.expect(page.inner_text("#speed") == speed, f"#slower after #faster gives {page.inner_text('#speed')!r}, not {speed!r}")
    s.press("+")
    s.expect(page.inner_text("#speed") == faster, f"+ gives {page.inner_text('#speed')!r}, not {faster!r}")
    s.press("-")
    s.expect(page.inner_text("#speed") == speed, f"− gives {page.inner_text('#speed')!r}, not {speed!r}")

    # Played from the opening screen at its fastest, it moves on by itself.
    for _ in range(8):
        page.click("#faster")
    s.step_to(0)
    page.click("#play")
    s.expect(page.get_attribute("#play", "aria-pressed") == "true", "#play is not pressed while playing")
    # At its fastest it may be past step 1 by the time the page is looked at again: moving on is what counts.
    try:
        page.wait_for_function("() => Number(document.documentElement.dataset.step) > 0", timeout=s.wait_ms)
    except Exception:
        s.fail(f"played from the opening screen, the page never moved on: it shows step {s.step()}")
    page.click("#play")
    s.expect(page.get_attribute("#play", "aria-pressed") == "false", "#play is still pressed once paused")
    # Back to the start: played at its fastest it may have reached the end, where play stays put.
    s.step_to(0)
    s.press("Space")
    s.expect(page.get_attribute("#play", "aria-pressed") == "true", "space did not play")
    s.press("Space")
    s.expect(page.get_attribute("#play", "aria-pressed") == "false", "space did not pause")

    # Played from the step before the last, it shows the last and stops there.
    s.step_to(total - 1)
    page.click("#play")
    s.wait_for_step(total)
    try:
        page.wait_for_function("() => document.getElementById('play').getAttribute('aria-pressed') === 'false'",
                               timeout=s.wait_ms)
    except Exception:
        s.fail(f"played to the last step, #play is still pressed: it did not stop at the end")
    s.expect(s.step() == total, f"played to the end, the page shows step {s.step()}, not the last, {total}")
    s.expect(page.evaluate("location.hash") == f"#step-{total}", f"played to the end, the address ends {page.evaluate('location.hash')!r}")

    # At the last step there is nothing left to play: play neither starts again from the opening
    # screen nor runs past, and the button is play's again at once; → stays there too.
    for how in ("#play", "Space"):
        if how == "#play":
            page.click("#play")
        else:
            s.press("Space")
        s.expect(s.step() == total, f"{how} at the last step went to step {s.step()}, not staying at {total}")
        s.expect(page.get_attribute("#play", "aria-pressed") == "false", f"{how} at the last step left #play pressed: it plays on")
    s.press("ArrowRight")
    s.expect(s.step() == total and page.input_value("#scrubber") == str(total),
             f"→ at the last step shows step {s.step()} (scrubber {page.input_value('#scrubber')}), not {total}")


def opens_at_step(s, step):
    """`STEP`: the address `#step-STEP` opens the page at that step, showing its frame in view."""
    n = int(step)
    s.step_to(n)
    expected = s.screen_rows()
    s.open(fragment=f"step-{n}")
    s.wait_for_step(n)
    s.expect(s.screen_rows() == expected, f"opened at #step-{n}, the screen is not step {n}'s frame")
    # The browser scrolls to the step's <li>; the page must still show its screen at the top.
    try:
        s.page.wait_for_function("""() => { const box = document.getElementById('screen').getBoundingClientRect();
            return box.top > -1 && box.top < window.innerHeight; }""", timeout=s.wait_ms)
    except Exception:
        top = s.page.evaluate("document.getElementById('screen').getBoundingClientRect().top")
        s.fail(f"opened at #step-{n}, the screen is out of view (its top at y {top:.0f})")


def box_columns_line_up(s, char="│", *steps):
    """`[CHAR [STEP…]]`: in every frame (or those STEPs), each CHAR sits exactly where its
    terminal column puts it: at the row's left plus the cells before it (wide characters take
    two) times the cell width, so CHARs in one column have one x. At least one must be seen."""
    frames = [int(n) for n in steps] or range(0, s.total_steps() + 1)
    seen = 0
    for n in frames:
        s.step_to(n)
        rows = s.char_positions(char)
        # The cell's width, from the rows of one-cell characters alone (a wide character drawn
        # at the font's width, not two cells, must not move the measure).
        narrow = [r for r in rows if r["text"] and cells(r["text"]) == len(r["text"])] or [r for r in rows if r["text"]]
        widths = sorted(r["textWidth"] / len(r["text"]) for r in narrow)
        if not widths:
            continue
        cell = widths[len(widths) // 2]
        columns = {}
        for number, row in enumerate(rows, start=1):
            for index, x in row["hits"]:
                column = cells(row["text"][:index])
                expected = row["left"] + column * cell
                s.expect(abs(x - expected) <= SAME_X,
                         f"step {n}, row {number}: {char} of column {column} is at x {x:.2f}, not {expected:.2f} "
                         f"({cell:.2f} px cells): {row['text']!r}")
                columns.setdefault(column, []).append((x, number))
                seen += 1
        for column, places in sorted(columns.items()):
            xs = [x for x, _ in places]
            s.expect(max(xs) - min(xs) <= SAME_X,
                     f"step {n}: the {char} of column {column} are at x from {min(xs):.2f} to {max(xs):.2f} "
                     f"(rows {', '.join(str(r) for _, r in places)})")
    s.expect(seen > 0, f"no {char} on any frame checked")


def failure_shown(s, line, message=""):
    """`LINE [MESSAGE]`: a failed run's page shows its failure: #failure (role="alert") names the
    failing step's LINE and MESSAGE, and that step's <li>, alone, is data-result="failed"."""
    page = s.page
    failure = page.locator("#failure")
    if s.expect(failure.count() == 1, "no #failure on the page"):
        s.expect(failure.get_attribute("role") == "alert", "#failure has no role=\"alert\"")
        s.expect(failure.is_visible(), "#failure is not visible")
        text = failure.inner_text()
        s.expect(re.search(rf"(?<!\d){re.escape(line)}(?!\d)", text) is not None, f"#failure does not name line {line}: {text!r}")
        s.expect(message in text, f"#failure does not say {message!r}: {text!r}")
    failed = page.eval_on_selector_all("#steps > li[data-result='failed']", "all => all.map(li => li.dataset.line)")
    s.expect(failed == [line], f"the steps marked failed are at lines {failed}, not [{line}]")


def all_passed(s):
    """A passed run's page: no #failure, and every step passed or done."""
    s.expect(s.page.locator("#failure").count() == 0, "a passed run's page shows #failure")
    results = s.page.eval_on_selector_all("#steps > li.step", "all => all.map(li => li.dataset.result)")
    others = [f"step {n}: {r}" for n, r in enumerate(results, start=1) if r not in ("passed", "done")]
    s.expect(not others, f"steps of a passed run not passed or done: {others}")


# The paper a printout is checked on: A4's width less Chromium's default margins (1 cm each
# side), in CSS pixels.
PRINT_WIDTH = 718


def _printed_screens(s):
    """Under print: for the opening screen (step 0) and each step of the list, the rows of the
    screen printed after it (None where none is: the screen the step before left stands), each
    printed screen's box, and its rows' widths against what they hold."""
    return s.page.evaluate("""() => {
        const read = (screen) => screen && {
            rows: Array.from(screen.querySelectorAll('.row')).map(r => r.textContent),
            right: screen.getBoundingClientRect().right, visible: screen.checkVisibility(),
            cut: Array.from(screen.querySelectorAll('.row')).filter(r => r.scrollWidth > r.clientWidth + 0.5).length,
            colour: getComputedStyle(screen).color, background: getComputedStyle(screen).backgroundColor};
        return [read(document.getElementById('print-opening'))].concat(
            Array.from(document.querySelectorAll('#steps > li.step')).map(li => read(li.querySelector('.print-screen'))));
    }""")


def prints(s, *texts):
    """`[TEXT…]`: printed (in the dark scheme too), the page drops the player's controls and
    gives black on white every step that ran followed by the screen it left (the opening
    screen first), each the same as the player shows at that step and none cut at an A4
    page's width; TEXTs are on the printed screens; page.pdf() writes a PDF."""
    page = s.page
    total = s.total_steps()
    results = page.eval_on_selector_all("#steps > li.step", "all => all.map(li => li.dataset.result)")
    shown = {}
    for n in range(0, total + 1):
        if n == 0 or results[n - 1] != "not-run":
            s.step_to(n)
            shown[n] = s.screen_rows()
    page.set_viewport_size({"width": PRINT_WIDTH, "height": 1000})
    page.emulate_media(media="print", color_scheme="dark")
    try:
        for hidden in ["#controls", "#play", "#scrubber", "#keys", "#screen"]:
            s.expect(not page.locator(hidden).is_visible(), f"printed, {hidden} is still shown")
        colours = page.evaluate("[getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]")
        s.expect(colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"], f"printed in the dark scheme, the page is {colours}, not black on white")
        printed = _printed_screens(s)
        if not s.expect(printed[0] is not None and printed[0]["visible"], "printed, no opening screen (#print-opening) is shown"):
            return
        current = None
        for n, screen in enumerate(printed):
            if screen is not None:
                s.expect(screen["visible"], f"printed, step {n}'s screen is not shown")
                s.expect((screen["colour"], screen["background"]) == ("rgb(0, 0, 0)", "rgb(255, 255, 255)"),
                         f"printed, step {n}'s screen is {screen['colour']} on {screen['background']}, not black on white")
                s.expect(screen["right"] <= PRINT_WIDTH and screen["cut"] == 0,
                         f"printed, step {n}'s screen is cut: its right edge at {screen['right']:.0f} px of {PRINT_WIDTH}, "
                         f"{screen['cut']} rows wider than their box")
                current = screen["rows"]
            if n in shown:
                s.expect(current == shown[n], f"printed, the screen after step {n} is not the one the player shows there:\n"
                         + "\n".join(current or []))
            elif screen is not None:
                s.fail(f"printed, step {n}, which did not run, has a screen")
        everything = "\n".join("\n".join(screen["rows"]) for screen in printed if screen)
        for text in texts:
            s.expect(text in everything, f"printed, no screen shows {text!r}")
        pdf = page.pdf(format="A4")
        if s.expect(pdf.startswith(b"%PDF-"), "page.pdf() did not write a PDF"):
            sheets = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
            s.note(f"printed as {sheets} A4 pages ({len(pdf)} bytes)")
    finally:
        page.emulate_media(media="screen", color_scheme="light")
        page.set_viewport_size(s._viewport)


CHECKS = {f.__name__: f for f in [contract, frame_shows, caption_shows, steps_listed, player, opens_at_step,
                                  box_columns_line_up, failure_shown, all_passed, prints]}


def keeps_spaces(s, text):
    """`TEXT`: TEXT, runs of spaces and all, reads as written in #failure and in a step's checked
    line (innerText keeps a run of spaces only where the style keeps it), so a mismatch only in
    spacing shows."""
    failure = s.page.inner_text("#failure") if s.page.locator("#failure").count() else ""
    s.expect(text in failure, f"#failure does not show {text!r} with its spaces: {failure!r}")
    checked = s.page.eval_on_selector_all("#steps .checked", "all => all.map(x => x.innerText)")
    s.expect(any(text in line for line in checked), f"no step's checked line shows {text!r} with its spaces: {checked}")


def _wait_screen_in_view(s, what):
    try:
        s.page.wait_for_function("""() => { const box = document.getElementById('screen').getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight; }""", timeout=s.wait_ms)
    except Exception:
        top, bottom, height = s.page.evaluate("""() => { const box = document.getElementById('screen').getBoundingClientRect();
            return [box.top, box.bottom, window.innerHeight]; }""")
        s.fail(f"{what}: the screen is out of view (from y {top:.0f} to {bottom:.0f} in a {height} px window)")


def jump_keeps_screen_in_view(s, *sizes):
    """`WIDTHxHEIGHT…`: in a window of each size, scrolled to the page's bottom, a jump to a step
    (clicking its link in the list, Enter on it, or its address typed) leaves #screen wholly in view."""
    total = s.total_steps()
    if not s.expect(total >= 3, f"{total} steps: too few to jump between"):
        return
    for size in sizes:
        width, height = (int(v) for v in size.split("x"))
        s.page.set_viewport_size({"width": width, "height": height})
        for n, how in [(total, "a click on its link"), (total - 1, "Enter on its link"), (total - 2, "its address")]:
            s.page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            link = s.page.locator(f"#step-{n} a[href='#step-{n}']")
            if how.startswith("a click"):
                link.click()
            elif how.startswith("Enter"):
                link.focus()
                s.page.keyboard.press("Enter")
            else:
                s.page.evaluate("n => { location.hash = '#step-' + n; }", n)
            s.wait_for_step(n)
            _wait_screen_in_view(s, f"at {size}, scrolled down, step {n} by {how}")


def keys_leave_controls_alone(s):
    """Space on the Faster button reached with Tab presses it (the speed changes) and does not
    play; → on the focused slider moves it one step, as the slider does, not two."""
    page = s.page
    s.step_to(1)
    speed = page.inner_text("#speed")
    # From the first control, as a person tabbing through the player.
    page.focus("#back")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == "faster":
            break
    else:
        s.fail("Tab never reached #faster")
        return
    page.keyboard.press("Space")
    s.expect(page.get_attribute("#play", "aria-pressed") == "false", "Space on the focused Faster button started playing")
    s.expect(page.inner_text("#speed") != speed, f"Space on the focused Faster button left the speed at {speed!r}")
    if page.get_attribute("#play", "aria-pressed") == "true":
        page.click("#play")
    s.step_to(1)
    page.focus("#scrubber")
    page.keyboard.press("ArrowRight")
    try:
        page.wait_for_function("() => document.documentElement.dataset.step !== '1'", timeout=s.wait_ms)
    except Exception:
        pass
    s.expect(s.step() == 2, f"→ on the focused slider at step 1 shows step {s.step()}, not 2")


def opens_at_failure(s):
    """A failed run's page: #failure links to the failing step (`#step-N`), and the page opened
    with no address shows that step, with #failure in view."""
    failed = s.page.eval_on_selector_all("#steps > li[data-result='failed']", "all => all.map(li => li.dataset.step)")
    if not s.expect(failed, "no failed step on the page"):
        return
    n = int(failed[0])
    links = s.page.eval_on_selector_all("#failure a", "all => all.map(a => a.getAttribute('href'))")
    s.expect(links[:1] == [f"#step-{n}"], f"#failure links to {links}, not first to the failing step #step-{n}")
    s.open()
    s.wait_for_step(n)
    top = s.page.evaluate("document.getElementById('failure').getBoundingClientRect().top")
    s.expect(0 <= top < s.page.evaluate("window.innerHeight"), f"opened at the failing step, #failure is out of view (y {top:.0f})")
    if links:
        s.step_to(1)
        s.page.click("#failure a")
        s.wait_for_step(n)


def cells_in_order(s, step, text):
    """`STEP TEXT`: at STEP, the screen's row holding TEXT (right-to-left letters in it) shows its
    characters left to right in the order they are written, as a terminal does: each one's x is
    greater than the one before's."""
    s.step_to(int(step))
    found = s.page.eval_on_selector_all("#screen .row", """(rows, text) => {
        for (const row of rows) {
            const at = row.textContent.indexOf(text);
            if (at < 0) continue;
            const xs = [];
            const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
            let index = 0;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (let offset = 0; offset < node.data.length; offset++, index++) {
                    if (index < at || index >= at + text.length) continue;
                    const range = document.createRange();
                    range.setStart(node, offset);
                    range.setEnd(node, offset + 1);
                    xs.push(range.getBoundingClientRect().left);
                }
            }
            return xs;
        }
        return null;
    }""", text)
    if not s.expect(found is not None, f"step {step}'s screen has no row holding {text!r}"):
        return
    out_of_order = [i for i in range(1, len(found)) if found[i] <= found[i - 1]]
    s.expect(not out_of_order, f"step {step}: {text!r} is not shown left to right as written: x {[round(x) for x in found]}")


def screen_reader_text(s, step):
    """At STEP: rows that are only a rule are hidden from assistive technology (every run
    aria-hidden), rows with words are not; the slider's aria-valuetext names the step, of how
    many, and its text."""
    s.step_to(int(step))
    rows = s.page.eval_on_selector_all("#screen .row", """rows => rows.map(r => [r.textContent,
        r.querySelectorAll('[aria-hidden="true"]').length, r.children.length])""")
    rules = 0
    for number, (text, hidden, runs) in enumerate(rows, start=1):
        drawn = text.strip()
        if drawn and all("\u2500" <= c <= "\u257f" for c in drawn):
            rules += 1
            s.expect(hidden == runs, f"row {number}, a rule ({drawn[:12]}…), is read aloud: {hidden} of {runs} runs hidden")
        elif any(c.isalnum() for c in drawn):
            s.expect(hidden == 0, f"row {number} has words but is hidden: {text!r}")
    s.expect(rules > 0, f"step {step}'s screen has no row that is only a rule")
    total = s.total_steps()
    text = s.page.text_content(f"#step-{step} .text")
    said = s.page.get_attribute("#scrubber", "aria-valuetext")
    s.expect(said == f"Step {step} of {total}: {text}", f"the slider's aria-valuetext is {said!r}, not 'Step {step} of {total}: {text}'")


CHECKS.update({f.__name__: f for f in [keeps_spaces, jump_keeps_screen_in_view, keys_leave_controls_alone, opens_at_failure,
                                       cells_in_order, screen_reader_text]})
