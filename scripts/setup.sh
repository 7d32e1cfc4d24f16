#!/usr/bin/env bash
# Installs what storefront needs on a Debian machine that has Swift, where it is missing:
#
#   scripts/setup.sh            to build and run it: the ncurses and SQLite headers, the C.UTF-8 locale
#   scripts/setup.sh --tests    and to test it: tmux, Chromium and a Japanese font for the browser
#                               tests, and the Python test clients (Tests/Browser/requirements.txt)
#                               in a virtual environment, .venv-tests/ (or $STOREFRONT_TEST_VENV)
#   --dry-run                   says what it would install, and installs nothing
#
# ./storefront.sh and ./test.sh run it first. It says nothing when everything is there. Where it
# cannot install (not root and no sudo, or no apt-get) it prints the one command that would, and
# goes on with the rest: what is still missing then fails where it is needed, saying so.
set -uo pipefail
cd "$(dirname "$0")/.."

tests=false
dry_run=false
for argument in "$@"; do
  case $argument in
    --tests) tests=true ;;
    --dry-run) dry_run=true ;;
    -h|--help) sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "scripts/setup.sh: unknown option $argument (see --help)" >&2; exit 2 ;;
  esac
done

# --- System packages, by Debian's names

has_command() { command -v "$1" >/dev/null 2>&1; }
has_package() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q ' installed$'; }
# Without a UTF-8 locale the terminal tests' storefront would draw ASCII stand-ins. C.UTF-8
# usually comes with libc; where it was stripped, localedef builds it from `locales`.
has_c_utf8() { locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; }

venv=${STOREFRONT_TEST_VENV:-.venv-tests}
requirements=Tests/Browser/requirements.txt
# The venv keeps a copy of the requirements it was made from: a changed list makes it again.
venv_ready() { [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; }

packages=()
if [ "$(uname -s)" = Darwin ]; then
  # macOS has the headers, a UTF-8 locale and Python's venv with its command line tools.
  if $tests && ! has_command tmux; then echo "missing: tmux; to install it: brew install tmux"; fi
else
  [ -e /usr/include/ncurses.h ] || packages+=(libncurses-dev)
  [ -e /usr/include/sqlite3.h ] || packages+=(libsqlite3-dev)
  has_c_utf8 || packages+=(locales)
  if $tests; then
    has_command tmux || packages+=(tmux)
    # The browser tests drive the system's Chromium; Playwright never downloads one of its own.
    has_command chromium || has_command chromium-browser || [ -n "${STOREFRONT_CHROMIUM:-}" ] || packages+=(chromium)
    # A Japanese page's screenshot shows its words, not empty boxes.
    has_package fonts-ipafont-gothic || packages+=(fonts-ipafont-gothic)
    if ! venv_ready; then
      has_command python3 || packages+=(python3)
      # Debian's python3 makes a virtual environment only with python3-venv (ensurepip).
      python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || packages+=(python3-venv)
    fi
  fi
fi

if [ ${#packages[@]} -gt 0 ]; then
  install="apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages[*]}"
  has_c_utf8 || install+=" && { locale -a | grep -qi '^c\\.utf-\\?8\$' || localedef -i C -f UTF-8 C.UTF-8; }"
  if $dry_run; then
    echo "would install: ${packages[*]}"
    echo "  with: $install"
  elif ! has_command apt-get; then
    echo "missing: ${packages[*]} (Debian's names); this machine has no apt-get: install them with its package manager"
  elif [ "$(id -u)" = 0 ] || has_command sudo; then
    as_root=$([ "$(id -u)" = 0 ] || echo sudo)
    echo "installing: ${packages[*]}"
    # apt and dpkg tell every step; what they said is shown only if it failed.
    log=$(mktemp)
    $as_root sh -c "$install" >"$log" 2>&1 || { cat "$log"; echo "could not install them; run as root: $install"; }
    rm -f "$log"
  else
    echo "missing: ${packages[*]}; to install them, run as root:"
    echo "  $install"
  fi
fi

# --- The Python test clients, in a virtual environment of the project's own

$tests || exit 0
venv_ready && exit 0
make_venv="$venv/bin/pip install -q --disable-pip-version-check --root-user-action=ignore -r $requirements && cp $requirements $venv/requirements.txt"
[ -x "$venv/bin/python" ] || make_venv="python3 -m venv --clear $venv && $make_venv"
if $dry_run; then
  echo "would install into $venv/: $(grep -v '^#' "$requirements" | xargs)"
  echo "  with: $make_venv"
  exit 0
fi
echo "installing into $venv/: $(grep -v '^#' "$requirements" | xargs)"
log=$(mktemp)
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 sh -c "$make_venv" >"$log" 2>&1 \
  || { tail -n 20 "$log"; echo "could not install them; the browser tests need them: $make_venv"; }
rm -f "$log"
exit 0
