// Command boardside is the Boardside app: a companion that sits beside a
// board game and takes over its timers, decks, secret consoles and scoring.
//
// With no arguments it opens the window. "boardside serve --game NAME"
// shares a game from a laptop without a window.
package main

import (
	"fmt"
	"os"
	"strings"

	"boardside/app"
	"boardside/app/catalog"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "serve":
			if err := serve(os.Args[2:], os.Stdout); err != nil {
				fmt.Fprintln(os.Stderr, "boardside serve:", err)
				os.Exit(2)
			}
			return
		case "score":
			if err := score(os.Args[2:], os.Stdout); err != nil {
				fmt.Fprintln(os.Stderr, "boardside score:", strings.TrimPrefix(err.Error(), "usage: "))
				os.Exit(2)
			}
			return
		case "version", "--version", "-version":
			fmt.Printf("%s %s (build %d)\n", app.Name, app.Version, app.Build)
			return
		default:
			fmt.Fprintf(os.Stderr, "boardside: unknown command %q\nUsage: boardside [version | serve --game marsmaze|missioncontrol|adele | score aquasphere [--json] SHEET.json]\n", os.Args[1])
			os.Exit(2)
		}
	}
	app.Run(catalog.Games())
}
