package main

import (
	"os"
	"testing"
)

// cmd/ holds only the programs that ship with Boardside; the programs that
// measure it live under bench/.
func TestCmd_HoldsOnlyProgramsThatShip(t *testing.T) {
	ship := map[string]bool{"boardside": true, "webbuild": true}
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !ship[e.Name()] {
			t.Errorf("cmd/%s is not a program that ships (cmd/ holds only boardside and webbuild); measuring programs go under bench/", e.Name())
		}
	}
}
