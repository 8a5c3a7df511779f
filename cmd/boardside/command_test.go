//go:build !js

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// run is the command line's answer: its exit status, what it printed and
// what it said on stderr.
func run(args ...string) (int, string, string) {
	var out, errs bytes.Buffer
	code := command(args, &out, &errs)
	return code, out.String(), errs.String()
}

func TestCommand_HelpAsAShellExpects(t *testing.T) {
	for _, ask := range []string{"--help", "-h", "-help", "help"} {
		code, out, errs := run(ask)
		assert.Equal(t, 0, code, ask)
		assert.Contains(t, out, "Usage:", ask)
		assert.Contains(t, out, "boardside serve --game GAME", ask)
		assert.Empty(t, errs, ask)
	}
	for _, cmd := range []string{"serve", "score", "plays"} {
		for _, args := range [][]string{{cmd, "--help"}, {cmd, "-h"}, {"help", cmd}} {
			code, out, errs := run(args...)
			assert.Equal(t, 0, code, args)
			assert.True(t, strings.HasPrefix(out, "Usage: boardside "+cmd), "%v: %q", args, out)
			assert.Contains(t, out, "  -", "%v: the flags are listed", args)
			assert.NotContains(t, out+errs, "help requested", args)
			assert.Empty(t, errs, args)
		}
	}
	code, out, _ := run("score", "aquasphere", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "-json")
}

func TestCommand_WhatItDoesNotKnowItNames(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"serv"}, `unknown command "serv"`},
		{[]string{"--frobnicate"}, `unknown flag "--frobnicate"`},
		{[]string{"help", "serv"}, `unknown command "serv"`},
		{[]string{"plays", "--frob"}, "flag provided but not defined: -frob"},
		{[]string{"serve", "--gmae", "marsmaze"}, "flag provided but not defined: -gmae"},
		{[]string{"score", "aquasphere", "--frob", "x.json"}, "flag provided but not defined: -frob"},
	} {
		code, out, errs := run(c.args...)
		assert.Equal(t, 2, code, c.args)
		assert.Empty(t, out, c.args)
		assert.Contains(t, errs, c.says, c.args)
		assert.Contains(t, errs, "Usage:", "%v: the usage follows", c.args)
	}
}

func TestCommand_Version(t *testing.T) {
	code, out, _ := run("--version")
	assert.Equal(t, 0, code)
	assert.Regexp(t, `^Boardside \S+ \(build \d+\)\n$`, out)
}
