extension BoardPages {
  /// `/league/left` and `/league/right`: the overhead board above one lane of a league
  /// night's pair, drawn from `/league` (the `LeagueBoard`).
  ///
  /// It shows the game bowled on the lane now (the last once its turns are bowled): both
  /// teams, each with its game's scratch, handicap and total and its points, then every
  /// bowler's frames wherever they were bowled, under the frame numbers; a frame bowled on
  /// the pair's other lane is dimmer and tagged `L` or `R`; the bowler up on this lane is
  /// highlighted with the frame they bowl. Under the sheet, each team's games and series.
  ///
  /// Sizes are in `rem`, and the root font is 1 % of the screen's height (or of 56.25 % of
  /// its width on a screen narrower than 16:9), so ten bowlers fit a 1080p screen and a
  /// 1280x800 one alike. A frame's marks and its total sit in rows of fixed heights, as on
  /// the lane's own overhead board.
  static let leagueOverhead = leagueOverheadPage(following: """
    const side = laneFromPath();
    const sideWords = { left: "left lane", right: "right lane" };
    const onWords = { left: "the left lane", right: "the right lane" };
    // The night's boards as they change, the current one first; the browser reconnects by
    // itself when the stream drops.
    const events = new EventSource("/league/events");
    events.addEventListener("league", event => render(JSON.parse(event.data)));
    events.onerror = () => { document.getElementById("link").textContent = "reconnecting"; };
    """)

  /// `/lanes/<lane>` of `lane display` for a lane bowling a league night on a pair: the
  /// same overhead board, drawn from the night in the lane's own boards
  /// (`/lanes/<lane>/events`, ``LaneBoard/night``), the lanes named by their ids.
  ///
  /// Once the lane's board holds no night (a session of its own started) the page loads
  /// again, and the server gives it the lane's own overhead board.
  static let centreLeagueOverhead = leagueOverheadPage(following: """
    const lane = laneFromPath();
    let side = "left";
    let sideWords = { left: "left lane", right: "right lane" };
    let onWords = sideWords;
    follow("/lanes/" + encodeURIComponent(lane) + "/events", board => {
      if (!board.night) { location.reload(); return; }
      const night = board.night;
      side = night.side;
      sideWords = { left: "lane " + night.left, right: "lane " + night.right };
      onWords = sideWords;
      render(night.board);
    });
    """)

