"use strict";
// A league night's overhead board above one lane of the pair, drawn from a LeagueBoard:
// the game bowled on the lane now, both teams, every bowler's frames wherever they were
// bowled (a frame of the other lane dimmer and tagged L or R), and each team's games.
// The follower loaded after it (league-pair.js or league-lane.js) defines side,
// sideWords and onWords and calls render with each board.
const points = p => (p % 1 ? (Math.floor(p) || "") + "\u00bd" : String(p)) + (p === 1 ? " point" : " points");
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
  const symbols = frame ? (frame.missed ? ["\u00b7", "\u00b7"] : frame.marks) : [];
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
  name.appendChild(el("div", { class: "tags" }, tags.join(" \u00b7 ")));
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
    " \u00b7 starts on " + onWords[team.startLane]));
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
  document.getElementById("game").textContent = "Game " + game + " of " + board.games + " \u00b7 " + sideWords[side];
  const here = board.up.find(u => u.lane === side);
  document.getElementById("up").textContent = here ? "Up: " + here.bowler + ", frame " + here.frame : "";
  const status = document.getElementById("link");
  status.textContent = board.complete ? "night complete" : "";
  status.className = "status";
}
