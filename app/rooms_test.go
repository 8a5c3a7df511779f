package app

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The shell sits on top: no package below it imports it, so a game can
// never drive the window (it gets a kit.Window), and app/kit, which the
// shell and the games both build on, imports neither. Only gametest, the
// harness that starts the whole app for a game's tests, may import the
// shell. The skeleton a new game is copied from keeps the same rule.
func TestRooms_NoGameImportsTheShell(t *testing.T) {
	const shell = "boardside/app"
	checked := 0
	for _, root := range []string{".", filepath.Join("..", "docs", "skeleton", "app")} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			dir := filepath.ToSlash(filepath.Dir(p))
			if dir == "." || dir == "gametest" {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
			require.NoError(t, err)
			checked++
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				assert.NotEqual(t, shell, path, "%s imports the shell", p)
				if dir == "kit" {
					assert.False(t, strings.HasPrefix(path, shell+"/") && path != shell+"/screen",
						"%s: the kit imports %s, above it", p, path)
				}
			}
			return nil
		})
		require.NoError(t, err)
	}
	assert.Greater(t, checked, 40, "the games', the kit's and the catalog's files were read")
}
