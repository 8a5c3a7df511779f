// Command boardside is the Boardside app: a companion that sits beside a
// board game and takes over its timers, decks, secret consoles and scoring.
//
// With no arguments it opens the window. "boardside serve --game NAME"
// shares a game from a laptop without a window (command_native.go). In a browser
// it is the web app, which has no command line.
package main

import (
	"os"

	"boardside/app"
	"boardside/app/catalog"
)

func main() {
	if len(os.Args) > 1 {
		os.Exit(command(os.Args[1:], os.Stdout, os.Stderr))
	}
	app.Run(catalog.Games())
}
