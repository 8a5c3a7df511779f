// Package app is Boardside's shell, built with Fyne: the window, the home
// screen, settings, the game bar, sharing and joining a table, history,
// the widgets and layouts the games' screens share, themes, sounds and
// translations. Each game's screens are a package under app/ (as each
// game's rules are under companion/) and meet the shell through Game;
// app/catalog lists them. Screens only dispatch actions to a
// companion.Session and render what it holds; no game rule lives here.
//
// Files that differ by platform come in pairs named for where they run:
// name_native.go (a desktop or a phone's own build, //go:build !js) and
// name_web.go (the browser build, //go:build js); the GLFW window's own
// code is name_desktop.go beside name_nodesktop.go (phones, browsers and
// tests). everyframe_on.go and everyframe_off.go are the measuring build's
// tag (bench/cpubench), not a platform.
package app
