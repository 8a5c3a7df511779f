package catalog

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
)

// gamePlaces are the places a game may be named outside its own files
// (companion/<game>, app/<game>, assets/games/<game>.json if it has data,
// assets/web/<game>.js if the quick viewer shows it): the catalog, and what one game does beyond the
// others, each with its reason. docs/adding-a-game.md is the guide.
var gamePlaces = map[string][]string{
	"": {"app/catalog/catalog.go"}, // every game: its line in the catalog
	// The quick viewer's panel for ADELE's crew, which app.js hides
	// between renders like the timer and the card.
	"adele": {"assets/web/app.js", "assets/web/index.html"},
	// `boardside score aquasphere SHEET.json` scores a saved sheet.
	"aquasphere": {"cmd/boardside/score.go"},
}

// TestCatalog_AGameIsNamedOnlyInItsOwnPlaces lists every place a game's ID
// appears in the code that ships (Go outside tests, the quick viewer's
// page and script) and holds it to its own files, the catalog and
// gamePlaces: a fifth game is its two packages, its data file, its viewer
// file and a line in the catalog, and nothing else learns its name.
func TestCatalog_AGameIsNamedOnlyInItsOwnPlaces(t *testing.T) {
	root := filepath.Join("..", "..")
	var files []string
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			// The lab, what builds make, what tests keep and the packages
			// that only tests use (their sample file names) are not the app.
			if slices.Contains([]string{".git", "bench", "build", "dist", "testdata", "node_modules",
				"apptest", "gametest", "storetest", "memrepo"}, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		code := strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
		viewer := strings.HasPrefix(rel, "assets/web/") && (strings.HasSuffix(rel, ".js") || strings.HasSuffix(rel, ".html"))
		if code || viewer {
			files = append(files, rel)
		}
		return nil
	}))
	require.Greater(t, len(files), 50, "the module's files are found from %s", root)

	for _, g := range Games() {
		named := regexp.MustCompile(`["'/#]` + regexp.QuoteMeta(g.ID) + `(["'./]|$)`)
		own := func(rel string) bool {
			return strings.HasPrefix(rel, "companion/"+g.ID+"/") || strings.HasPrefix(rel, "app/"+g.ID+"/") ||
				rel == "assets/web/"+g.ID+".js"
		}
		var found []string
		for _, rel := range files {
			if own(rel) {
				continue
			}
			b, err := os.ReadFile(filepath.Join(root, rel))
			require.NoError(t, err)
			for _, code := range codeOf(rel, b) {
				if named.MatchString(code) {
					found = append(found, rel)
					break
				}
			}
		}
		want := slices.Sorted(slices.Values(append(slices.Clone(gamePlaces[""]), gamePlaces[g.ID]...)))
		assert.Equal(t, want, found, "%s is named outside its own files: register it in the catalog (docs/adding-a-game.md)", g.ID)
	}
}

// TestCatalog_EveryDataFileIsAGames: a game needs no data file (one
// without data has none), but every file in assets/games is a game's of
// the catalog, named by its ID, so that none is left behind or misnamed.
func TestCatalog_EveryDataFileIsAGames(t *testing.T) {
	ids := map[string]bool{}
	for _, g := range Games() {
		ids[g.ID] = true
	}
	files := assets.GameDataFiles()
	require.NotEmpty(t, files, "the shipped data files are found")
	for _, f := range files {
		assert.True(t, ids[f], "assets/games/%s.json is no game's of the catalog (its name is the game's ID)", f)
	}
}

// codeOf is what a file says in code: a Go file's string literals (its
// comments are prose, which may name a game), a web file's lines.
func codeOf(rel string, b []byte) []string {
	if !strings.HasSuffix(rel, ".go") {
		return strings.Split(string(b), "\n")
	}
	var out []string
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile(rel, -1, len(b)), b, nil, 0)
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.STRING {
			out = append(out, lit)
		}
	}
}
