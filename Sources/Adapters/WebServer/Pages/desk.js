"use strict";
// The boards' desk (/): every lane from /events, a pair bowling a league night over the
// centre's broker in one row for both its lanes.
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
const points = p => (p % 1 ? (Math.floor(p) || "") + "\u00bd" : String(p)) + (p === 1 ? " point" : " points");
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
    if (index) name.appendChild(document.createTextNode(" \u00b7 "));
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
