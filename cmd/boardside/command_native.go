//go:build !js

package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"boardside/app"
)

// usage is what `boardside help` prints: every command, one line each.
func usage() string {
	return `Usage:
  boardside                    open the app's window
  boardside serve --game GAME  host a game for the table without a window (GAME: ` + hostableIDs(", ", " or ") + `)
  boardside score aquasphere [--json] SHEET.json
                               score an AquaSphere sheet
  boardside plays [--data DIR] [--json | --csv | --bgstats N]
                               list the played games, or export them
  boardside version            print the version
  boardside help [COMMAND]     print this, or a command's flags (as does COMMAND --help)
`
}

// commands are the command line's commands, by name.
var commands = map[string]func(args []string, out io.Writer) error{
	"serve": serve,
	"score": score,
	"plays": playLog,
}

// command runs the command args names, writing to stdout and stderr as a
// shell expects, and returns the exit status: 0 when it worked or help
// was asked for, 2 for a command line it does not understand (it says
// what, and prints the usage) or a command that failed.
func command(args []string, stdout, stderr io.Writer) int {
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && commands[args[1]] != nil {
			return command([]string{args[1], "--help"}, stdout, stderr)
		}
		if len(args) > 1 {
			fmt.Fprintf(stderr, "boardside help: unknown command %q\n%s", args[1], usage())
			return 2
		}
		fmt.Fprint(stdout, usage())
		return 0
	case "version", "--version", "-version":
		fmt.Fprintf(stdout, "%s %s (build %d)\n", app.Name, app.Version, app.Build)
		return 0
	}
	run := commands[name]
	if run == nil {
		what := "command"
		if strings.HasPrefix(name, "-") {
			what = "flag"
		}
		fmt.Fprintf(stderr, "boardside: unknown %s %q\n%s", what, name, usage())
		return 2
	}
	err := run(args[1:], stdout)
	var help *helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		fmt.Fprint(stdout, help.usage)
		return 0
	default:
		fmt.Fprintln(stderr, "boardside "+name+":", strings.TrimPrefix(err.Error(), "usage: "))
		return 2
	}
}
