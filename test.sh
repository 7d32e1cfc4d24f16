#!/usr/bin/env bash
# Runs the tests (arguments go to swift test: ./test.sh --filter BrowserHarnessTests), after
# installing what they need where it is missing (scripts/setup.sh --tests).
cd "$(dirname "$0")" || exit 1
scripts/setup.sh --tests
exec swift test "$@"
