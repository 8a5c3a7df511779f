// Boardside's WebRTC link, for a table a browser hosts: no server, no
// internet, one data channel per device, signalled by two QR codes.
//
// The host's code is a link to the quick viewer with its offer packed in
// the fragment; the device answers with a code the host scans. Both carry
// only what differs between two data-channel descriptions (the ICE
// username and password, the certificate's fingerprint, the host
// candidates); the rest of each description is the same template, built
// again here. The fingerprint is what admits a device: the channel's
// encryption checks it, and only the host's camera ever saw it.
//
// The table's requests and states then travel as frames on the channel
// (companion/share, frames.go): the same API as the host's HTTP one.
// Loaded by the quick viewer when it joins a browser-hosted table, and by
// the web app when it hosts one or joins one (joinRaw). Defines
// globalThis.BoardsideRTC.
"use strict";
(function () {
  const OFFER = 1, ANSWER = 2;
  // How long the descriptions' addresses may take to gather: about 0.3 s
  // on a quiet phone, seconds on a busy one; what is gathered by then goes.
  const GATHER_MS = 4000;
  const CHANNEL = { negotiated: true, id: 0, ordered: true };

  // ---- the codes ----
  function b64url(bytes) {
    let s = "";
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function unb64url(s) {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  const hex = (b) => b.toString(16).padStart(2, "0").toUpperCase();

  // parseAddr turns a candidate's address into [kind, bytes]: 4 (IPv4),
  // 6 (IPv6) or 109 ("m": an mDNS name, a UUID + .local).
  function parseAddr(a) {
    let m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
    if (m) return [4, m.slice(1).map(Number)];
    m = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(a);
    if (m) return [109, m.slice(1).join("").match(/../g).map((h) => parseInt(h, 16))];
    // A link-local IPv6 address needs its interface named: no use to another device.
    if (a.includes(":") && !a.includes("%") && !/^fe80:/i.test(a)) {
      const [head, tail] = a.split("::");
      const h = head ? head.split(":") : [], t = tail !== undefined && tail ? tail.split(":") : [];
      if (h.length + t.length > 8 || h.concat(t).some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
      const groups = h.concat(Array(8 - h.length - t.length).fill("0"), t);
      return [6, groups.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 255]; })];
    }
    return null; // another name: not one a device could find
  }
  function formatAddr(kind, b) {
    if (kind === 4) return b.join(".");
    if (kind === 6) {
      const g = [];
      for (let i = 0; i < 16; i += 2) g.push(((b[i] << 8) | b[i + 1]).toString(16));
      return g.join(":");
    }
    const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20) + ".local";
  }

  // fields reads what a packed code carries from a description.
  function fields(sdp) {
    const get = (re) => { const m = re.exec(sdp); if (!m) throw new Error("the description has no " + re.source); return m[1]; };
    const f = {
      ufrag: get(/a=ice-ufrag:(\S+)/),
      pwd: get(/a=ice-pwd:(\S+)/),
      fp: get(/a=fingerprint:sha-256 ([0-9A-Fa-f:]+)/).split(":").map((h) => parseInt(h, 16)),
      cands: [],
    };
    const seen = new Set();
    for (const m of sdp.matchAll(/a=candidate:\S+ (\d+) (\S+) \d+ (\S+) (\d+) typ host/g)) {
      if (m[1] !== "1" || m[2].toLowerCase() !== "udp") continue; // one component; UDP is what phones use
      const addr = parseAddr(m[3]), key = m[3] + " " + m[4];
      if (!addr || seen.has(key)) continue;
      seen.add(key);
      f.cands.push({ kind: addr[0], addr: addr[1], port: Number(m[4]) });
    }
    return f;
  }

  // pack writes a code: kind, the offer's ufrag (answers: which offer it
  // answers), ufrag, pwd, fingerprint, and each candidate's kind, address
  // and port.
  function pack(kind, f, tag) {
    const out = [kind];
    const str = (s) => { out.push(s.length); for (const c of s) out.push(c.charCodeAt(0)); };
    str(tag || "");
    str(f.ufrag);
    str(f.pwd);
    out.push(...f.fp);
    const cands = f.cands.slice(0, 8);
    out.push(cands.length);
    for (const c of cands) out.push(c.kind, ...c.addr, c.port >> 8, c.port & 255);
    return b64url(out);
  }
  function unpack(code) {
    const b = unb64url(code);
    let i = 0;
    const need = (n) => { if (i + n > b.length) throw new Error("the code is cut short"); };
    const byte = () => { need(1); return b[i++]; };
    const str = () => { const n = byte(); need(n); const s = String.fromCharCode(...b.slice(i, i + n)); i += n; return s; };
    const f = { kind: byte() };
    if (f.kind !== OFFER && f.kind !== ANSWER) throw new Error("not a table's code");
    f.tag = str(); f.ufrag = str(); f.pwd = str();
    need(32); f.fp = Array.from(b.slice(i, i + 32)); i += 32;
    f.cands = [];
    for (let n = byte(); n > 0; n--) {
      const kind = byte(), len = kind === 4 ? 4 : 16;
      if (kind !== 4 && kind !== 6 && kind !== 109) throw new Error("not a table's code");
      need(len + 2);
      f.cands.push({ kind, addr: Array.from(b.slice(i, i + len)), port: (b[i + len] << 8) | b[i + len + 1] });
      i += len + 2;
    }
    return f;
  }

  // description builds a data-channel description from a code's fields.
  function description(f, type) {
    const l = [
      "v=0", "o=- " + String(Math.floor(Math.random() * 1e15)) + " 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
      "a=group:BUNDLE 0", "a=msid-semantic: WMS",
      "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
      "a=ice-ufrag:" + f.ufrag, "a=ice-pwd:" + f.pwd, "a=ice-options:trickle",
      "a=fingerprint:sha-256 " + f.fp.map(hex).join(":"),
      "a=setup:" + (type === "offer" ? "actpass" : "active"),
      "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
    ];
    f.cands.forEach((c, n) => l.push("a=candidate:" + (n + 1) + " 1 udp " + (2122260223 - n) + " " + formatAddr(c.kind, c.addr) + " " + c.port + " typ host generation 0"));
    l.push("a=end-of-candidates");
    return { type, sdp: l.join("\r\n") + "\r\n" };
  }

  // gathered waits until the connection knows its addresses, or GATHER_MS.
  function gathered(pc) {
    return new Promise((done) => {
      if (pc.iceGatheringState === "complete") return done();
      const t = setTimeout(done, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(t); done(); }
      });
    });
  }

  // watch tells gone once, when the channel closes or the connection fails.
  function watch(pc, dc, gone) {
    let told = false;
    const tell = () => { if (!told) { told = true; gone(); } };
    dc.addEventListener("close", tell);
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") tell();
    });
  }

  // ---- the host ----
  // newHost makes the host's side. events: { open(id), message(id, text),
  // close(id) }, called as each device's channel opens, speaks, closes.
  function newHost(events) {
    const peers = new Map(); // id → { pc, dc, ufrag, state }
    let next = 0;
    return {
      // offer makes a new connection for one device and returns its id and
      // code; link(base) is the viewer's address with the code.
      async offer() {
        const pc = new RTCPeerConnection({ iceServers: [] });
        const dc = pc.createDataChannel("table", CHANNEL);
        const id = "d" + (++next);
        const p = { pc, dc, state: "waiting" };
        peers.set(id, p);
        dc.onopen = () => { p.state = "open"; events.open(id); };
        dc.onmessage = (e) => events.message(id, typeof e.data === "string" ? e.data : "");
        watch(pc, dc, () => { const was = p.state; p.state = "gone"; if (was === "open") events.close(id); });
        await pc.setLocalDescription(await pc.createOffer());
        await gathered(pc);
        const f = fields(pc.localDescription.sdp);
        p.ufrag = f.ufrag;
        return { id, code: pack(OFFER, f), candidates: f.cands.length };
      },
      // accept takes a device's answer code and returns the id of the offer
      // it answers; it throws with plain words for a code that is not one.
      async accept(code) {
        let f;
        try { f = unpack(code.trim()); } catch (e) { throw new Error("not-a-code"); }
        if (f.kind !== ANSWER) throw new Error("an-offer");
        for (const [id, p] of peers) {
          if (p.ufrag !== f.tag) continue;
          if (p.state !== "waiting") throw new Error("used");
          p.state = "answered";
          await p.pc.setRemoteDescription(description(f, "answer"));
          return id;
        }
        throw new Error("unknown");
      },
      send(id, text) {
        const p = peers.get(id);
        if (!p || p.dc.readyState !== "open") return false;
        try { p.dc.send(text); return true; } catch (e) { return false; }
      },
      state(id) { const p = peers.get(id); return p ? p.state : "gone"; },
      close(id) { const p = peers.get(id); if (p) { p.pc.close(); peers.delete(id); } },
      closeAll() { for (const id of peers.keys()) this.close(id); },
    };
  }

  // ---- a device joining ----
  // join answers the host's code and returns { answer, link }: the answer's
  // code to show the host, and the link to the table, whose opened promise
  // settles once the host has scanned the answer.
  async function join(code) {
    const { pc, dc, answer } = await answerOffer(code);
    return { answer, link: newLink(pc, dc) };
  }

  // answerOffer makes the device's connection for the host's code, and the
  // answer's code.
  async function answerOffer(code) {
    const f = unpack(code.trim());
    if (f.kind !== OFFER) throw new Error("not an offer");
    const pc = new RTCPeerConnection({ iceServers: [] });
    const dc = pc.createDataChannel("table", CHANNEL);
    await pc.setRemoteDescription(description(f, "offer"));
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    return { pc, dc, answer: pack(ANSWER, fields(pc.localDescription.sdp), f.ufrag) };
  }

  // joinRaw answers the host's code as join does, for a page that speaks
  // the table's frames itself (the web app: companion/share's
  // FrameTransport). events: { open(), message(text), close() }, called as
  // the channel opens (once the host has scanned the answer), speaks and
  // closes. It returns { answer, channel }: channel.send(text) says whether
  // the frame went, channel.close() ends the connection.
  async function joinRaw(code, events) {
    const { pc, dc, answer } = await answerOffer(code);
    dc.onopen = () => events.open();
    dc.onmessage = (e) => events.message(typeof e.data === "string" ? e.data : "");
    watch(pc, dc, () => events.close());
    const channel = {
      send(text) {
        if (dc.readyState !== "open") return false;
        try { dc.send(text); return true; } catch (e) { return false; }
      },
      close() { pc.close(); },
    };
    return { answer, channel };
  }

  // newLink speaks the table's frames on a device's channel: request(method,
  // path, body) resolves to { status, body } as fetch would; onstate and
  // onclose are set by the page.
  function newLink(pc, dc) {
    const waiting = new Map();
    let next = 0;
    const link = {
      onstate: null, onclose: null, closed: false,
      opened: new Promise((done, fail) => {
        dc.addEventListener("open", done);
        watch(pc, dc, () => fail(new Error("closed")));
      }),
      request(method, path, body) {
        if (dc.readyState !== "open") return Promise.reject(new Error("the table's channel is not open"));
        const id = ++next;
        const frame = { id, method, path };
        if (body !== undefined) frame.body = body;
        return new Promise((done, fail) => {
          waiting.set(id, { done, fail });
          try { dc.send(JSON.stringify(frame)); } catch (e) { waiting.delete(id); fail(e); }
        });
      },
      close() { pc.close(); },
    };
    dc.onmessage = (e) => {
      let f;
      try { f = JSON.parse(e.data); } catch (err) { return; }
      if (f.event === "state") { if (link.onstate) link.onstate(f.data); return; }
      const w = waiting.get(f.id);
      if (w) { waiting.delete(f.id); w.done({ status: f.status, body: f.body }); }
    };
    watch(pc, dc, () => {
      link.closed = true;
      for (const w of waiting.values()) w.fail(new Error("the table's channel closed"));
      waiting.clear();
      if (link.onclose) link.onclose();
    });
    return link;
  }

  globalThis.BoardsideRTC = { newHost, join, joinRaw, pack, unpack, fields, description };
})();
