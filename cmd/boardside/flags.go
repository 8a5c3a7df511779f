package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// helpRequest is -h or --help on a command: its usage, printed, exit 0.
type helpRequest struct{ usage string }

func (h *helpRequest) Error() string { return "help requested" }

// parseFlags parses a command's flags without the flag package printing
// anything itself: --help becomes a helpRequest, a flag it does not know
// an errUsage that says which, with the command's usage.
func parseFlags(fl *flag.FlagSet, synopsis string, args []string) error {
	fl.SetOutput(io.Discard)
	err := fl.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		return &helpRequest{flagUsage(fl, synopsis)}
	default:
		return fmt.Errorf("%w: %v\n%s", errUsage, err, flagUsage(fl, synopsis))
	}
}

// flagUsage is a command's synopsis and its flags, as flag prints them.
func flagUsage(fl *flag.FlagSet, synopsis string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s\n", synopsis)
	fl.SetOutput(&b)
	fl.PrintDefaults()
	fl.SetOutput(io.Discard)
	return b.String()
}
