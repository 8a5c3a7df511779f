//go:build !js

package main

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/catalog"
	"boardside/assets"
	"boardside/companion/plays"
)

// TestCatalog_GameIDsAreSafe holds every game's ID to what
// docs/adding-a-game.md calls a safe ID: lower-case letters and digits,
// starting with a letter (a Go package's name, a file's, a URL's, a
// script's GAMES.<game>), and no word the command line or the files
// already use: a command (`boardside plays`), the log of played games
// (plays.json beside serve's <game>.json) or a quick viewer's file
// (assets/web/app.js beside <game>.js).
func TestCatalog_GameIDsAreSafe(t *testing.T) {
	taken := map[string]string{"help": "a command", "version": "a command",
		strings.TrimSuffix(plays.FileName, ".json"): "the log of played games"}
	for name := range commands {
		taken[name] = "a command"
	}
	own := map[string]bool{}
	for _, g := range catalog.Games() {
		own[g.ID+".js"] = true
	}
	web, err := fs.ReadDir(assets.Web, "web")
	require.NoError(t, err)
	for _, f := range web {
		if !own[f.Name()] {
			taken[strings.TrimSuffix(f.Name(), path.Ext(f.Name()))] = "a file of the quick viewer, assets/web/" + f.Name()
		}
	}
	require.Contains(t, taken, "serve", "the commands are found")
	require.Contains(t, taken, "app", "the viewer's files are found")

	safe := regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	for _, g := range catalog.Games() {
		assert.Regexp(t, safe, g.ID, "%s: a game's ID is lower-case letters and digits", g.Name)
		assert.NotContains(t, taken, g.ID, "%s: the ID %q is already %s", g.Name, g.ID, taken[g.ID])
	}
}
