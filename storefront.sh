#!/usr/bin/env bash
# Opens the storefront (arguments go to it: ./storefront.sh play FILE.walk), after installing
# what it needs where it is missing (scripts/setup.sh).
cd "$(dirname "$0")" || exit 1
scripts/setup.sh
exec swift run storefront "$@"
