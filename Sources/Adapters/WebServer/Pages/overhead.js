"use strict";
// The lane's overhead board (/lanes/<lane>): every bowler's frames, who is up, the pin
// deck, from the lane's event stream.
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
  document.getElementById("game").textContent = up ? "Game " + up.game.number + " \u00b7 " + statusWords[board.status] : "";
  drawDeck(board.deck);
  const frames = up ? up.game.frames : [];
  const last = frames.length ? frames[frames.length - 1] : null;
  const frame = !last ? 1 : (last.number === 10 || last.balls.length === 1 && last.balls[0].mark !== "X" ? last.number : last.number + 1);
  document.getElementById("up").textContent = !up || up.game.isComplete ? "" :
    "Up: " + (up.name || "Bowler " + (board.currentBowler + 1)) + ", frame " + frame;
  document.getElementById("notice").textContent = board.notice || "";
}
follow("/lanes/" + encodeURIComponent(lane) + "/events", render);
