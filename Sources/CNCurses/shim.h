// The only C in storefront. SwiftPM drops pkg-config's -D flags, so the wide-character API
// (wget_wch, multibyte waddnstr) is switched on here. Swift cannot import function-like
// macros, and Swift 6 rejects C globals such as stdscr and stdout, so each is wrapped in a
// small accessor. Plain integer #defines (KEY_UP, COLOR_CYAN, ERR, OK...) import as-is.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
// Missing headers stop the build with one line that says what to install, not a page of
// unknown names: everything below needs them.
#if !__has_include(<ncurses.h>)
#error "storefront needs the ncurses headers: apt-get install libncurses-dev (on macOS: xcode-select --install)"
#else
#include <ncurses.h>

#ifdef __APPLE__
#include <wchar.h>
// The SDK's ncurses.h belongs to the Darwin module, built before the defines above, so its
// wide-character half may be hidden; the system library has it. A repeated declaration is
// harmless where the header did declare it.
int wget_wch(WINDOW *, wint_t *);
#endif

static inline WINDOW *cn_stdscr(void) { return stdscr; }

// newterm, unlike initscr, returns NULL on an unknown TERM instead of exiting.
static inline SCREEN *cn_newterm(void) { return newterm(NULL, stdout, stdin); }

static inline attr_t cn_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }
static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }

// Button 1 press (and click, for terminals that only report clicks).
static inline mmask_t cn_button1_mask(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }
// The wheel: terminals report it as presses of buttons 4 (up) and 5 (down).
static inline mmask_t cn_wheel_up_mask(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t cn_wheel_down_mask(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t cn_wheel_down_mask(void) { return 0; }  // mouse API version 1: no button 5
#endif

#endif  // __has_include(<ncurses.h>)

#endif
