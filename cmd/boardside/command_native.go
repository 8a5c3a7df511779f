//go:build !js

package main

import (
	"fmt"
	"os"
	"strings"

	"boardside/app"
)

// command runs the command args names and exits with status 2 when it fails.
func command(args []string) {
	switch args[0] {
	case "serve":
		if err := serve(args[1:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "boardside serve:", err)
			os.Exit(2)
		}
	case "score":
		if err := score(args[1:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "boardside score:", strings.TrimPrefix(err.Error(), "usage: "))
			os.Exit(2)
		}
	case "plays":
		if err := playLog(args[1:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "boardside plays:", strings.TrimPrefix(err.Error(), "usage: "))
			os.Exit(2)
		}
	case "version", "--version", "-version":
		fmt.Printf("%s %s (build %d)\n", app.Name, app.Version, app.Build)
	default:
		fmt.Fprintf(os.Stderr, "boardside: unknown command %q\nUsage: boardside [version | serve --game %s | score aquasphere [--json] SHEET.json | plays [--data DIR] [--json | --csv | --bgstats N]]\n", args[0], hostableIDs("|", "|"))
		os.Exit(2)
	}
}
