// Package kit is what a game's screen is built from, below both the shell
// (app) and the games (app/<game>): the widgets and layouts (digits, the
// split and timer layouts, fill-scroll, number entry and its keypad, the
// slide lock, card ink, the theme, sounds, errors in the player's words)
// and the game screen's frame (the game bar, Acts and its tap guard, Live
// refresh, alerts and signals, the record panel at a game's end, the
// joined screen and its bar, and Game, a game as the home screen lists
// it).
//
// A game gets a Window from the shell: the window's few services, the
// bar's Menu and the played games (Plays). It cannot reach the shell
// itself, so it cannot drive the window; and the kit imports no package of
// the shell or of a game.
//
// A joined screen never waits for the network on the Fyne goroutine: its
// actions go to the host in the background, one at a time per device
// (InFlight), while the screen stays live.
//
// everyframe_on.go and everyframe_off.go are the measuring build's tag
// (bench/cpubench), not a platform; keypad_web.go and keypad_native.go are
// the browser's and a program's keyboards.
package kit
