package apptest

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	_ "unsafe" // go:linkname, for Fyne's markup of a canvas

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"
)

// Update is the project's one convention for the files tests compare
// with, as in the companion packages: with -update, a test writes what it
// sees into testdata (golden images and markup, the lists of known layout
// violations) instead of comparing, and passes. Review the diff, then
// commit it:
//
//	go test -tags ci,migrated_fynedo ./app/catalog -run Golden -update
var Update = flag.Bool("update", false, "write the golden files and known layout violations in testdata from what the tests see")

// AssertRendersToImage is test.AssertRendersToImage, or with -update
// writes testdata/name from the canvas.
func AssertRendersToImage(t *testing.T, name string, c fyne.Canvas) bool {
	t.Helper()
	if !*Update {
		return test.AssertRendersToImage(t, name, c)
	}
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, c.Capture()))
	writeGolden(t, name, b.Bytes())
	return true
}

// AssertRendersToMarkup is test.AssertRendersToMarkup, or with -update
// writes testdata/name from the canvas.
func AssertRendersToMarkup(t *testing.T, name string, c fyne.Canvas) bool {
	t.Helper()
	if !*Update {
		return test.AssertRendersToMarkup(t, name, c)
	}
	writeGolden(t, name, []byte(fyneMarkup(c)))
	return true
}

// fyneMarkup is the markup test.AssertRendersToMarkup compares, as Fyne
// writes it to testdata/failed: Fyne does not export it.
//
//go:linkname fyneMarkup fyne.io/fyne/v2/test.snapshot
func fyneMarkup(c fyne.Canvas) string

func writeGolden(t *testing.T, name string, b []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	t.Logf("-update: wrote %s", path)
}
