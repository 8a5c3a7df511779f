package wasmfix

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The patches apply to the Go and Fyne this module builds with: a new Go
// or Fyne whose lines changed fails here, not in a player's browser.
func TestPatches_ApplyToThisGoAndFyne(t *testing.T) {
	for _, p := range Patches {
		root, err := rootDir("go", p.Root)
		require.NoError(t, err)
		src, err := os.ReadFile(root.dir + "/" + p.File)
		require.NoError(t, err)
		out, done, err := p.Apply(string(src))
		require.NoError(t, err, p.Name)
		if done {
			t.Logf("%s: fixed upstream; the patch can go", p.Name)
			continue
		}
		for _, e := range p.Edits {
			require.Contains(t, out, e.New, p.Name)
			require.NotContains(t, out, e.Old, p.Name)
		}
		require.Equal(t, len(src)+growth(p), len(out), "%s: only the edits' lines change", p.Name)
	}
}

func growth(p Patch) int {
	n := 0
	for _, e := range p.Edits {
		n += len(e.New) - len(e.Old)
	}
	return n
}

func TestPatch_StopsWhereItsLinesChanged(t *testing.T) {
	_, _, err := Patches[1].Apply("package cache\n\nfunc GetCanvasForObject(o any) any { return nil }\n")
	require.ErrorContains(t, err, "no longer applies")
	require.ErrorContains(t, err, Patches[1].Report)
}

func TestPatch_LeavesAFixedFileAlone(t *testing.T) {
	p := Patches[1]
	src := "package cache\n\n" + p.Edits[0].New + "\treturn nil\n}\n"
	out, done, err := p.Apply(src)
	require.NoError(t, err)
	require.True(t, done)
	require.Equal(t, src, out)
}

// Prepare replaces the runtime's file through the overlay, and Fyne by a
// copy whose one file is patched, named by a go.mod beside it.
func TestPrepare_PatchesAFileAndACopyOfAModule(t *testing.T) {
	dir := t.TempDir()
	extra := map[string]string{"fyne.io/fyne/v2:internal/cache/boardside_nil_test.go": "testdata/fyne_cache_nil_test.go"}
	var said []string
	flags, err := Prepare("go", dir, nil, extra, func(s string) { said = append(said, s) })
	require.NoError(t, err)
	require.Equal(t, []string{"-overlay", dir + "/overlay.json", "-modfile", dir + "/go.mod"}, flags)
	require.Len(t, said, len(Patches))

	b, err := os.ReadFile(dir + "/overlay.json")
	require.NoError(t, err)
	var o struct{ Replace map[string]string }
	require.NoError(t, json.Unmarshal(b, &o))
	// alg.go, the test added to the copy, and the two files the icons
	// patch adds beside svg.go (premade.go)
	require.Len(t, o.Replace, 4)
	require.Contains(t, o.Replace, dir+"/mod/fyne.io_fyne_v2@v2.8.1/internal/svg/boardside_premade_icons.go")
	for orig, file := range o.Replace {
		_, err := os.Stat(file)
		require.NoError(t, err, file)
		if strings.HasSuffix(orig, "alg.go") {
			_, err := os.Stat(orig)
			require.NoError(t, err, "the original %s", orig)
		} else {
			require.True(t, strings.HasPrefix(orig, dir+"/mod/fyne.io_fyne_v2@"), orig)
		}
	}
	mod, err := os.ReadFile(dir + "/go.mod")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^replace fyne.io/fyne/v2 => `+dir+`/mod/fyne.io_fyne_v2@v[0-9.]+$`, string(mod))
	canvases, err := filepath.Glob(dir + "/mod/fyne.io_fyne_v2@*/internal/cache/canvases.go")
	require.NoError(t, err)
	require.Len(t, canvases, 1)
	src, err := os.ReadFile(canvases[0])
	require.NoError(t, err)
	require.Contains(t, string(src), Patches[1].Edits[0].New)

	// Again: the copy is kept, so Go's cache keeps what it compiled.
	stamp, err := os.Stat(filepath.Dir(canvases[0]) + "/base.go")
	require.NoError(t, err)
	_, err = Prepare("go", dir, []string{"fyne"}, nil, func(string) {})
	require.NoError(t, err)
	again, err := os.Stat(filepath.Dir(canvases[0]) + "/base.go")
	require.NoError(t, err)
	require.Equal(t, stamp.ModTime(), again.ModTime())
}

func TestPrepare_OnlyTheNamedPatches(t *testing.T) {
	dir := t.TempDir()
	flags, err := Prepare("go", dir, []string{"runtime"}, nil, func(string) {})
	require.NoError(t, err)
	require.Equal(t, []string{"-overlay", dir + "/overlay.json"}, flags)
	_, err = os.Stat(dir + "/mod")
	require.True(t, os.IsNotExist(err), "no module copied")
}
