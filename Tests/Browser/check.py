"""Runs one check of a page in headless Chromium and prints its result as JSON.

    python check.py CHECK PAGE [ARGUMENT…] [--and CHECK [ARGUMENT…]]… [--screenshot PNG] [--wait-ms MS]
    python check.py --browser          # the Chromium the checks drive, or why there is none

CHECK is `loads` (the page opens with no console error, no uncaught error and no request leaving
the file: every check fails on those too) or one of walkthrough_page.CHECKS, matrix_page.CHECKS or
report_page.CHECKS. The result is one JSON object on stdout: {"check", "page", "failures": [messages],
"notes": [what a check measured], "screenshot": path or null, "browser": version}. Checks joined by
`--and` run one after another on the one page in one browser (a browser's launch is most of a check's
time); each of their failures then starts with its check's name. The screenshot is of the page as the
last check left it. Tests/EndToEndTests/BrowserCheck.swift runs it and turns each failure into a
test failure; a person can run it by hand with the venv's python.
"""

import json
import signal
import sys

import matrix_page
import page as pages
import report_page
import walkthrough_page

# A check that has not finished by then fails, with what it had found, instead of hanging a test.
BUDGET_SECONDS = 240


def loads(session):
    """Opening the page is the whole check: the session fails it on any console error, uncaught
    error or request leaving the file."""


CHECKS = {"loads": loads, **walkthrough_page.CHECKS, **matrix_page.CHECKS, **report_page.CHECKS}


class OutOfTime(Exception):
    pass


def option(name, argv):
    """The value of `name VALUE` in argv (or None), and argv without them."""
    if name not in argv:
        return None, argv
    at = argv.index(name)
    return argv[at + 1], argv[:at] + argv[at + 2:]


def split_checks(argv):
    """`CHECK PAGE ARG… --and CHECK ARG…` as the page and a list of (CHECK, [ARG…])."""
    page, words = argv[1], [argv[0]] + argv[2:]
    checks = [[]]
    for word in words:
        if word == "--and":
            checks.append([])
        else:
            checks[-1].append(word)
    return page, [(check[0], check[1:]) for check in checks if check]


def main(argv):
    if argv[:1] == ["--browser"]:
        found = pages.find_chromium()
        print(found or f"no Chromium found ({pages.INSTALL_CHROMIUM})")
        return 0 if found else 1
    screenshot, argv = option("--screenshot", argv)
    # How long the page may take to show a step: shorter where a test expects it never to.
    wait_ms, argv = option("--wait-ms", argv)
    checks = split_checks(argv)[1] if len(argv) >= 2 else []
    if not checks or any(name not in CHECKS for name, _ in checks):
        print(f"usage: check.py CHECK PAGE [ARGUMENT…] [--and CHECK [ARGUMENT…]]… [--screenshot PNG] [--wait-ms MS]; "
              f"CHECK one of {', '.join(CHECKS)}", file=sys.stderr)
        return 2
    path = argv[1]
    name = " + ".join(name for name, _ in checks)
    result = {"check": name, "page": path, "failures": [], "notes": [], "screenshot": None, "browser": None}

    def out_of_time(*_):
        raise OutOfTime()
    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(BUDGET_SECONDS)
    session = None
    try:
        session = pages.Session(path, wait_ms=int(wait_ms or pages.WAIT_MS))
        result["browser"] = session.browser.version
        session.open()
        for check, arguments in checks:
            session.checking = check if len(checks) > 1 else None
            try:
                CHECKS[check](session, *arguments)
            except pages.Stop:
                # This check could go no further; the next may still tell something.
                pass
        session.checking = None
        if screenshot:
            session.screenshot(screenshot)
            result["screenshot"] = screenshot
    except pages.Stop:
        pass
    except OutOfTime:
        result["failures"].append(f"{name} did not finish within {BUDGET_SECONDS} s")
    except Exception as error:
        # Playwright's own errors say what they waited for; its call log after that is noise.
        said = "\n".join(str(error).splitlines()[:3])
        result["failures"].append(f"{name} stopped: {type(error).__name__}: {said}")
    finally:
        signal.alarm(0)
        if session is not None:
            result["failures"] = session.failures + result["failures"]
            result["notes"] = session.notes
            try:
                session.close()
            except Exception:
                pass
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
