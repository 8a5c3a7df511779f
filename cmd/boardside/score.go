package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"boardside/companion/aquasphere"
)

// errUsage marks a malformed sheet or command line: exit status 2.
var errUsage = errors.New("usage")

// score scores an AquaSphere sheet:
//
//	boardside score aquasphere [--json] SHEET.json
func score(args []string, out io.Writer) error {
	const synopsis = "boardside score aquasphere [--json] SHEET.json"
	fl := flag.NewFlagSet("score", flag.ContinueOnError)
	asJSON := fl.Bool("json", false, "print the breakdown and ranking as JSON")
	if len(args) > 0 && args[0] != "aquasphere" {
		// --help before the game's name is help all the same.
		if err := parseFlags(fl, synopsis, args); err != nil {
			return err
		}
	}
	if len(args) == 0 || args[0] != "aquasphere" {
		return fmt.Errorf("%w: %s", errUsage, synopsis)
	}
	if err := parseFlags(fl, synopsis, args[1:]); err != nil {
		return err
	}
	if fl.NArg() != 1 {
		return fmt.Errorf("%w: %s", errUsage, synopsis)
	}
	f, err := os.Open(fl.Arg(0))
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	defer f.Close()
	sheet, err := aquasphere.ReadSheet(f)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", errUsage, fl.Arg(0), err)
	}
	rep, err := aquasphere.Default().Score(sheet)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", errUsage, fl.Arg(0), err)
	}
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	rep.WriteText(out)
	return nil
}
