/// The page's player: shows a step's screen, plays the frames at the walkthrough's own pace
/// times the speed, and keeps the step list, the caption, the scrubber and the address
/// (`#step-N`) on the step shown. The keys: Space, ← →, + −, on the page itself: a focused
/// control keeps its own (Space presses a button, ← → move the slider). A jump to a step brings
/// the screen into view; a failed run's page opens at its failing step. It reads the frames
/// from `<script id="frames">` (`FrameStore`, and the steps: each one's start `t`, the frame
/// it left `f`, its caption `c`; step 0 is the opening screen) and writes rows only from
/// there, HTML the page's writer escaped.
public enum PlayerScript {
    /// The speeds + and − go through, around `play`'s own 1.
    public static let speeds = [0.25, 0.5, 1, 2, 4, 10]

    public static let js = """
        "use strict";
        (() => {
          const $ = (id) => document.getElementById(id);
          const data = JSON.parse($("frames").textContent);
          const frames = data.screen.frames, lines = data.screen.lines, steps = data.steps;
          if (frames.length === 0) return;
          const rows = Array.from($("screen").querySelectorAll(".row"));
          const items = Array.from(document.querySelectorAll("#steps .step"));
          const speeds = [\(speeds.map { String($0) }.joined(separator: ", "))];
          let speedIndex = speeds.indexOf(1), frame = 0, step = -1, timer = null;
          let shown = frames[0].k.slice();

          // A frame: from the keyframe at or before it, each change after it; only rows
          // that differ from what is shown are written.
          function showFrame(n) {
            let want;
            if (n === frame + 1 && frames[n].d) {
              want = shown.slice();
              applyChanges(want, frames[n].d);
            } else {
              let start = n;
              while (!frames[start].k) start--;
              want = frames[start].k.slice();
              for (let i = start + 1; i <= n; i++) applyChanges(want, frames[i].d);
            }
            want.forEach((line, y) => {
              if (shown[y] !== line) rows[y].innerHTML = lines[line];
            });
            shown = want;
            frame = n;
          }
          function applyChanges(want, changes) {
            for (let i = 0; i < changes.length; i += 2) want[changes[i]] = changes[i + 1];
          }

          // The step shown: the list, the caption, the scrubber and the address follow it.
          function markStep(n) {
            if (n === step) return;
            step = n;
            document.documentElement.dataset.step = String(n);
            items.forEach((item, i) => {
              if (i === n - 1) item.setAttribute("aria-current", "step");
              else item.removeAttribute("aria-current");
            });
            $("caption").textContent = steps[n].c || "";
            $("scrubber").value = String(n);
            $("scrubber").setAttribute("aria-valuetext", n === 0 ? $("scrubber").dataset.opening
              : $("scrubber").dataset.valuetext.replace("{n}", String(n)).replace("{step}", items[n - 1].querySelector(".text").textContent));
            const hash = "#step-" + n;
            if (location.hash !== hash) {
              try { history.replaceState(null, "", hash); } catch (e) { location.hash = hash; }
            }
          }

          function goTo(n) {
            pause();
            n = Math.max(0, Math.min(steps.length - 1, n));
            showFrame(steps[n].f);
            markStep(n);
          }

          // Playing: each frame after the one before by its own time, divided by the speed.
          function stepAt(time) {
            let n = 0;
            while (n + 1 < steps.length && steps[n + 1].t <= time) n++;
            return n;
          }
          function next() {
            if (frame + 1 >= frames.length) return pause();
            showFrame(frame + 1);
            markStep(stepAt(frames[frame].t));
            schedule();
          }
          function schedule() {
            if (frame + 1 >= frames.length) return pause();
            const wait = (frames[frame + 1].t - frames[frame].t) / speeds[speedIndex];
            timer = setTimeout(next, wait);
          }
          // At the last frame there is nothing left to play: it stays there, paused, rather
          // than start again from the opening screen a person has not asked for.
          function play() {
            if (timer !== null || frame + 1 >= frames.length) return;
            $("play").setAttribute("aria-pressed", "true");
            timer = 0;
            schedule();
          }
          function pause() {
            if (timer) clearTimeout(timer);
            timer = null;
            $("play").setAttribute("aria-pressed", "false");
          }
          function toggle() { if (timer === null) play(); else pause(); }

          function setSpeed(index) {
            speedIndex = Math.max(0, Math.min(speeds.length - 1, index));
            $("speed").textContent = speeds[speedIndex] + "×";
            if (timer !== null) { clearTimeout(timer); schedule(); }
          }

          // A jump from the step list, the failure box or the address: the screen it shows must
          // be in view, also when the list wraps under the screen and the page was scrolled down.
          function reveal() {
            const box = $("screen").getBoundingClientRect();
            if (box.top < 0 || box.bottom > window.innerHeight) $("stage").scrollIntoView({ block: "nearest" });
          }

          function fromHash() {
            const match = /^#step-(\\d+)$/.exec(location.hash);
            return match ? Number(match[1]) : null;
          }

          $("play").addEventListener("click", toggle);
          $("back").addEventListener("click", () => goTo(step - 1));
          $("forward").addEventListener("click", () => goTo(step + 1));
          $("slower").addEventListener("click", () => setSpeed(speedIndex - 1));
          $("faster").addEventListener("click", () => setSpeed(speedIndex + 1));
          $("scrubber").addEventListener("input", (event) => goTo(Number(event.target.value)));
          window.addEventListener("hashchange", () => {
            const n = fromHash();
            if (n !== null && n !== step) goTo(n);
            if (n !== null) reveal();
          });
          // A link to a step goes there without the browser's scroll to its <li>.
          document.addEventListener("click", (event) => {
            const link = event.target.closest && event.target.closest("a[href^='#step-']");
            const n = link ? Number(link.getAttribute("href").slice("#step-".length)) : NaN;
            if (!Number.isInteger(n)) return;
            event.preventDefault();
            goTo(n);
            reveal();
          });
          document.addEventListener("keydown", (event) => {
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            // A focused control keeps its own keys: Space presses it, ← → move the slider.
            const control = event.target.closest && event.target.closest("button, a, input, select, textarea, summary");
            if (control && (event.key === " " || event.key === "Enter")) return;
            if (control && control.type === "range" && event.key.startsWith("Arrow")) return;
            const keys = {
              " ": toggle,
              "ArrowLeft": () => goTo(step - 1),
              "ArrowRight": () => goTo(step + 1),
              "+": () => setSpeed(speedIndex + 1),
              "=": () => setSpeed(speedIndex + 1),
              "-": () => setSpeed(speedIndex - 1),
              "−": () => setSpeed(speedIndex - 1),
            };
            const action = keys[event.key];
            if (!action) return;
            event.preventDefault();
            action();
          });

          // For print: each step followed by the screen it left where that changed, the
          // opening screen before them, so a printout reads as the whole walkthrough.
          function printScreens() {
            const screenOf = (rowsOf) => {
              const div = document.createElement("div");
              div.className = "print-screen";
              div.innerHTML = rowsOf.map((line) => '<div class="row">' + lines[line] + "</div>").join("");
              return div;
            };
            const wanted = new Map();
            steps.forEach((s, n) => { if (n === 0 || items[n - 1].dataset.result !== "not-run") wanted.set(s.f, null); });
            let want = [];
            frames.forEach((f, n) => {
              if (f.k) want = f.k.slice(); else applyChanges(want, f.d);
              if (wanted.has(n)) wanted.set(n, want.slice());
            });
            const opening = screenOf(wanted.get(steps[0].f));
            opening.id = "print-opening";
            $("steps").before(opening);
            let before = steps[0];
            items.forEach((item, i) => {
              const s = steps[i + 1];
              if (item.dataset.result === "not-run") return;
              if (s.c && s.c !== before.c) {
                const caption = document.createElement("p");
                caption.className = "print-caption";
                caption.textContent = s.c;
                item.append(caption);
              }
              if (s.f !== before.f) item.append(screenOf(wanted.get(s.f)));
              before = s;
            });
            document.documentElement.dataset.print = "steps";
          }

          printScreens();
          setSpeed(speedIndex);
          const start = fromHash();
          const failed = items.findIndex((item) => item.dataset.result === "failed");
          if (start === null && failed < 0) {
            document.documentElement.dataset.step = "0";
            step = 0;
          } else {
            // An address opens its step; a failed run with none opens on the screen it failed
            // on, under the failure box.
            goTo(start === null ? failed + 1 : start);
            // The browser scrolls to the step's <li>, past the screen: bring the title back into
            // view with the screen at that step, as a person following the link expects. (Not
            // scrollTo(0, 0): at load the page is still at 0, so that would not stop the browser's
            // own scroll to the <li>.)
            window.addEventListener("load", () => $("title").scrollIntoView());
          }
        })();
        """
}
