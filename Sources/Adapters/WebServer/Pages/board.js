"use strict";
// Every page's helpers: the event stream that reconnects, the latency record, el().
// The pages write every text a lane or a user gave with textContent, never as markup.
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
