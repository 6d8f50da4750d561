"use strict";
// The clerk's page (the signed-in desk's /): every lane from /events, and the chosen
// lane's actions, each sent to /api/lanes/<lane>/commands with the session's CSRF token.
const boards = new Map();
const byLane = (a, b) => a.localeCompare(b, undefined, { numeric: true });
let csrf = "";
let chosen = null;
const knocked = new Set();
// What a lane is doing, for the clerk: offline, fault, league, open play or free.
function stateOf(board) {
  if (board.online === false) return "offline";
  if (board.faults.length) return "fault";
  if (board.night) return "league";
  const bowled = board.bowlers.some(b => b.game.frames.length || b.finishedTotals.length);
  return bowled ? "open play" : "free";
}
function laneRow(board) {
  const state = stateOf(board);
  const row = el("tr", { "data-lane": board.lane, "data-state": state, class: board.lane === chosen ? "chosen" : "" });
  row.appendChild(el("td", { class: "lane" }, board.lane));
  row.appendChild(el("td", { class: "state-" + state.replace(" ", "-") }, state));
  const bowlers = el("td");
  if (board.night) nightCell(board.night).forEach(line => bowlers.appendChild(line));
  board.bowlers.forEach((bowler, index) => {
    const frames = bowler.game.frames;
    const frame = frames.length ? frames[frames.length - 1].number : 0;
    bowlers.appendChild(el("div", { class: index === board.currentBowler ? "up" : "", "data-bowler": index,
      "data-score": bowler.game.total },
      (bowler.name || "Bowler " + (index + 1)) + ": game " + bowler.game.number + ", frame " + frame + ", " +
      bowler.game.total));
  });
  row.appendChild(bowlers);
  row.appendChild(faultsCell(board));
  row.addEventListener("click", () => choose(board.lane));
  return row;
}
// A lane of a pair on a league night: the league and the pair, who is up on this lane,
// and each team's game as it stands (with handicap).
function nightCell(night) {
  const lines = [el("div", {}, night.board.league + " on " + night.left + "+" + night.right)];
  night.board.up.filter(up => up.lane === night.side).forEach(up => lines.push(
    el("div", { class: "up" }, up.bowler + " (" + up.team + "): game " + up.game + ", frame " + up.frame)));
  night.board.teams.forEach(team => {
    const game = team.games.find(score => !score.complete) || team.games[team.games.length - 1];
    const total = game ? game.total : 0;
    lines.push(el("div", { "data-team": team.name, "data-score": total }, team.name + ": " + total));
  });
  return lines;
}
// Each fault of the lane, with who acknowledged it or a button to.
function faultsCell(board) {
  const cell = el("td", { class: "faults" });
  board.faults.forEach(fault => {
    const seen = acknowledged.get(board.lane + "\n" + fault);
    const line = el("div", { class: seen ? "seen" : "", "data-fault": fault }, fault);
    if (seen) {
      line.appendChild(el("span", { class: "by" }, " (seen by " + seen.by + " at " + seen.at.slice(11, 16) + ")"));
    } else {
      const button = el("button", { type: "button", class: "acknowledge" }, "Acknowledge");
      button.addEventListener("click", event => { event.stopPropagation(); acknowledge(board.lane, fault); });
      line.appendChild(button);
    }
    cell.appendChild(line);
  });
  return cell;
}
// The acknowledgements, by lane and fault, to who and when, read again when faults change.
const acknowledged = new Map();
async function readAcknowledged() {
  const response = await fetch("/api/faults", { cache: "no-store" });
  if (!response.ok) return;
  acknowledged.clear();
  for (const seen of await response.json()) acknowledged.set(seen.lane + "\n" + seen.fault, seen);
  draw();
}
async function acknowledge(lane, fault) {
  const response = await fetch("/api/lanes/" + encodeURIComponent(lane) + "/faults/acknowledge", {
    method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify({ fault }), cache: "no-store" });
  if (response.status === 401) { location.href = "/login"; return; }
  await readAcknowledged();
}
function draw() {
  const rows = [...boards.keys()].sort(byLane).map(id => laneRow(boards.get(id)));
  document.querySelector("#lanes tbody").replaceChildren(...rows);
}
function choose(lane) {
  chosen = lane;
  document.getElementById("panel").hidden = false;
  document.getElementById("chosen").textContent = lane;
  document.getElementById("overhead").href = "/lanes/" + encodeURIComponent(lane);
  const reply = document.getElementById("reply");
  reply.textContent = ""; reply.className = "";
  knocked.clear();
  drawDeck();
  draw();
}
// The pin deck as the bowler sees it, 7-10 at the back, 1 at the front.
function drawDeck() {
  const deck = document.getElementById("deck");
  const cells = [];
  const rows = [[7, 8, 9, 10], [4, 5, 6], [2, 3], [1]];
  rows.forEach((pins, depth) => {
    for (let column = 0; column < 7; column++) {
      const pin = (column - depth) % 2 === 0 ? pins[(column - depth) / 2] : undefined;
      if (pin === undefined) { cells.push(el("span")); continue; }
      const button = el("button", { type: "button", "data-pin": pin, class: knocked.has(pin) ? "down" : "",
        "aria-pressed": knocked.has(pin) ? "true" : "false" }, pin);
      button.addEventListener("click", () => {
        if (knocked.has(pin)) knocked.delete(pin); else knocked.add(pin);
        drawDeck();
      });
      cells.push(button);
    }
  });
  deck.replaceChildren(...cells);
}
// Sends the chosen lane a command and shows its reply (or why it was not sent) in #reply.
async function send(command) {
  const reply = document.getElementById("reply");
  if (!chosen) return;
  reply.textContent = "sending…"; reply.className = "";
  try {
    const response = await fetch("/api/lanes/" + encodeURIComponent(chosen) + "/commands", {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(command), cache: "no-store" });
    if (response.status === 401) { location.href = "/login"; return; }
    if (!response.ok) {
      reply.textContent = "not sent (" + response.status + "): " + (await response.text()).trim();
      reply.className = "refused";
      return;
    }
    const answer = await response.json();
    reply.textContent = (answer.ok ? "done: " : "") + answer.message;
    reply.className = answer.ok ? "ok" : "refused";
    if (answer.ok && command.correction === "pins") { knocked.clear(); drawDeck(); }
  } catch (error) {
    reply.textContent = "not sent: " + error; reply.className = "refused";
  }
}
const on = (id, make) => document.getElementById(id).addEventListener("click", () => send(make()));
on("start-session", () => ({ action: "start-session",
  bowlers: document.getElementById("bowlers").value.split(",").map(s => s.trim()).filter(Boolean) }));
