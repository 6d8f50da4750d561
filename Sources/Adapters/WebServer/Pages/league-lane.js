"use strict";
// Follows the lane's own boards (/lanes/<lane>/events) for a lane bowling a league
// night on a pair under lane display; once its board holds no night, the page loads again
// and the server gives it the lane's own overhead board.
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
