#if Inspector
extension PageText {
    /// `GET /`: the page's skeleton; `page.js` fills it in. The files' addresses carry the
    /// token (``tokenPlaceholder``, replaced when served), as a browser sends no header for them.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Statecraft inspector</title>
<link rel="stylesheet" href="/page.css?token={{token}}">
</head>
<body data-mode="live">
<header>
  <h1>Statecraft inspector</h1>
  <nav id="machines" aria-label="Machines"></nav>
  <span id="connection" data-connected="false">connecting</span>
</header>
<main>
  <section id="chart-panel" aria-label="Chart">
    <div id="timeline">
      <button id="back" type="button" title="One record back">&#9664; back</button>
      <input id="scrubber" type="range" min="0" max="0" value="0" aria-label="Recorded snapshots">
      <button id="forward" type="button" title="One record forward">forward &#9654;</button>
      <button id="live" type="button" title="Follow the machine">live</button>
      <span id="position"></span>
    </div>
    <div id="chart"></div>
  </section>
  <aside>
    <section>
      <h2>Send an event</h2>
      <form id="send">
        <label>name <input id="event-name" name="name" list="event-names" autocomplete="off" required></label>
        <datalist id="event-names"></datalist>
        <label>data (JSON, optional) <textarea id="event-data" name="data" rows="2" spellcheck="false"></textarea></label>
        <button id="send-button" type="submit">send</button>
        <p id="send-result" role="status"></p>
      </form>
    </section>
    <section>
      <h2>Pending timers</h2>
      <ul id="timers"></ul>
    </section>
    <section>
      <h2>Faults</h2>
      <ul id="faults"></ul>
    </section>
    <section>
      <h2>Context</h2>
      <pre id="context"></pre>
    </section>
    <section>
      <h2>Event log</h2>
      <ol id="log" reversed></ol>
    </section>
  </aside>
</main>
<script src="/page.js?token={{token}}"></script>
</body>
</html>
"""#
}
#endif
