// Package companion is Boardside's table: a session holds one game's state,
// changes it only through validated actions, keeps a log and an undo stack,
// and saves itself atomically after every accepted action.
//
// The per-game rules live in sub-packages (companion/missioncontrol,
// companion/marsmaze, …) and sharing in companion/share. Nothing here
// imports a UI toolkit: the app, the share server and tests all drive a
// game the same way, through Session.Dispatch.
package companion