on("end-session", () => ({ action: "end-session" }));
on("set-pins", () => ({ action: "correct", correction: "pins", pins: [...knocked].sort((a, b) => a - b) }));
on("foul", () => ({ action: "correct", correction: "foul" }));
on("no-foul", () => ({ action: "correct", correction: "no-foul" }));
on("dead-ball", () => ({ action: "correct", correction: "dead-ball" }));
on("undo", () => ({ action: "correct", correction: "undo" }));
on("send-league", () => ({ action: "league", command: document.getElementById("league-command").value,
  why: document.getElementById("league-why").value }));
on("start-league", () => ({ action: "start-league", night: document.getElementById("night").value }));
// A night file chosen, or the records' roster asked for, fills the night's text.
document.getElementById("night-file").addEventListener("change", async event => {
  const file = event.target.files[0];
  if (file) document.getElementById("night").value = await file.text();
});
document.getElementById("roster").addEventListener("click", async () => {
  const reply = document.getElementById("reply");
  const league = document.getElementById("roster-league").value.trim();
  const response = await fetch("/api/leagues/next-night?league=" + encodeURIComponent(league), { cache: "no-store" });
  if (response.status === 401) { location.href = "/login"; return; }
  if (!response.ok) {
    reply.textContent = "no night (" + response.status + "): " + (await response.text()).trim();
    reply.className = "refused";
    return;
  }
  document.getElementById("night").value = await response.text();
  reply.textContent = ""; reply.className = "";
});
document.getElementById("sign-out").addEventListener("click", async () => {
  await fetch("/logout", { method: "POST", headers: { "X-CSRF-Token": csrf } });
  location.href = "/login";
});
async function start() {
  const response = await fetch("/api/session", { cache: "no-store" });
  if (!response.ok) { location.href = "/login"; return; }
  const session = await response.json();
  csrf = session.csrf;
  document.getElementById("who").textContent = session.user + " (" + session.role + ")";
  document.getElementById("records").hidden = session.role !== "manager";
  document.body.dataset.ready = "true";
  follow("/events", board => {
    const before = boards.get(board.lane);
    boards.set(board.lane, board);
    draw();
    if (JSON.stringify(before ? before.faults : []) !== JSON.stringify(board.faults)) readAcknowledged();
  });
}
start();
