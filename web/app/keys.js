// Boardside's web app page: every keyboard types into the app's entries.
//
// Fyne's web driver (through its GLFW port) reads text only from keydown
// events whose key is one byte long, and calls preventDefault on every
// keydown. So a phone's keyboard types nothing (Android keyboards send
// keydown with key "Unidentified", keyCode 229, and deliver the text
// through input and composition events on the focused hidden input,
// #dummyEntry; iOS sends insertText), and a hardware keyboard drops every
// letter outside ASCII ("Jörg" became "Jrg").
//
// This script, loaded before the app, mends both in the page:
//   - keydown 229 ("Unidentified") is kept from the driver, so that
//     nothing cancels what the phone's keyboard does to the input;
//   - text that reaches #dummyEntry (typed, composed, corrected by
//     autocorrect, pasted with its lines, dictated, deleted) is handed
//     to the app's window.boardsideType(deleted, text): the app types it
//     into the focused entry as backspaces and letters;
//   - a hardware key that gives one letter outside ASCII, or a character
//     with AltGr or a Mac's Option, is typed the same way (ASCII letters
//     the driver types itself);
//   - the input is emptied once a piece of text is handed over, so
//     nothing piles up; while a word is being composed (a phone's
//     keyboard underlines it) it stays, so the keyboard can change it.
// And it tells an iPad by its touch points: iPadOS reports a Mac's user
// agent, and Fyne decides from the user agent, once as it starts, whether
// it runs on a mobile device, where its widgets behave as on a phone
// (tabs, forms, menus, no hover). (The driver focuses #dummyEntry for an
// entry on every device, a desktop's too.)
(() => {
  "use strict";

  // ---- an iPad is a mobile device ----
  const ua = navigator.userAgent;
  if (/Macintosh/.test(ua) && !/iPad|iPhone/.test(ua) && navigator.maxTouchPoints > 1) {
    try {
      Object.defineProperty(navigator, "userAgent", { value: ua + " iPad", configurable: true });
    } catch {
      // Not changeable here: Fyne lays the app out as on a desktop, and
      // types all the same (the keyboard opens for the hidden input).
    }
  }

  // ---- text from every keyboard ----

  // pending holds what was typed before the app was ready for it.
  let pending = [];
  function send(deleted, text) {
    if (!deleted && !text) return;
    if (typeof window.boardsideType !== "function") {
      pending.push([deleted, text]);
      return;
    }
    for (const [d, t] of pending) window.boardsideType(d, t);
    pending = [];
    window.boardsideType(deleted, text);
  }

  // The input as last handed over: the app's entry holds it already.
  let given = "";
  let composing = false;

  // handOver sends what changed in the input since it was last handed
  // over: the letters that differ at its end are deleted, the new ones
  // typed. A phone's keyboard changes the end of what it composes, so
  // the caret stays at the end.
  function handOver(input) {
    const was = Array.from(given);
    const now = Array.from(input.value);
    let same = 0;
    while (same < was.length && same < now.length && was[same] === now[same]) same++;
    send(was.length - same, now.slice(same).join(""));
    given = input.value;
    if (!composing && input.value !== "") {
      input.value = "";
      given = "";
    }
  }

  function watch(input) {
    input.addEventListener("compositionstart", () => { composing = true; });
    input.addEventListener("compositionend", () => {
      composing = false;
      handOver(input);
    });
    input.addEventListener("input", (e) => {
      composing = !!e.isComposing && composing;
      handOver(input);
    });
    // A delete where the input is empty changes nothing in it: the app
    // is told directly. Elsewhere the input event above sees the change.
    input.addEventListener("beforeinput", (e) => {
      if (input.value === "" && !composing && (e.inputType === "deleteContentBackward" || e.inputType === "deleteWordBackward")) {
        send(1, "");
        e.preventDefault();
      }
    });
    // A paste hands over the clipboard's text itself: the input, one
    // line, would join its lines, which a multi-line entry keeps.
    input.addEventListener("paste", (e) => {
      const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
      if (composing || !text) return; // the input's own paste, handed over as it changes
      e.preventDefault();
      send(0, text);
    });
    input.addEventListener("blur", () => {
      composing = false;
      input.value = "";
      given = "";
    });
  }

  // What a hardware key types that the driver drops: a letter outside
  // ASCII (the driver takes one-byte keys only), and a character typed
  // with a modifier it reads as a shortcut's (any but Shift): AltGr on
  // Windows, which reports it as Ctrl+Alt ("@", "{", "€" on a German
  // keyboard), and Option on a Mac ("@" and "{" there). A desktop's own
  // shortcuts (Ctrl, Cmd, Alt elsewhere) give the key's letter, not text.
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  function dropped(e) {
    const cps = Array.from(e.key || "");
    if (cps.length !== 1 || e.metaKey) return false;
    if (e.getModifierState && e.getModifierState("AltGraph") && (e.ctrlKey || e.altKey)) return true;
    if (mac && e.altKey && !e.ctrlKey) return true;
    return !e.ctrlKey && cps[0].codePointAt(0) > 0x7e;
  }

  addEventListener("keydown", (e) => {
    if (e.isComposing || e.keyCode === 229 || e.key === "Unidentified" || e.key === "Process") {
      // The phone's keyboard is at work on the input: not the driver's.
      e.stopImmediatePropagation();
      return;
    }
    if (dropped(e)) {
      send(0, e.key); // the driver still sees the key, but types nothing for it
    }
  }, { capture: true });

  function start() {
    const input = document.getElementById("dummyEntry");
    if (input) watch(input);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
