#if Inspector
extension PageText {
    /// `GET /page.css`.
    static let style = #"""
:root { --ink: #1d2330; --muted: #5d6778; --line: #c9d0dc; --paper: #f7f8fb; --active: #0b7a4b;
        --active-fill: #dff5ea; --past: #8a4fd8; --past-fill: #efe5fd; --taken: #d2691e; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--paper); }
header { display: flex; align-items: center; gap: 1rem; padding: .6rem 1rem; background: #fff; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.1rem; margin: 0; }
h2 { font-size: .95rem; margin: 0 0 .4rem; }
nav { display: flex; gap: .3rem; flex-wrap: wrap; }
nav button { border: 1px solid var(--line); background: #fff; border-radius: 4px; padding: .2rem .6rem; cursor: pointer; }
nav button[aria-current="true"] { border-color: var(--active); background: var(--active-fill); font-weight: 600; }
#connection { margin-left: auto; font-size: .85rem; color: var(--muted); }
#connection[data-connected="true"] { color: var(--active); }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(18rem, 2fr); gap: 1rem; padding: 1rem; }
aside section, #chart-panel { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .7rem; }
aside { display: flex; flex-direction: column; gap: 1rem; }
#timeline { display: flex; align-items: center; gap: .4rem; margin-bottom: .7rem; }
#scrubber { flex: 1; }
#position { font-size: .85rem; color: var(--muted); min-width: 9rem; }
body[data-mode="past"] #position { color: var(--past); font-weight: 600; }
.state { border: 1.5px solid var(--line); border-radius: 8px; padding: .35rem .5rem; margin: .3rem 0; background: #fff; }
.state > .label { font-weight: 600; display: flex; gap: .4rem; align-items: baseline; }
.state > .label .kind { font-weight: 400; font-size: .75rem; color: var(--muted); }
.state[data-kind="final"] { border-style: double; border-width: 4px; }
.state[data-kind="shallowHistory"], .state[data-kind="deepHistory"] { display: inline-block; border-radius: 999px; padding: .1rem .5rem; }
.children { padding-left: .6rem; }
.state[data-kind="parallel"] > .children { display: flex; gap: .5rem; align-items: flex-start; padding-left: 0; }
.state[data-kind="parallel"] > .children > .state { flex: 1; border-style: dashed; }
.state[data-active="true"] { border-color: var(--active); background: var(--active-fill); }
.state[data-active="true"] > .label::after { content: "active"; font-size: .7rem; color: var(--active); font-weight: 400; }
body[data-mode="past"] .state[data-active="true"] { background: #fff; border-color: var(--line); }
body[data-mode="past"] .state[data-active="true"] > .label::after { content: ""; }
body[data-mode="past"] .state[data-viewed="true"] { border-color: var(--past); background: var(--past-fill); }
.transitions { list-style: none; margin: .15rem 0; padding: 0; font-size: .8rem; color: var(--muted); }
.transitions li[data-taken="true"] { color: var(--taken); font-weight: 600; }
#log { margin: 0; padding-left: 2.2rem; max-height: 24rem; overflow: auto; font-size: .82rem; }
#log li { padding: .15rem .2rem; cursor: pointer; border-radius: 3px; }
#log li:hover { background: var(--paper); }
#log li[data-shown="true"] { background: var(--past-fill); }
#log .event { font-weight: 600; }
#log .data, #log .moves { color: var(--muted); font-family: ui-monospace, monospace; }
#context { margin: 0; max-height: 16rem; overflow: auto; font-size: .82rem; background: var(--paper); padding: .4rem; }
#timers { margin: 0; padding-left: 1.2rem; font-size: .85rem; }
form label { display: block; margin-bottom: .4rem; }
form input, form textarea { width: 100%; font: inherit; font-family: ui-monospace, monospace; }
#send-result { min-height: 1.2rem; font-size: .85rem; margin: .3rem 0 0; }
#send-result[data-ok="false"] { color: #b00020; }
"""#
}
#endif
