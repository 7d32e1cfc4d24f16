/// The matrix page's script: each table sorts by the column whose header is clicked
/// (ascending, then descending, `aria-sort` saying which; equal cells keep their order, so
/// failures stay first among them), filters by each condition's select and by text in the
/// row, and a row's button opens its combination in the panel: the screen it ended on, built
/// from `<script id="matrix-data">` (rows' HTML the page's writer escaped), its failures and
/// its own steps, set as text. The panel opened is brought into view (under the table, it may
/// be below the fold), and its button takes the reader back to the row.
public enum MatrixPageScript {
    public static let js = """
        "use strict";
        (() => {
          const data = JSON.parse(document.getElementById("matrix-data").textContent);
          const store = data.screen;

          // A screen: from the keyframe at or before it, each change after it.
          function screenRows(n) {
            let start = n;
            while (!store.frames[start].k) start--;
            const shown = store.frames[start].k.slice();
            for (let i = start + 1; i <= n; i++) {
              const changes = store.frames[i].d;
              for (let c = 0; c < changes.length; c += 2) shown[changes[c]] = changes[c + 1];
            }
            return shown.map((line) => '<div class="row">' + store.lines[line] + "</div>").join("");
          }

          document.querySelectorAll("section.matrix").forEach((section) => {
            const table = data.tables[Number(section.dataset.table)];
            const body = section.querySelector("tbody");
            const rows = Array.from(body.rows);
            const headers = Array.from(section.querySelectorAll("thead th"));
            const selects = Array.from(section.querySelectorAll("select.filter"));
            const text = section.querySelector("input.text-filter");
            const shown = section.querySelector(".shown");

            function sortBy(column) {
              const header = headers[column];
              const ascending = header.getAttribute("aria-sort") !== "ascending";
              headers.forEach((h) => { if (h.hasAttribute("aria-sort")) h.setAttribute("aria-sort", "none"); });
              header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
              const sign = ascending ? 1 : -1;
              const sorted = Array.from(body.rows).sort((a, b) =>
                sign * a.cells[column].textContent.localeCompare(b.cells[column].textContent, undefined, { numeric: true }));
              body.append(...sorted);
            }

            function filter() {
              const needle = text.value.trim().toLowerCase();
              let count = 0;
              rows.forEach((row) => {
                const matches = selects.every((select) =>
                  select.value === "" || row.cells[Number(select.dataset.column)].textContent === select.value)
                  && (needle === "" || row.textContent.toLowerCase().includes(needle));
                row.hidden = !matches;
                if (matches) count++;
              });
              shown.textContent = shown.dataset.words.replace("{shown}", String(count));
            }

            let chosen = null;
            function open(row) {
              chosen = row;
              rows.forEach((r) => {
                const chosen = r === row;
                r.setAttribute("aria-selected", chosen ? "true" : "false");
                r.querySelector("button.open").setAttribute("aria-expanded", chosen ? "true" : "false");
              });
              const info = table.rows[Number(row.dataset.row)];
              const panel = section.querySelector(".panel");
              panel.querySelector(".pick").hidden = true;
              panel.querySelector(".chosen").hidden = false;
              panel.querySelector(".combination").textContent = row.dataset.name;
              panel.querySelector(".screen").innerHTML = info.s < 0 ? "" : screenRows(info.s);
              const failures = panel.querySelector(".failures");
              failures.replaceChildren(...info.f.map((f) => {
                const li = document.createElement("li");
                li.textContent = f;
                return li;
              }));
              failures.previousElementSibling.hidden = failures.hidden = info.f.length === 0;
              const own = panel.querySelector(".own");
              own.replaceChildren(...info.o.map((i) => {
                const li = document.createElement("li");
                li.dataset.line = table.steps[i][0];
                li.textContent = table.steps[i][0] + "  " + table.steps[i][1];
                return li;
              }));
              own.hidden = info.o.length === 0;
              panel.querySelector(".none").hidden = info.o.length > 0;
              panel.scrollIntoView({ block: "nearest" });
            }

            section.querySelectorAll("button.sort").forEach((button) =>
              button.addEventListener("click", () => sortBy(Number(button.dataset.column))));
            selects.forEach((select) => select.addEventListener("change", filter));
            text.addEventListener("input", filter);
            section.querySelector(".panel button.to-row").addEventListener("click", () => {
              if (!chosen) return;
              chosen.scrollIntoView({ block: "center" });
              chosen.querySelector("button.open").focus();
            });
            body.addEventListener("click", (event) => {
              const button = event.target.closest("button.open");
              if (button) open(button.closest("tr"));
            });
          });
        })();
        """
}
