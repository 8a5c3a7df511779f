package main

import (
	"os"
	"testing"
)

// asCommand makes this test binary the boardside command (TestMain): a
// test starts it as a process of its own for what only a process shows,
// a host killed with kill -9, without building the program.
const asCommand = "BOARDSIDE_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(asCommand) == "1" {
		os.Exit(command(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
