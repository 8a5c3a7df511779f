// Package app is Boardside's shell, built with Fyne: the window, the home
// screen, settings, the game bar, sharing and joining a table, history,
// the widgets and layouts the games' screens share, themes, sounds and
// translations. Each game's screens are a package under app/ (as each
// game's rules are under companion/) and meet the shell through Game;
// app/catalog lists them. Screens only dispatch actions to a
// companion.Session and render what it holds; no game rule lives here.
package app
