/// The style sheet of the pages `test --html` writes: the walkthrough page's (its palette in
/// the viewer's scheme, the cell grid, the step list), and the matrix's table with its
/// filters and panel, and the report's folded walkthroughs.
public enum TestPageStyle {
    public static let css = PageStyle.css + """

        .screen { display: inline-block; background: var(--term); color: var(--term-text); padding: .5rem;
          border: 1px solid var(--line); border-radius: 6px;
          font-family: "DejaVu Sans Mono", "Noto Sans Mono", "SF Mono", Menlo, Consolas, "Liberation Mono", monospace;
          font-size: 13px; line-height: 1.25; font-variant-ligatures: none; }
        .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .matrix { margin: 0 0 2rem; }
        .matrix h2 { font-size: 1.1rem; margin: 1rem 0 .25rem; }
        .counts, .shown { color: var(--soft); }
        .filters { display: flex; gap: .75rem; flex-wrap: wrap; align-items: center; margin: .5rem 0; }
        .filters select, .filters input { font: inherit; }
        .matrix-body { display: flex; gap: 1.5rem; align-items: flex-start; flex-wrap: wrap; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
        th, td { text-align: left; padding: .15rem .5rem; border-bottom: 1px solid var(--line); white-space: nowrap; }
        th button.sort { font: inherit; font-weight: 600; background: none; border: 0; color: inherit; cursor: pointer; padding: 0; }
        th[aria-sort="ascending"] button.sort::after { content: " ▲"; }
        th[aria-sort="descending"] button.sort::after { content: " ▼"; }
        tr[data-result="failed"] td:last-child { color: var(--danger); font-weight: 600; }
        tr[aria-selected="true"] { background: var(--current); }
        button.open { font: inherit; background: none; border: 1px solid var(--line); border-radius: 4px; color: inherit; cursor: pointer; }
        .panel { position: sticky; top: 1rem; flex: 1 1 20rem; min-width: 20rem; }
        .panel h3 { font-size: 1rem; margin: 0 0 .25rem; }
        .panel button.to-row { font: inherit; font-size: .85rem; background: none; border: 1px solid var(--line); border-radius: 4px;
          color: inherit; cursor: pointer; }
        .panel h4 { font-size: .9rem; margin: .75rem 0 .25rem; color: var(--soft); }
        .panel .failures li { color: var(--danger); }
        .own { list-style: none; }
        .own, .failures { margin: 0; padding-left: 1.5rem; font-family: "DejaVu Sans Mono", "Noto Sans Mono", Menlo, Consolas, monospace;
          font-size: .9em; white-space: pre-wrap; }
        .walkthrough { border: 1px solid var(--line); border-left: 4px solid var(--success); border-radius: 6px; margin: 0 0 .75rem;
          padding: .4rem .75rem; }
        .walkthrough[data-result="failed"] { border-left-color: var(--danger); }
        .walkthrough summary { cursor: pointer; font-weight: 600; }
        .walkthrough .verdict { font-weight: 400; color: var(--soft); }
        .walkthrough[data-result="failed"] .verdict { color: var(--danger); }
        .walkthrough .steps { list-style: none; padding-left: 0; }
        #times { margin: 0 0 1rem; }
        #times .time { text-align: right; }
        #times tr[data-result="failed"] td:nth-child(2) { color: var(--danger); font-weight: 600; }
        #times tfoot th, #times tfoot td { border-bottom: 0; font-weight: 600; }
        #times a { color: inherit; }
        .failure-text { color: var(--danger); font-weight: 600; white-space: pre-wrap; }
        @media print {
          .filters, button.open { display: none; }
          .panel { position: static; }
          .screen { background: #fff; color: #000; border-color: #999; -webkit-print-color-adjust: exact; print-color-adjust: exact;
            font-size: min(9.5px, calc((100vw - 4rem) / (var(--cols, 100) * .61))); }
        }
        """
}
