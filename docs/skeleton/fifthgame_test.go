// Package skeleton_test proves docs/adding-a-game.md: a game added from
// the skeleton, as the guide says, touches only its own files.
package skeleton_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSkeleton_AFifthGameTouchesOnlyItsOwnFiles copies the module (its
// git files, as they are in the working tree) to a temporary folder, adds
// a game "tally" there by the guide's steps (the shell block it gives to
// copy the skeleton, its name and blurb, one line in the catalog, its
// words in both languages, no data file), rewrites the home screen's
// golden files with -update as the guide says, then builds, vets and
// runs the tests that learn the games from the catalog, and holds what
// changed to the guide's promise.
func TestSkeleton_AFifthGameTouchesOnlyItsOwnFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a copy of the module: minutes")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	dir := t.TempDir()
	copyModule(t, root, dir)
	run(t, dir, "git", "init", "-q")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "-c", "user.name=proof", "-c", "user.email=proof@example.invalid", "commit", "-qm", "before")

	// Step: copy the skeleton and rename it, as the guide's block does.
	guide, err := os.ReadFile(filepath.Join(root, "docs", "adding-a-game.md"))
	require.NoError(t, err)
	block := regexp.MustCompile("(?s)```sh\n *(g=mygame.*?)```").FindSubmatch(guide)
	require.NotNil(t, block, "the guide's block that copies the skeleton, starting g=mygame")
	run(t, dir, "bash", "-euc", strings.Replace(string(block[1]), "g=mygame", "g=tally", 1))

	// Step: its name and blurb.
	edit(t, dir, "app/tally/screen.go", `Name: "Skeleton"`, `Name: "Tally"`)
	edit(t, dir, "app/tally/screen.go", `"The template a new game starts from: a count, a button and undo."`, `"Counts up, one tap at a time."`)
	// Step: one line in the catalog (and its import).
	edit(t, dir, "app/catalog/catalog.go", "\t\"boardside/app/missioncontrol\"\n", "\t\"boardside/app/missioncontrol\"\n\t\"boardside/app/tally\"\n")
	edit(t, dir, "app/catalog/catalog.go", "aquasphere.Game()}", "aquasphere.Game(), tally.Game()}")
	// Step: its words, in both languages.
	edit(t, dir, "assets/translations/en.json", "{\n", "{\n  \"Counts up, one tap at a time.\": \"Counts up, one tap at a time.\",\n")
	edit(t, dir, "assets/translations/de.json", "{\n", "{\n  \"Counts up, one tap at a time.\": \"Zählt hoch, ein Tippen nach dem anderen.\",\n")

	// The guide's commands, with make unit's flags and no -trimpath: the
	// packages outside the module (the standard library, Fyne) come from
	// Go's cache as make unit's pass without -race left them. The copy's
	// own packages compile again in each run's folder (about 10 s); with
	// -trimpath, a fresh machine compiled everything again (104 s).
	tags := "-tags=ci,migrated_fynedo"
	start := time.Now()
	run(t, dir, "go", "test", tags, "./app/catalog", "-run", "Golden", "-update")
	run(t, dir, "go", "build", tags, "./...")
	run(t, dir, "go", "vet", tags, "./app/tally", "./companion/tally", "./app/catalog")
	run(t, dir, "go", "test", "-short", tags, "-count=1", "./app/tally", "./companion/tally", "./app/catalog")
	run(t, dir, "go", "test", "-short", tags, "-count=1", "-run", "TestTranslations", "./app")
	run(t, dir, "go", "test", "-short", tags, "-count=1", "-run", "TestCatalog_GameIDsAreSafe", "./cmd/boardside")
	t.Logf("the guide's commands on the copy: %s", time.Since(start).Round(time.Second))

	// What the game touched: its two packages, one catalog line, its words,
	// and the home screen's golden files -update wrote (the new tile).
	var touched []string
	for _, l := range strings.Split(strings.TrimRight(run(t, dir, "git", "status", "--porcelain", "--untracked-files=all"), "\n"), "\n") {
		touched = append(touched, l[3:])
	}
	own := func(p string) bool {
		return strings.HasPrefix(p, "app/tally/") || strings.HasPrefix(p, "companion/tally/") || p == "assets/games/tally.json"
	}
	promised := []string{"app/catalog/catalog.go", "assets/translations/de.json", "assets/translations/en.json",
		"app/catalog/testdata/home.png", "app/catalog/testdata/home.xml", "app/catalog/testdata/home_phone.png"}
	var outside, folders []string
	for _, p := range touched {
		if top := strings.SplitN(p, "/", 3); own(p) {
			folders = append(folders, top[0]+"/"+top[1])
		} else if !slices.Contains(promised, p) {
			outside = append(outside, p)
		} else {
			folders = append(folders, filepath.Dir(p))
		}
	}
	assert.Empty(t, outside, "files the new game touched outside its own and the promised ones")
	assert.Contains(t, touched, "app/tally/screen.go")
	assert.Contains(t, touched, "companion/tally/rules.go")
	assert.Contains(t, touched, "app/catalog/catalog.go")
	catalogDiff := run(t, dir, "git", "diff", "--numstat", "app/catalog/catalog.go")
	assert.Equal(t, "2\t1\tapp/catalog/catalog.go\n", catalogDiff, "the catalog: its import and its line")
	t.Logf("%d files in %d folders: %s", len(touched), len(slices.Compact(slices.Sorted(slices.Values(folders)))), strings.Join(touched, " "))
}

// copyModule copies the files git knows of in root (tracked and new ones
// not ignored, as the working tree has them) to dir.
func copyModule(t *testing.T, root, dir string) {
	t.Helper()
	list := run(t, root, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	n := 0
	for _, rel := range strings.Split(strings.TrimRight(list, "\x00"), "\x00") {
		src, dst := filepath.Join(root, rel), filepath.Join(dir, rel)
		info, err := os.Lstat(src)
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
		if info.Mode()&fs.ModeSymlink != 0 {
			target, err := os.Readlink(src)
			require.NoError(t, err)
			require.NoError(t, os.Symlink(target, dst))
			continue
		}
		b, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(dst, b, info.Mode().Perm()))
		n++
	}
	require.Greater(t, n, 100, "the module's files are copied")
}

// edit replaces old, which must be there once, with new in dir's file rel.
func edit(t *testing.T, dir, rel, old, new string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	require.Equal(t, 1, strings.Count(string(b), old), "%s holds %q once", rel, old)
	require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644))
}

// run runs a command in dir and returns what it printed; a failure fails
// the test with its output.
func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LANG=en_US.UTF-8", "GOFLAGS=")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	start := time.Now()
	err := cmd.Run()
	require.NoError(t, err, "%s %s:\n%s%s", name, strings.Join(args, " "), out.String(), errs.String())
	if name == "go" {
		t.Logf("%s %s: %s", name, strings.Join(args, " "), time.Since(start).Round(100*time.Millisecond))
	}
	return out.String()
}
