"use strict";
// Follows /league/events for /league/left and /league/right of lane run or lane
// simulate --league.
const side = laneFromPath();
const sideWords = { left: "left lane", right: "right lane" };
const onWords = { left: "the left lane", right: "the right lane" };
// The night's boards as they change, the current one first; the browser reconnects by
// itself when the stream drops.
const events = new EventSource("/league/events");
events.addEventListener("league", event => render(JSON.parse(event.data)));
events.onerror = () => { document.getElementById("link").textContent = "reconnecting"; };
