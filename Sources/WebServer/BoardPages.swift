/// The web boards' pages: plain HTML, CSS and JavaScript with nothing fetched from
/// elsewhere, so they work with no internet.
///
/// The pages hold no lane data: the script reads the lane from the address, the boards
/// from the JSON and the event stream, and writes every text with `textContent`, so a
/// bowler's name is shown as typed and never read as markup.
enum BoardPages {
  /// Shared look: dark, high contrast, sized for a 1080p screen read from 10 m.
  static let style = """
    :root { color-scheme: dark; --bg: #0b1020; --fg: #f4f6ff; --dim: #8a93b8; --hi: #ffd23f;
      --cell: #161d36; --line: #2c365e; --split: #ff4d4d; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg);
      font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
    header { display: flex; justify-content: space-between; align-items: baseline;
      padding: 16px 32px; font-size: 40px; font-weight: bold; border-bottom: 4px solid var(--line); }
    header .status { font-size: 28px; color: var(--dim); }
    header .status.live { color: #5fe37a; }
    .banner { padding: 8px 32px; font-size: 28px; min-height: 1em; }
    .notice { color: var(--hi); }
    table { border-collapse: collapse; }
    a { color: var(--fg); }
    """

  /// Shared script: the event stream that reconnects, the latency record, small helpers.
  static let script = """
    "use strict";
    const laneFromPath = () => decodeURIComponent(location.pathname.split("/")[2] || "");
    function el(tag, attrs, text) {
      const node = document.createElement(tag);
      for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
      if (text !== undefined && text !== null) node.textContent = String(text);
      return node;
    }
    // Publish-to-page latency of each board shown, newest last, for the browser tests.
    const latencies = [];
    function recordLatency(board) {
      if (typeof board.publishedAt !== "number") return;
      latencies.push(Math.max(0, Date.now() - board.publishedAt));
      if (latencies.length > 2000) latencies.shift();
      document.getElementById("latencies").textContent = latencies.map(x => x.toFixed(1)).join(" ");
    }
    // An EventSource that comes back after the server ends the stream or goes away; the
    // browser sends Last-Event-ID and the server starts with the current boards.
    function follow(url, onBoard) {
      let source = null;
      const status = document.getElementById("link");
      const open = () => {
        source = new EventSource(url);
        // The boards a page is sent on (re)connecting were published before it listened:
        // their age is not an update's latency.
        const current = new Set();
        source.addEventListener("open", () => { status.textContent = "live"; status.className = "status live"; });
        source.addEventListener("board", event => {
          const board = JSON.parse(event.data);
          onBoard(board);
          if (current.has(board.lane)) recordLatency(board); else current.add(board.lane);
        });
        source.addEventListener("error", () => {
          status.textContent = "reconnecting"; status.className = "status";
          if (source.readyState === EventSource.CLOSED) setTimeout(open, 1000);
        });
      };
      open();
    }
    const statusWords = { waiting: "waiting", running: "bowling", ended: "trace ended", stopped: "stopped" };
    """

