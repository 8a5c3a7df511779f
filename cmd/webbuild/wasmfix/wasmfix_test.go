package wasmfix

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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
	// alg.go, the test added to the copy, the two files the icons patch
	// adds beside svg.go (premade.go), and the one the templates patch
	// adds to go-i18n's copy
	require.Len(t, o.Replace, 5)
	require.Contains(t, o.Replace, dir+"/mod/fyne.io_fyne_v2@v2.8.1/internal/svg/boardside_premade_icons.go")
	for orig, file := range o.Replace {
		_, err := os.Stat(file)
		require.NoError(t, err, file)
		if strings.HasSuffix(orig, "alg.go") {
			_, err := os.Stat(orig)
			require.NoError(t, err, "the original %s", orig)
		} else {
			require.True(t, strings.HasPrefix(orig, dir+"/mod/fyne.io_fyne_v2@") ||
				strings.HasPrefix(orig, dir+"/mod/github.com_nicksnyder_go-i18n_v2@"), orig)
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

// The "templates" patch runs {{.Name}} and nothing else: every template
// the app can translate, Fyne's and Boardside's (its translations, and the
// Go text that is its own English), is one of those.
func TestTemplates_EveryMessageIsFieldsOnly(t *testing.T) {
	fyneRoot, err := rootDir("go", "fyne.io/fyne/v2")
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join(fyneRoot.dir, "lang", "translations", "*.json"))
	require.NoError(t, err)
	ours, err := filepath.Glob("../../../assets/translations/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, ours)
	var sources []string
	for _, dir := range []string{"../../../app", "../../../companion", "../../../decks", "../../../timers"} {
		require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				sources = append(sources, p)
			}
			return err
		}))
	}
	action := regexp.MustCompile(`\{\{(.*?)\}\}`)
	field := regexp.MustCompile(`^\s*\.[\p{L}_][\p{L}\p{N}_]*\s*$`)
	var texts [][]byte
	for _, f := range append(files, ours...) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		texts = append(texts, b)
	}
	for _, f := range sources { // the Go's string literals
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				require.NoError(t, err)
				texts = append(texts, []byte(s))
			}
			return true
		})
	}
	seen := 0
	for _, b := range texts {
		for _, m := range action.FindAllSubmatch(b, -1) {
			seen++
			if !field.Match(m[1]) {
				t.Errorf("%s is more than {{.Name}}: the browser build's templates patch would refuse it", m[0])
			}
		}
	}
	require.Greater(t, seen, 100, "the messages' templates were not found")
}
