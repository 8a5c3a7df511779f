// Package app is Boardside's shell, built with Fyne: the window, the home
// screen, settings, sharing and joining a table, history, played games,
// and the platform's part (storage, wake lock, the keyboard in a browser).
// Each game's screens are a package under app/ (as each game's rules are
// under companion/), listed by app/catalog, and built from app/kit, which
// the shell builds on too. The shell hands a game a kit.Window (gamewindow.go):
// the window's few services, the game bar's menu and the played games,
// never the UI itself. Screens only dispatch actions to a
// companion.Session and render what it holds; no game rule lives here.
//
// ui.go holds the UI type, start.go builds it at start-up and navigate.go
// moves between screens.
//
// Files that differ by platform come in pairs named for where they run:
// name_native.go (a desktop or a phone's own build, //go:build !js) and
// name_web.go (the browser build, //go:build js); the GLFW window's own
// code is name_desktop.go beside name_nodesktop.go (phones, browsers and
// tests).
package app
