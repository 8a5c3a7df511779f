// Package app is Boardside's user interface, built with Fyne: the window,
// the screens (one file each), themes and translations. Screens only
// dispatch actions to a companion.Session and render what it holds; no
// game rule lives here.
package app
