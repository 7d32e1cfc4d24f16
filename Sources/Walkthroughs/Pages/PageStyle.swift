/// The style sheet of a page a walkthrough is written as: the screen as a grid of fixed
/// cells (`ch`), the terminal's palette in the viewer's light or dark scheme, and a print
/// in black on white that gives every step with the screen it left (no player).
public enum PageStyle {
    /// The light scheme's colours: the page's own, and what it prints in.
    static let light = """
        --page: #f5f5f7; --text: #1d1d1f; --soft: #6e6e73; --line: #d2d2d7; --term: #ffffff; --term-text: #1d1d1f;
        --accent: #0b6e99; --success: #1a7f37; --warning: #9a6700; --danger: #c62828; --muted: #6e6e73;
        --premium: #8e24aa; --current: #e8f0fe;
        """

    /// The style sheet of a page whose screen is `columns` wide: what a printout's cell size
    /// is worked out from.
    public static func css(columns: Int) -> String {
        css + "\n:root { --cols: \(columns); }"
    }

    public static let css = """
        :root {
          color-scheme: light dark;
          \(light)
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --page: #161618; --text: #f5f5f7; --soft: #a1a1a6; --line: #3a3a3c;
            --term: #000000; --term-text: #e5e5e5;
            --accent: #4fc3f7; --success: #66bb6a; --warning: #ffd54f; --danger: #ef5350;
            --muted: #9e9e9e; --premium: #ce93d8; --current: #1c2a3a;
          }
        }
        body { margin: 0; padding: 1rem 1.5rem; background: var(--page); color: var(--text);
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
        h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
        #summary { color: var(--soft); margin: 0 0 1rem; }
        #failure { border: 2px solid var(--danger); color: var(--danger); padding: .5rem .75rem; margin: 0 0 1rem;
          font-weight: 600; }
        #failure p { margin: 0; }
        /* What was expected and seen keeps its spaces: a mismatch only in spacing must show. */
        #failure p, .step .checked { white-space: pre-wrap; }
        #failure a { color: inherit; }
        main { display: flex; gap: 1.5rem; align-items: flex-start; flex-wrap: wrap; }
        #stage { flex: none; }
        #caption { min-height: 1.45em; font-weight: 600; margin: 0 0 .5rem; }
        #screen, .print-screen { display: inline-block; background: var(--term); color: var(--term-text); padding: .5rem;
          border: 1px solid var(--line); border-radius: 6px;
          font-family: "DejaVu Sans Mono", "Noto Sans Mono", "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
          font-size: 14px; line-height: 1.25; font-variant-ligatures: none; }
        .row { white-space: pre; height: 1.25em; overflow: hidden; }
        /* Every run the row's full height, so a reverse run and a wide character's cells meet. */
        .row span { display: inline-block; height: 100%; vertical-align: top; }
        .row .w { width: 2ch; text-align: center; overflow: hidden; }
        .b { font-weight: 700; }
        .d, .muted { opacity: .62; }
        .u { text-decoration: underline; }
        .accent { color: var(--accent); } .success { color: var(--success); } .warning { color: var(--warning); }
        .danger { color: var(--danger); } .premium { color: var(--premium); }
        .r { background: var(--term-text); color: var(--term); }
        .r.accent { background: var(--accent); } .r.success { background: var(--success); }
        .r.warning { background: var(--warning); } .r.danger { background: var(--danger); }
        .r.muted { background: var(--muted); opacity: 1; } .r.premium { background: var(--premium); }
        .cur { font-weight: 700; }
        .print-screen, .print-caption { display: none; }
        /* Cells in the order the terminal shows them, left to right: no reordering of Hebrew or Arabic. */
        .row, .row span { unicode-bidi: bidi-override; direction: ltr; }
        #controls { display: flex; gap: .4rem; align-items: center; margin: .6rem 0 .25rem; flex-wrap: wrap; }
        #controls button { font: inherit; min-width: 2.4rem; padding: .2rem .6rem; border: 1px solid var(--line);
          border-radius: 6px; background: var(--term); color: var(--text); cursor: pointer; }
        #controls button[aria-pressed="true"] { background: var(--accent); color: var(--term); }
        #scrubber { width: 16rem; }
        #speed { min-width: 3rem; text-align: center; font-variant-numeric: tabular-nums; }
        #keys { color: var(--soft); font-size: .85rem; margin: 0; }
        #list { flex: 1 1 22rem; min-width: 18rem; max-height: 80vh; overflow: auto; }
        #list h2 { font-size: 1rem; margin: 0 0 .4rem; }
        #steps { margin: 0; padding-left: 0; list-style: none; }
        .step { padding: .15rem .4rem; border-left: 3px solid transparent; }
        .step a { color: inherit; text-decoration: none; display: block; }
        .step .line { color: var(--soft); font-variant-numeric: tabular-nums; display: inline-block; min-width: 2.5em; }
        .step .text { font-family: "DejaVu Sans Mono", "Noto Sans Mono", Menlo, Consolas, monospace; font-size: .9em;
          white-space: pre-wrap; word-break: break-word; }
        .step .checked { display: block; padding-left: 2.5em; font-size: .9em; color: var(--success); }
        .step[data-result="failed"] { border-left-color: var(--danger); }
        .step[data-result="failed"] .checked { color: var(--danger); }
        .step[data-result="not-run"] { color: var(--soft); }
        .step .status { display: block; padding-left: 2.5em; font-size: .9em; }
        .step[aria-current="step"] { background: var(--current); border-left-color: var(--accent); }
        @media print {
          :root {
            \(light)
            --term: #fff; --term-text: #000; --text: #000; --soft: #444;
          }
          body { background: #fff; color: #000; padding: 0; }
          #controls, #keys { display: none; }
          /* The player's script lays every step's screen into the list: the player itself goes. */
          :root[data-print] #stage { display: none; }
          main { display: block; }
          #screen, .print-screen { background: #fff; color: #000; border-color: #999; }
          /* Small enough that the screen's every column fits the paper's width uncut (a cell is
             about .6em in these fonts), and its reverse video printed, not left out as a background. */
          .print-screen { display: block; width: max-content; margin: .3rem 0 .5rem 1rem; break-inside: avoid;
            font-size: min(9.5px, calc((100vw - 3rem) / (var(--cols, 100) * .61))); }
          #screen, .print-screen { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          .print-caption { display: block; font-weight: 600; margin: .3rem 0 0 1rem; }
          #print-opening { margin-left: 0; }
          #list { max-height: none; overflow: visible; margin-top: 1rem; }
          .step { break-inside: avoid; }
          .step a { break-after: avoid; }
          .step[aria-current="step"] { background: none; border-left-color: transparent; }
          .step[data-result="failed"] { border-left-color: var(--danger); }
        }
        """
}
