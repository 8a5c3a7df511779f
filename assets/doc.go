// Package assets embeds Boardside's files: the app icon, translations,
// the licences of the libraries built into the binary, and (as the games
// arrive) their data files, sounds and the web viewer served to phones.
package assets
