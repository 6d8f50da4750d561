"use strict";
// A lane's finished games (/lanes/<lane>/games): read again from
// /api/lanes/<lane>/games each time a game finishes.
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