  /// `/lanes/<lane>`: every bowler's frames under their numbers, who is up, and the pin
  /// deck; the lane's faults are the desk's and the console's, not the bowlers'.
  ///
  /// A frame's cell is a marks row and a total row of fixed heights, so its marks stay put
  /// whether or not its running total is known yet. Font sizes are those of a 1920-pixel
  /// screen, scaled down on a narrower one so that three-digit totals stay in their frames.
  static let overhead = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Lane</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>\(style)
    main { padding: 24px 32px; }
    #sheet { width: 100%; table-layout: fixed; }
    #sheet td { border: 3px solid var(--line); background: var(--cell); text-align: center; }
    #sheet th { font-size: min(30px, 1.6vw); color: var(--dim); padding: 4px 0; text-align: center; }
    #sheet col.cf { width: 7%; }
    #sheet col.ct { width: 10%; }
    #sheet col.cn { width: 14%; }
    #sheet .name { font-size: min(44px, 2.3vw); text-align: left; padding: 8px 16px;
      overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
    #sheet tr.up .name { background: var(--hi); color: #000; }
    #sheet td.frame { vertical-align: top; padding: 0; }
    .marks { display: flex; justify-content: flex-end; height: 60px; }
    .marks span { flex: 0 0 33%; font-size: min(46px, 2.4vw); line-height: 60px; border-left: 2px solid var(--line);
      border-bottom: 2px solid var(--line); }
    .tenth .marks span { flex-basis: 33.3%; }
    .frame:not(.tenth) .marks span { flex-basis: 45%; }
    .marks span.split { color: var(--split); }
    .total { height: 84px; font-size: min(54px, 2.82vw); line-height: 84px; font-weight: bold;
      overflow: hidden; white-space: nowrap; }
    .series { font-size: min(64px, 3.34vw); font-weight: bold; }
    .series small { display: block; font-size: 24px; color: var(--dim); font-weight: normal; }
    #lower { display: flex; gap: 48px; margin-top: 24px; align-items: flex-start; }
    #up { font-size: 56px; font-weight: bold; color: var(--hi); }
    #lower .banner { padding: 12px 0; font-size: 36px; }
    #deckbox { width: 460px; text-align: center; }
    #deckbox .label { font-size: 44px; font-weight: bold; height: 60px; }
    #deckbox .label.split { color: var(--split); }
    .pin { stroke-width: 6; }
    .pin.standing { fill: #ffffff; stroke: #d11; }
    .pin.down { fill: none; stroke: #3b4674; }
    .pin.standing.split { stroke: var(--split); fill: #ffe1e1; }
    .pin.unknown { fill: #5d6796; stroke: #5d6796; }
    #deck text { font-size: 30px; fill: #000; text-anchor: middle; dominant-baseline: central; }
    #deck text.down { fill: #3b4674; }
    #latencies { display: none; }
    </style></head>
    <body>
    <header><span id="title">Lane</span><span id="game"></span><span id="link" class="status">connecting</span></header>
    <main><table id="sheet"><colgroup><col class="cn">
    <col class="cf"><col class="cf"><col class="cf"><col class="cf"><col class="cf">
    <col class="cf"><col class="cf"><col class="cf"><col class="cf"><col class="ct">
    <col class="cs"></colgroup>
    <thead><tr><th></th><th scope="col" data-frame="1">1</th><th scope="col" data-frame="2">2</th>
    <th scope="col" data-frame="3">3</th><th scope="col" data-frame="4">4</th><th scope="col" data-frame="5">5</th>
    <th scope="col" data-frame="6">6</th><th scope="col" data-frame="7">7</th><th scope="col" data-frame="8">8</th>
    <th scope="col" data-frame="9">9</th><th scope="col" data-frame="10">10</th><th scope="col">Total</th></tr></thead>
    <tbody></tbody></table>
    <div id="lower"><section id="deckbox"><svg id="deck" viewBox="0 0 440 400" width="440" height="400" role="img" aria-label="pin deck"></svg>
    <div id="decklabel" class="label"></div></section>
    <section><div id="up"></div><div id="notice" class="banner notice"></div></section></div></main>
    <pre id="latencies"></pre>
    <script>\(script)
    const lane = laneFromPath();
    document.getElementById("title").textContent = "Lane " + lane;
    document.title = "Lane " + lane;
    // Pin positions: 7 8 9 10 at the back, 1 at the front, as the bowler sees the deck.
    const spots = { 7: [0, 0], 8: [1, 0], 9: [2, 0], 10: [3, 0], 4: [0.5, 1], 5: [1.5, 1], 6: [2.5, 1],
      2: [1, 2], 3: [2, 2], 1: [1.5, 3] };
    function drawDeck(deck) {
      const svg = document.getElementById("deck");
      svg.replaceChildren();
      const known = Array.isArray(deck.standing);
      const standing = new Set(known ? deck.standing : []);
      svg.setAttribute("data-standing", known ? deck.standing.join(",") : "");
      svg.setAttribute("data-count", deck.count);
      svg.setAttribute("data-split", deck.isSplit ? "true" : "false");
      for (let pin = 1; pin <= 10; pin++) {
        const [x, y] = spots[pin];
        const cx = 55 + x * 110, cy = 55 + y * 96;
        const up = standing.has(pin);
        const state = known ? (up ? "standing" : "down") : "unknown";
        const circle = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        circle.setAttribute("cx", cx); circle.setAttribute("cy", cy); circle.setAttribute("r", 40);
        circle.setAttribute("class", "pin " + state + (up && deck.isSplit ? " split" : ""));
        circle.setAttribute("data-pin", pin);
        svg.appendChild(circle);
        const label = document.createElementNS("http://www.w3.org/2000/svg", "text");
        label.setAttribute("x", cx); label.setAttribute("y", cy);
        label.setAttribute("class", up ? "standing" : "down");
        label.textContent = String(pin);
        svg.appendChild(label);
      }
      const text = document.getElementById("decklabel");
      text.textContent = deck.isSplit ? "SPLIT" : (known ? "" : deck.count + " standing");
      text.className = "label" + (deck.isSplit ? " split" : "");
    }
    function drawBowler(bowler, index, board) {
      const row = el("tr", { class: index === board.currentBowler ? "up" : "", "data-bowler": index });
      row.appendChild(el("td", { class: "name" }, bowler.name || "Bowler " + (index + 1)));
      for (let number = 1; number <= 10; number++) {
        const frame = bowler.game.frames.find(f => f.number === number);
        const cell = el("td", { class: "frame" + (number === 10 ? " tenth" : ""), "data-frame": number });
        const marks = el("div", { class: "marks" });
        const balls = frame ? frame.balls : [];
        for (let ball = 0; ball < (number === 10 ? 3 : 2); ball++) {
          const b = balls[ball];
          const attrs = { class: b && b.isSplit ? "split" : "" };
          if (b) attrs["data-standing-after"] = Array.isArray(b.standingAfter) ? b.standingAfter.join(",") : "";
          marks.appendChild(el("span", attrs, b ? b.mark : ""));
        }
        cell.setAttribute("data-marks", balls.map(b => b.mark).join(" "));
        cell.appendChild(marks);
        const total = frame && frame.cumulative !== null && frame.cumulative !== undefined ? frame.cumulative : "";
        cell.appendChild(el("div", { class: "total", "data-total": total }, total));
        row.appendChild(cell);
      }
      const series = el("td", { class: "series", "data-game-total": bowler.game.total }, bowler.game.total);
      series.appendChild(el("small", {}, "series " + bowler.seriesTotal));
      row.appendChild(series);
      return row;
    }
    function render(board) {
      // The lane now bowls a league night on a pair (lane display): the server gives this
      // address the night's overhead board.
      if (board.night) { location.reload(); return; }
      const sheet = document.getElementById("sheet");
      sheet.tBodies[0].replaceChildren(...board.bowlers.map((b, i) => drawBowler(b, i, board)));
      sheet.setAttribute("data-sequence", board.sequence);
      sheet.setAttribute("data-status", board.status);
      const up = board.bowlers[board.currentBowler];
      document.getElementById("game").textContent = up ? "Game " + up.game.number + " \\u00b7 " + statusWords[board.status] : "";
      drawDeck(board.deck);
      const frames = up ? up.game.frames : [];
      const last = frames.length ? frames[frames.length - 1] : null;
      const frame = !last ? 1 : (last.number === 10 || last.balls.length === 1 && last.balls[0].mark !== "X" ? last.number : last.number + 1);
      document.getElementById("up").textContent = !up || up.game.isComplete ? "" :
        "Up: " + (up.name || "Bowler " + (board.currentBowler + 1)) + ", frame " + frame;
      document.getElementById("notice").textContent = board.notice || "";
    }
    follow("/lanes/" + encodeURIComponent(lane) + "/events", render);
    </script></body></html>
    """

  /// `/`: the desk, one row per lane (a pair bowling a league night over the centre's
  /// broker: one row for both), with links to the league night's boards when the server
  /// has one.
  static func desk(linkingLeague: Bool) -> String {
    let league = """
      <nav id="league" class="banner">League night: <a href="/league/left">left lane</a> \u{b7}
      <a href="/league/right">right lane</a> \u{b7} <a href="/league">JSON</a></nav>
      """
    return """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>Desk</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>\(style)
      #lanes { width: calc(100% - 64px); margin: 24px 32px; font-size: 28px; }
      #lanes th { text-align: left; color: var(--dim); font-weight: normal; padding: 8px; border-bottom: 3px solid var(--line); }
      #lanes td { padding: 10px 8px; border-bottom: 2px solid var(--line); vertical-align: top; }
      #lanes .lane { font-size: 40px; font-weight: bold; }
      .up { color: var(--hi); font-weight: bold; }
      #lanes td.offline { color: var(--split); }
      .faults { font-size: 22px; color: var(--split); }
      #lanes tr.pair .team { font-weight: bold; }
      #lanes .league { color: var(--dim); }
      #lanes tr.pair .offline { color: var(--split); }
      #latencies { display: none; }
      </style></head>
      <body>
      <header><span>Desk</span><span id="link" class="status">connecting</span></header>\(linkingLeague ? "\n" + league : "")
      <table id="lanes"><thead><tr><th>Lane</th><th>Status</th><th>Bowlers: frame, score</th><th>Faults</th></tr></thead>
      <tbody></tbody></table>
      <pre id="latencies"></pre>
      <script>\(script)
      const boards = new Map();
      const byLane = (a, b) => a.localeCompare(b, undefined, { numeric: true });
      // Over the centre's broker a lane is online or offline (its retained status) first.
      const linkOf = board => typeof board.online === "boolean" ? (board.online ? "online" : "offline") : "";
      const statusText = board => {
        const link = linkOf(board);
        return link === "offline" ? link : (link ? link + ", " : "") + statusWords[board.status];
      };
      const lastFault = board => board.faults.length ? board.faults[board.faults.length - 1] : "";
      function laneRow(board) {
        const row = el("tr", { "data-lane": board.lane, "data-sequence": board.sequence });
        const name = el("td", { class: "lane" });
        name.appendChild(el("a", { href: "/lanes/" + encodeURIComponent(board.lane) }, board.lane));
        row.appendChild(name);
        const link = linkOf(board);
        row.appendChild(el("td", { class: "status" + (link === "offline" ? " offline" : ""),
          "data-status": board.status, "data-link": link }, statusText(board)));
        const bowlers = el("td");
        board.bowlers.forEach((bowler, index) => {
          const frames = bowler.game.frames;
          const frame = frames.length ? frames[frames.length - 1].number : 0;
          const line = el("div", { class: index === board.currentBowler ? "up" : "", "data-bowler": index,
            "data-score": bowler.game.total },
            (bowler.name || "Bowler " + (index + 1)) + ": game " + bowler.game.number + ", frame " + frame +
            ", " + bowler.game.total + (bowler.finishedTotals.length ? " (series " + bowler.seriesTotal + ")" : ""));
          bowlers.appendChild(line);
        });
        row.appendChild(bowlers);
        row.appendChild(el("td", { class: "faults" }, lastFault(board)));
        return row;
      }
      const points = p => (p % 1 ? (Math.floor(p) || "") + "\\u00bd" : String(p)) + (p === 1 ? " point" : " points");
      // A pair bowling a league night: its two lanes in one row, the league, each team's
      // game and series, who is up on each lane. `lanes` holds the boards of the pair's
      // lanes showing the night, left then right (null for one not on it here yet).
      function pairRow(night, lanes) {
        const ids = [night.left, night.right];
        // Both lanes carry the same night; the one that has shown more of it is drawn.
        const newest = lanes.filter(Boolean).reduce((a, b) => (b.sequence > a.sequence ? b : a));
        const league = newest.night.board;
        const row = el("tr", { class: "pair", "data-pair": ids.join(" "), "data-sequence": newest.sequence });
        const name = el("td", { class: "lane" });
        ids.forEach((id, index) => {
          if (index) name.appendChild(document.createTextNode(" \\u00b7 "));
          name.appendChild(el("a", { href: "/lanes/" + encodeURIComponent(id) }, id));
        });
        row.appendChild(name);
        const status = el("td", { class: "status" });
        const faults = el("td", { class: "faults" });
        ids.forEach((id, index) => {
          const board = lanes[index];
          const link = board ? linkOf(board) : "";
          status.appendChild(el("div", { class: link === "offline" ? "offline" : "", "data-lane": id,
            "data-status": board ? board.status : "", "data-link": link },
            id + ": " + (board ? statusText(board) : "not on the night")));
          if (board && lastFault(board)) faults.appendChild(el("div", { "data-lane": id }, id + ": " + lastFault(board)));
        });
        row.appendChild(status);
        const nightCell = el("td", { class: "night" });
        const game = league.up.length ? Math.min(...league.up.map(u => u.game)) : league.games;
        nightCell.appendChild(el("div", { class: "league" }, league.league + ": game " + game + " of " + league.games +
          (league.complete ? ", night complete" : "")));
        for (const team of league.teams) {
          const score = team.games[game - 1];
          const won = team.series.points !== null && team.series.points !== undefined ? team.series.points :
            team.games.reduce((sum, s) => sum + (s.points || 0), 0);
          nightCell.appendChild(el("div", { class: "team", "data-team": team.name, "data-game-total": score.total,
            "data-series-total": team.series.total, "data-points": won },
            team.name + ", game " + game + ": " + score.scratch + " + " + score.handicap + " = " + score.total +
            "; series " + team.series.total + "; " + points(won)));
        }
        for (const up of league.up) {
          const id = up.lane === "left" ? night.left : night.right;
          nightCell.appendChild(el("div", { class: "up", "data-lane": id },
            "Up on " + id + ": " + up.bowler + " (" + up.team + "), frame " + up.frame));
        }
        row.appendChild(nightCell);
        row.appendChild(faults);
        return row;
      }
      // Every lane in its order (2 before 10), a pair on a night in one row at its left lane.
      function draw() {
        const rows = [];
        const drawn = new Set();
        for (const id of [...boards.keys()].sort(byLane)) {
          if (drawn.has(id)) continue;
          const board = boards.get(id);
          const night = board.night;
          if (!night) {
            rows.push(laneRow(board));
            drawn.add(id);
            continue;
          }
          const lanes = [night.left, night.right].map(lane => {
            const other = boards.get(lane);
            return other && other.night && other.night.left === night.left && other.night.right === night.right ? other : null;
          });
          lanes.forEach((other, index) => { if (other) drawn.add([night.left, night.right][index]); });
          rows.push(pairRow(night, lanes));
        }
        document.querySelector("#lanes tbody").replaceChildren(...rows);
      }
      function render(board) {
        boards.set(board.lane, board);
        draw();
      }
      follow("/events", render);
      </script></body></html>
      """
  }

  /// `/lanes/<lane>/games`: the finished games with their statistics.
  static let games = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Games</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>\(style)
    #games { margin: 24px 32px; font-size: 26px; }
    #games td, #games th { padding: 6px 10px; border-bottom: 2px solid var(--line); text-align: center; }
    #games th { color: var(--dim); font-weight: normal; }
    #games .who { text-align: left; }
    #games .total { font-weight: bold; font-size: 32px; }
    #latencies { display: none; }
    </style></head>
    <body>
    <header><span id="title">Games</span><span id="link" class="status">connecting</span></header>
    <table id="games"><thead><tr><th class="who">Bowler</th><th>Game</th><th>Frames</th><th>Total</th>
    <th>Strikes</th><th>Spares</th><th>Open</th><th>Splits (made)</th><th>1st ball</th></tr></thead>
    <tbody></tbody></table>
    <pre id="latencies"></pre>
    <script>\(script)
    const lane = laneFromPath();
    document.getElementById("title").textContent = "Lane " + lane + ": finished games";
    let shown = -1;
    async function refresh(board) {
      const finished = board.bowlers.reduce((n, b) => n + b.finishedTotals.length, 0);
      if (finished === shown) return;
      const response = await fetch("/api/lanes/" + encodeURIComponent(lane) + "/games", { cache: "no-store" });
      if (!response.ok) return;
      const list = await response.json();
      shown = finished;
      const body = document.querySelector("#games tbody");
      body.replaceChildren(...list.games.map(entry => {
        const s = entry.statistics;
        const row = el("tr", { "data-total": entry.game.total });
        const marks = entry.game.frames.map(f => f.balls.map(b => b.mark).join("")).join(" ");
        [[entry.bowler, "who"], [entry.game.number], [marks], [entry.game.total, "total"], [s.strikes], [s.spares],
         [s.opens], [s.splits + " (" + s.splitConversions + ")"],
         [s.firstBallAverage === null ? "-" : s.firstBallAverage.toFixed(1)]]
          .forEach(([text, cls]) => row.appendChild(el("td", cls ? { class: cls } : {}, text)));
        return row;
      }));
    }
    follow("/lanes/" + encodeURIComponent(lane) + "/events", refresh);
    </script></body></html>
    """
}
