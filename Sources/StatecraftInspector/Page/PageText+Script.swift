#if Inspector
extension PageText {
    /// `GET /page.js`: loads the machines, draws the selected one's chart from its structure,
    /// follows the WebSocket of updates, steps through the recorded snapshots and sends events.
    /// The token comes from the page's address (`?token=`); the page sends it in the
    /// `Authorization` header of each request and as the WebSocket's `statecraft-token.<token>`
    /// subprotocol.
    static let script = #"""
"use strict";
(function () {
  const token = new URLSearchParams(location.search).get("token");
  const machines = new Map();   // id -> { summary, structure, records, live }
  let selected = null;
  let shownIndex = null;        // index into the selected machine's records; null follows the machine
  const $ = (id) => document.getElementById(id);
  // The address's fragment names the machine and the record shown: #machine=deck&record=12.
  const linked = new URLSearchParams(location.hash.slice(1));
  let linkedRecord = Number(linked.get("record")) || null;

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  async function getJSON(path) {
    const response = await fetch(path, { cache: "no-store", headers: { Authorization: "Bearer " + token } });
    if (!response.ok) throw new Error(path + ": " + response.status);
    return response.json();
  }

  function base(id) { return "/machines/" + encodeURIComponent(id); }

  async function loadMachines(list) {
    const summaries = list || await getJSON("/machines");
    for (const summary of summaries) {
      const known = machines.get(summary.id);
      if (known) { known.summary = summary; continue; }
      machines.set(summary.id, { summary, structure: null, records: [], live: null });
    }
    for (const id of [...machines.keys()]) {
      if (!summaries.some((s) => s.id === id)) machines.delete(id);
    }
    const wanted = linked.get("machine");
    if (!selected || !machines.has(selected)) selected = machines.has(wanted) ? wanted : (summaries[0] && summaries[0].id) || null;
    renderNav();
    if (selected) await loadMachine(selected);
  }

  async function loadMachine(id) {
    const machine = machines.get(id);
    if (!machine) return;
    const [structure, records, live] = await Promise.all([
      machine.structure ? Promise.resolve(machine.structure) : getJSON(base(id) + "/structure"),
      getJSON(base(id) + "/history"),
      getJSON(base(id) + "/snapshot"),
    ]);
    machine.structure = structure;
    for (const record of records) record.size = JSON.stringify(record).length;
    machine.records = records;
    machine.live = live;
    if (linkedRecord !== null && id === selected) {
      const index = records.findIndex((record) => record.sequence === linkedRecord);
      if (index >= 0 && index < records.length - 1) shownIndex = index;
      linkedRecord = null;
    }
    if (id === selected) { drawChart(); render(); }
  }

  function renderNav() {
    const nav = $("machines");
    nav.replaceChildren();
    for (const id of machines.keys()) {
      const button = element("button", { type: "button", "data-machine-id": id, "aria-current": String(id === selected) }, id);
      button.addEventListener("click", () => select(id));
      nav.append(button);
    }
  }

  function select(id) {
    selected = id;
    shownIndex = null;
    linkedRecord = null;
    renderNav();
    loadMachine(id);
  }

  // The chart: each state a box inside its parent's, its transitions listed under its name.
  function drawChart() {
    const machine = machines.get(selected);
    const chart = $("chart");
    chart.replaceChildren();
    if (!machine || !machine.structure) return;
    const states = machine.structure.states;
    const transitions = machine.structure.transitions;
    function box(state) {
      const node = element("div", { class: "state", "data-state-id": state.id, "data-kind": state.kind, "data-active": "false" });
      const label = element("div", { class: "label" });
      label.append(element("span", { class: "name" }, state.id));
      if (state.kind !== "atomic") label.append(element("span", { class: "kind" }, state.kind));
      node.append(label);
      if (state.transitions.length) {
        const list = element("ul", { class: "transitions" });
        for (const index of state.transitions) {
          const t = transitions[index];
          const trigger = t.trigger === "events" ? t.events.join(" ") : t.trigger === "after" ? "after " + t.delay + "s" : t.trigger;
          const guard = t.guard ? " [" + (t.guardLabel || "guard") + "]" : "";
          const targets = t.targets.map((i) => states[i].id).join(", ") || "(stays)";
          list.append(element("li", { "data-transition-index": String(index) }, trigger + guard + " \u2192 " + targets));
        }
        node.append(list);
      }
      if (state.children.length) {
        const children = element("div", { class: "children" });
        for (const child of state.children) children.append(box(states[child]));
        node.append(children);
      }
      return node;
    }
    for (const state of states) if (state.parent === null) chart.append(box(state));
  }

  function shownRecord(machine) {
    if (shownIndex === null || !machine.records.length) return null;
    return machine.records[Math.min(shownIndex, machine.records.length - 1)];
  }

  function render() {
    const machine = machines.get(selected);
    if (!machine) return;
    const past = shownRecord(machine);
    document.body.dataset.mode = past ? "past" : "live";
    const fragment = "#machine=" + encodeURIComponent(selected) + (past ? "&record=" + past.sequence : "");
    if (location.hash !== fragment) history.replaceState(null, "", location.pathname + location.search + fragment);
    const live = machine.live || { activeStates: [] };
    const shown = past ? past.snapshot : live;
    const liveSet = new Set(live.activeStates);
    const shownSet = new Set(shown.activeStates);
    for (const node of document.querySelectorAll("#chart .state")) {
      const id = node.getAttribute("data-state-id");
      node.setAttribute("data-active", String(liveSet.has(id)));
      if (past && shownSet.has(id)) node.setAttribute("data-viewed", "true"); else node.removeAttribute("data-viewed");
    }
    markTaken(machine, past || machine.records[machine.records.length - 1]);
    renderTimeline(machine);
    renderTimers(shown);
    renderContext(shown);
    renderFaults(shown);
    renderLog(machine, past);
    renderForm(machine);
  }

  // Marks the structure's transitions that a record's transitions match, by source and target.
  function markTaken(machine, record) {
    for (const node of document.querySelectorAll("#chart li[data-taken]")) node.removeAttribute("data-taken");
    if (!record || !machine.structure) return;
    const states = machine.structure.states;
    for (const taken of record.transitions) {
      machine.structure.transitions.forEach((t, index) => {
        if (states[t.source].id !== taken.source) return;
        const targets = t.targets.map((i) => states[i].id);
        const fits = taken.target === null ? targets.length === 0 : targets.includes(taken.target);
        const named = taken.event === null || t.trigger !== "events" || t.events.some((e) => e === "*" || taken.event === e || taken.event.startsWith(e + "."));
        if (fits && named) {
          const node = document.querySelector('#chart li[data-transition-index="' + index + '"]');
          if (node) node.setAttribute("data-taken", "true");
        }
      });
    }
  }

  function renderTimeline(machine) {
    const count = machine.records.length;
    const scrubber = $("scrubber");
    scrubber.max = String(Math.max(0, count - 1));
    scrubber.value = String(shownIndex === null ? Math.max(0, count - 1) : shownIndex);
    const record = shownRecord(machine);
    // Records are dropped oldest first and numbered from 1: those before the first kept are gone.
    const dropped = count ? machine.records[0].sequence - 1 : 0;
    $("position").textContent = (record
      ? "record " + record.sequence + " (" + (shownIndex + 1) + " of " + count + " kept)"
      : "live, " + count + " records kept") + (dropped ? ", " + dropped + " older dropped" : "");
    $("position").dataset.dropped = String(dropped);
    $("back").disabled = count < 2 || shownIndex === 0;
    $("forward").disabled = shownIndex === null;
    $("live").disabled = shownIndex === null;
  }

  function seconds(value) { return (Math.round(value * 1000) / 1000) + " s"; }

  function renderTimers(snapshot) {
    const list = $("timers");
    list.replaceChildren();
    const timers = snapshot.timers || [];
    if (!timers.length) list.append(element("li", { class: "none" }, "none"));
    for (const timer of timers) {
      list.append(element("li", {}, timer.what + (timer.id ? " (id " + timer.id + ")" : "") + ": due in " + seconds(timer.in) + ", at " + seconds(timer.due)));
    }
  }

  function renderFaults(snapshot) {
    const list = $("faults");
    list.replaceChildren();
    const faults = snapshot.faults || [];
    const count = snapshot.faultCount || 0;
    list.dataset.count = String(count);
    if (!count) list.append(element("li", { class: "none" }, "none"));
    if (count > faults.length) list.append(element("li", { class: "none" }, (count - faults.length) + " earlier not shown"));
    for (const fault of faults) {
      list.append(element("li", { class: "fault" }, fault.code + ": " + (fault.location ? fault.location + ": " : "") + fault.message));
    }
  }

  function renderContext(snapshot) {
    $("context").textContent = snapshot.omitted
      ? "(not kept: the record was larger than the history's byte budget)"
      : snapshot.contextEncodable
      ? JSON.stringify(snapshot.context, null, 2)
      : "(the context is not Encodable)";
  }

  function renderLog(machine, past) {
    const log = $("log");
    log.replaceChildren();
    const records = machine.records;
    for (let index = records.length - 1; index >= 0; index--) {
      const record = records[index];
      const item = element("li", { value: String(record.sequence), "data-sequence": String(record.sequence), "data-shown": String(past === record) });
      const title = record.kind === "event" ? record.event.name : record.kind === "timers" ? "(timers)" : "(start)";
      item.append(element("span", { class: "event" }, title));
      if (record.tooLarge) {
        item.dataset.tooLarge = "true";
        item.append(" ", element("span", { class: "too-large" }, "(too large to keep: " + record.tooLarge.bytes + " bytes)"));
      }
      if (record.event && record.event.data !== null) item.append(" ", element("span", { class: "data" }, JSON.stringify(record.event.data)));
      const moves = record.transitions.map((t) => t.source + " \u2192 " + (t.target === null ? "(stays)" : t.target)).join(", ");
      item.append(" ", element("span", { class: "moves" }, moves || (record.kind === "event" ? "no transition" : "in " + record.snapshot.activeStates.join(", "))));
      item.title = new Date(record.time).toLocaleTimeString() + (record.outcome ? ": " + record.outcome : "");
      item.addEventListener("click", () => { shownIndex = index; render(); });
      log.append(item);
    }
  }

  function renderForm(machine) {
    const names = $("event-names");
    names.replaceChildren(...machine.summary.events.map((name) => element("option", { value: name })));
    const canSend = Boolean(token) && (machine.summary.acceptsAnyEvent || machine.summary.events.length > 0);
    $("send-button").disabled = !canSend;
    if (!token) show("Open the page with ?token=<token> (printed when the inspector started).", false);
  }

  function show(text, ok) {
    const result = $("send-result");
    result.textContent = text;
    result.dataset.ok = String(ok);
  }

  $("send").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { name: $("event-name").value.trim() };
    const text = $("event-data").value.trim();
    if (text) {
      try { body.data = JSON.parse(text); } catch (error) { show("The data is not JSON: " + error.message, false); return; }
    }
    try {
      const response = await fetch(base(selected) + "/events", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer " + token },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) { show(answer.error || response.statusText, false); return; }
      show(answer.outcome || "sent", true);
      const machine = machines.get(answer.machine);
      if (machine && answer.snapshot) { machine.live = answer.snapshot; render(); }
    } catch (error) {
      show("Could not send: " + error.message, false);
    }
  });

  $("back").addEventListener("click", () => {
    const machine = machines.get(selected);
    if (!machine || !machine.records.length) return;
    shownIndex = Math.max(0, (shownIndex === null ? machine.records.length - 1 : shownIndex) - 1);
    render();
  });
  $("forward").addEventListener("click", () => {
    const machine = machines.get(selected);
    if (!machine || shownIndex === null) return;
    shownIndex = shownIndex + 1 >= machine.records.length - 1 ? null : shownIndex + 1;
    render();
  });
  $("live").addEventListener("click", () => { shownIndex = null; render(); });
  $("scrubber").addEventListener("input", (event) => {
    const machine = machines.get(selected);
    const index = Number(event.target.value);
    shownIndex = machine && index >= machine.records.length - 1 ? null : index;
    render();
  });

  // The page keeps what the inspector keeps: at most historyLimit records and about
  // historyByteLimit bytes of them, the oldest dropped first.
  function trim(machine) {
    const limit = machine.summary.historyLimit;
    const byteLimit = machine.summary.historyByteLimit || Infinity;
    let bytes = 0;
    for (const record of machine.records) bytes += record.size || 0;
    let drop = 0;
    while (machine.records.length - drop > 1 && (machine.records.length - drop > limit || bytes > byteLimit)) {
      bytes -= machine.records[drop].size || 0;
      drop++;
    }
    if (!drop) return;
    machine.records.splice(0, drop);
    if (shownIndex !== null) shownIndex = Math.max(0, shownIndex - drop);
  }

  // Updates: one record per message; a gap in the numbers (a slow page missed some) reloads.
  function connect() {
    const socket = new WebSocket(
      (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/updates",
      ["statecraft-inspector", "statecraft-token." + token]
    );
    socket.addEventListener("open", () => { $("connection").textContent = "live"; $("connection").dataset.connected = "true"; });
    socket.addEventListener("close", () => {
      $("connection").textContent = "disconnected; retrying";
      $("connection").dataset.connected = "false";
      setTimeout(connect, 2000);
    });
    socket.addEventListener("message", (message) => {
      const update = JSON.parse(message.data);
      if (update.type === "machines") { loadMachines(update.machines); return; }
      if (update.type !== "record") return;
      const machine = machines.get(update.machine);
      if (!machine) return;
      const last = machine.records[machine.records.length - 1];
      if (last && update.record.sequence <= last.sequence) return;
      if (last && update.record.sequence !== last.sequence + 1) { loadMachine(update.machine); return; }
      update.record.size = message.data.length;
      machine.records.push(update.record);
      trim(machine);
      machine.live = update.record.snapshot;
      if (update.machine === selected) render();
    });
  }

  loadMachines().then(connect, (error) => { $("connection").textContent = "cannot load: " + error.message; });
})();
"""#
}
#endif