  /// The league overhead page, its night read by `following` (a script that defines
  /// `side`, `sideWords` and `onWords` and calls `render` with each `LeagueBoard`).
  private static func leagueOverheadPage(following source: String) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>League night</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>\(style)
    html { font-size: min(1vh, 0.5625vw); }
    :root { --other: #0d1226; --team: #1d2547; }
    header { padding: 0.6rem 2rem; font-size: 3.2rem; border-bottom-width: 0.4rem; gap: 2rem; }
    header > span { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    header #title { flex: 1 1 auto; }
    header #game { font-size: 2.6rem; color: var(--dim); }
    header #up { color: var(--hi); }
    header .status { font-size: 2rem; }
    main { padding: 0.6rem 2rem 0; }
    #sheet { width: 100%; table-layout: fixed; }
    #sheet col.cn { width: 19%; }
    #sheet col.cf { width: 6.2%; }
    #sheet col.ct { width: 8.6%; }
    #sheet col.cs { width: 5.5%; }
    #sheet thead th { font-size: 2rem; height: 2.8rem; color: var(--dim); font-weight: normal; text-align: center; }
    #sheet td { border: 0.25rem solid var(--line); background: var(--cell); text-align: center; padding: 0; }
    #sheet tr.bowler { height: 6.4rem; }
    #sheet td.name { text-align: left; padding: 0 1rem; overflow: hidden; white-space: nowrap; }
    #sheet td.name .who { font-size: 2.8rem; line-height: 3.6rem; overflow: hidden; text-overflow: ellipsis; }
    #sheet td.name .tags { font-size: 1.7rem; line-height: 2.4rem; height: 2.4rem; color: var(--dim);
      overflow: hidden; text-overflow: ellipsis; }
    #sheet tr.up td.name { background: var(--hi); color: #000; }
    #sheet tr.up td.name .tags { color: #333; }
    #sheet tr.up-other td.name { box-shadow: inset 0.5rem 0 0 var(--dim); }
    #sheet tr.absent td.name .who, #sheet tr.vacancy td.name .who { color: var(--dim); font-style: italic; }
    #sheet td.blind { font-size: 2.2rem; color: var(--dim); font-style: italic; background: var(--other); }
    #sheet td.frame { vertical-align: top; }
    #sheet td.frame.other { background: var(--other); }
    #sheet td.frame.other .marks, #sheet td.frame.other .total { color: var(--dim); }
    #sheet td.frame.now { outline: 0.4rem solid var(--hi); outline-offset: -0.4rem; }
    #sheet td.frame.wrong { border-color: var(--split); }
    #sheet td.frame.missed .marks { color: var(--dim); }
    .box { position: relative; }
    .marks { display: flex; justify-content: flex-end; height: 3rem; }
    .marks span { flex: 0 0 40%; font-size: 2.5rem; line-height: 3rem; border-left: 0.2rem solid var(--line);
      border-bottom: 0.2rem solid var(--line); }
    .tenth .marks span { flex-basis: 33.3%; }
    .total { height: 3.4rem; font-size: 3rem; line-height: 3.4rem; font-weight: bold; overflow: hidden;
      white-space: nowrap; }
    .lanetag { position: absolute; left: 0.4rem; bottom: 0.2rem; font-size: 1.5rem; line-height: 1.5rem;
      color: var(--dim); }
    #sheet td.num { font-size: 2.6rem; font-weight: bold; }
    #sheet td.num.partial { color: var(--dim); }
    #sheet tr.teamrow { height: 4rem; }
    #sheet tr.teamrow th, #sheet tr.teamrow td { background: var(--team); }
    #sheet tr.teamrow th { font-size: 3rem; text-align: left; padding: 0 1rem; overflow: hidden;
      white-space: nowrap; text-overflow: ellipsis; border: 0.25rem solid var(--line); }
    #sheet tr.teamrow td.teamnote { font-size: 2.2rem; text-align: left; padding: 0 1rem; color: var(--dim); }
    #sheet tr.teamrow td.num { font-size: 2.8rem; }
    #standings { margin-top: 1rem; width: 100%; font-size: 2.2rem; }
    #standings th, #standings td { height: 3.2rem; padding: 0 1rem; border-bottom: 0.2rem solid var(--line);
      text-align: center; white-space: nowrap; }
    #standings th { color: var(--dim); font-weight: normal; }
    #standings .team { text-align: left; font-weight: bold; }
    #standings .shown { background: var(--team); }
    #standings .pending { color: var(--dim); }
    #standings .pts { color: var(--hi); font-size: 1.8rem; margin-left: 0.6rem; }
    #standings td.points { font-weight: bold; color: var(--hi); }
    #latencies { display: none; }
    </style></head>
    <body>
    <header><span id="title">League night</span><span id="game"></span><span id="up"></span>
    <span id="link" class="status">loading</span></header>
    <main><table id="sheet"><colgroup><col class="cn">
    <col class="cf"><col class="cf"><col class="cf"><col class="cf"><col class="cf">
    <col class="cf"><col class="cf"><col class="cf"><col class="cf"><col class="ct">
    <col class="cs"><col class="cs"><col class="cs"></colgroup>
    <thead><tr><th></th><th scope="col" data-frame="1">1</th><th scope="col" data-frame="2">2</th>
    <th scope="col" data-frame="3">3</th><th scope="col" data-frame="4">4</th><th scope="col" data-frame="5">5</th>
    <th scope="col" data-frame="6">6</th><th scope="col" data-frame="7">7</th><th scope="col" data-frame="8">8</th>
    <th scope="col" data-frame="9">9</th><th scope="col" data-frame="10">10</th>
    <th scope="col">Scr</th><th scope="col">Hcp</th><th scope="col">Tot</th></tr></thead></table>
    <table id="standings"><thead></thead><tbody></tbody></table></main>
    <pre id="latencies"></pre>
    <script>\(script)
    const points = p => (p % 1 ? (Math.floor(p) || "") + "\\u00bd" : String(p)) + (p === 1 ? " point" : " points");
    const known = value => value !== null && value !== undefined;
    // The game bowled on this lane now; once its turns are bowled, the other lane's, or the last.
    function shownGame(board) {
      const up = board.up.find(u => u.lane === side) || board.up[0];
      return up ? up.game : board.games;
    }
    function frameCell(frame, number, now) {
      const classes = ["frame"];
      if (number === 10) classes.push("tenth");
      const cell = el("td", { "data-frame": number });
      const box = el("div", { class: "box" });
      const marks = el("div", { class: "marks" });
      const symbols = frame ? (frame.missed ? ["\\u00b7", "\\u00b7"] : frame.marks) : [];
      for (let ball = 0; ball < (number === 10 ? 3 : 2); ball++) marks.appendChild(el("span", {}, symbols[ball] || ""));
      box.appendChild(marks);
      const total = frame && known(frame.cumulative) ? frame.cumulative : "";
      box.appendChild(el("div", { class: "total", "data-total": total }, total));
      if (frame) {
        cell.setAttribute("data-marks", symbols.join(" "));
        if (frame.lane) {
          cell.setAttribute("data-lane", frame.lane);
          if (frame.lane !== side) {
            classes.push("other");
            box.appendChild(el("span", { class: "lanetag", title: "bowled on " + onWords[frame.lane] },
              frame.lane === "left" ? "L" : "R"));
          }
        }
        if (frame.missed) classes.push("missed");
        if (frame.wrongLane) classes.push("wrong");
      }
      if (number === now) classes.push("now");
      cell.className = classes.join(" ");
      cell.appendChild(box);
      return cell;
    }
    function isBowling(up, team, bowler, game) {
      return Boolean(up) && up.team === team.name && up.bowler === bowler.name && up.game === game;
    }
    function bowlerRow(team, bowler, played, board) {
      const here = board.up.find(u => u.lane === side);
      const there = board.up.find(u => u.lane !== side);
      const upHere = isBowling(here, team, bowler, played.game);
      const upThere = isBowling(there, team, bowler, played.game);
      const classes = ["bowler"];
      if (upHere) classes.push("up");
      if (upThere) classes.push("up-other");
      if (played.absent) classes.push("absent");
      if (played.vacancy) classes.push("vacancy");
      const row = el("tr", { class: classes.join(" "), "data-bowler": bowler.name });
      const tags = [];
      if (played.absent) tags.push("absent");
      if (played.partial) tags.push("part of the game");
      if (played.frames.some(f => f.missed)) tags.push("late");
      if (known(played.provisional)) tags.push("provisional: " + played.provisional);
      if (upHere) tags.push("up, frame " + here.frame);
      if (upThere) tags.push("up on " + onWords[there.lane] + ", frame " + there.frame);
      const name = el("td", { class: "name" });
      name.appendChild(el("div", { class: "who" }, bowler.name));
      name.appendChild(el("div", { class: "tags" }, tags.join(" \\u00b7 ")));
      row.appendChild(name);
      if (played.absent || played.vacancy) {
        row.appendChild(el("td", { class: "blind", colspan: 10 },
          played.absent ? "Absent: the absentee score" : "Vacancy: the league's vacancy score"));
      } else {
        for (let number = 1; number <= 10; number++) {
          row.appendChild(frameCell(played.frames.find(f => f.number === number), number, upHere ? here.frame : null));
        }
      }
      const numbers = [["scratch", played.total], ["handicap", played.handicap], ["total", played.total + played.handicap]];
      for (const [kind, value] of numbers) {
        row.appendChild(el("td", { class: "num " + kind + (played.partial ? " partial" : ""), ["data-" + kind]: value }, value));
      }
      return row;
    }
    function teamBlock(team, game, board) {
      const body = el("tbody", { class: "team", "data-team": team.name });
      const score = team.games[game - 1];
      const head = el("tr", { class: "teamrow" });
      head.appendChild(el("th", { scope: "rowgroup" }, team.name));
      head.appendChild(el("td", { class: "teamnote", colspan: 10 },
        "Game " + game + (known(score.points) ? ": " + points(score.points) : "") +
        " \\u00b7 starts on " + onWords[team.startLane]));
      for (const [kind, value] of [["scratch", score.scratch], ["handicap", score.handicap], ["total", score.total]]) {
        head.appendChild(el("td", { class: "num " + kind, ["data-" + kind]: value }, value));
      }
      body.appendChild(head);
      for (const bowler of team.bowlers) {
        const played = bowler.games.find(g => g.game === game);
        if (played) body.appendChild(bowlerRow(team, bowler, played, board));
      }
      return body;
    }
    function scoreCell(score, shown, withPoints) {
      const cell = el("td", { class: (shown ? "shown " : "") + (score.complete ? "" : "pending"),
        "data-total": score.total }, score.scratch + " + " + score.handicap + " = " + score.total);
      if (withPoints && known(score.points)) cell.appendChild(el("span", { class: "pts" }, points(score.points)));
      return cell;
    }
    function standings(board, game) {
      const head = el("tr");
      head.appendChild(el("th", { class: "team" }, ""));
      for (let number = 1; number <= board.games; number++) head.appendChild(el("th", { scope: "col" }, "Game " + number));
      head.appendChild(el("th", { scope: "col" }, "Series"));
      head.appendChild(el("th", { scope: "col" }, "Points"));
      document.querySelector("#standings thead").replaceChildren(head);
      document.querySelector("#standings tbody").replaceChildren(...board.teams.map(team => {
        const row = el("tr", { "data-team": team.name });
        row.appendChild(el("th", { scope: "row", class: "team" }, team.name));
        team.games.forEach((score, index) => row.appendChild(scoreCell(score, index + 1 === game, true)));
        row.appendChild(scoreCell(team.series, false, false));
        // The series' points are the night's (its games' and its own); until the series is
        // complete, those of the games decided so far.
        const won = known(team.series.points) ? team.series.points :
          team.games.reduce((sum, score) => sum + (score.points || 0), 0);
        row.appendChild(el("td", { class: "points", "data-points": won }, points(won)));
        return row;
      }));
    }
    function render(board) {
      const game = shownGame(board);
      const sheet = document.getElementById("sheet");
      sheet.querySelectorAll("tbody").forEach(body => body.remove());
      for (const team of board.teams) sheet.appendChild(teamBlock(team, game, board));
      sheet.setAttribute("data-game", game);
      standings(board, game);
      document.getElementById("title").textContent = board.league;
      document.title = board.league + ": " + sideWords[side];
      document.getElementById("game").textContent = "Game " + game + " of " + board.games + " \\u00b7 " + sideWords[side];
      const here = board.up.find(u => u.lane === side);
      document.getElementById("up").textContent = here ? "Up: " + here.bowler + ", frame " + here.frame : "";
      const status = document.getElementById("link");
      status.textContent = board.complete ? "night complete" : "";
      status.className = "status";
    }
    \(source)</script></body></html>
    """
  }
}
