// Package marsmaze is Boardside's companion for Magic Maze on Mars: the
// sand timer that players flip, the hourglass markers a mission allows,
// the talk window that opens after each flip or joker, the colonists'
// landing (no more flips), the optional expert rule and the solo
// stopwatch whose "Do something!" pawn may move only at XX:X0.
package marsmaze
