// Boardside's quick viewer: draws a QR code to show full screen, for the
// host's camera to read (a guest's answer when a browser hosts the table
// over WebRTC). Needs qrcode.js (qrcode-generator) loaded first; the page
// loads both only when it has a code to show.
//
// boardsideQR(text) returns an <svg> element's markup: the code at error
// correction level M, black modules on white with a quiet zone of 4
// modules, as the standard asks (a camera finds the code by its edge).
// The SVG has a viewBox and fills the box it is put in (width and height
// 100 %), staying square and centred; crispEdges keeps the modules' edges
// sharp at any size, with no seam between neighbours.
(() => {
  "use strict";
  const QUIET = 4;

  function boardsideQR(text) {
    // Text outside ASCII goes as UTF-8, as cameras and jsQR read it (the
    // library's default keeps only each character's low byte).
    qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
    const qr = qrcode(0, "M"); // 0: the smallest version that holds the text
    qr.addData(String(text), "Byte");
    qr.make();
    const n = qr.getModuleCount();
    const size = n + 2 * QUIET;
    // One path, one rectangle per run of dark modules in a row: a few KB
    // where a rectangle per module would be tens.
    let d = "";
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; ) {
        if (!qr.isDark(row, col)) { col++; continue; }
        const from = col;
        while (col < n && qr.isDark(row, col)) col++;
        d += `M${from + QUIET} ${row + QUIET}h${col - from}v1h-${col - from}z`;
      }
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="100%" height="100%"` +
      ` shape-rendering="crispEdges" role="img" aria-label="QR code">` +
      `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
  }

  globalThis.boardsideQR = boardsideQR;
})();
