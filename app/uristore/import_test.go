package uristore

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/uristore/memrepo"
)

// legacyFolder writes files as an earlier version kept them.
func legacyFolder(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return dir
}

func TestImport_CopiesTheSavesOnceWithoutOverwritingNewerOnes(t *testing.T) {
	dir := legacyFolder(t, map[string]string{
		"sessions/marsmaze.json":    "mars",
		"sessions/marsmaze.token":   "0123456789abcdef0123456789abcdef\n",
		"sessions/marsmaze.sharing": "7777\n",
		"sessions/adele.json":       "old adele",
		"data/missioncontrol.json":  "my deck",
		"aquasphere-history.json":   "history",
		// not saves: left alone
		"preferences.json":                               "{}",
		"sessions/marsmaze.json.tmp-123":                 "half",
		"sessions/adele.json.unreadable-20261121-200000": "broken",
		"data/notes.txt":                                 "x",
	})
	for _, model := range []memrepo.Model{memrepo.IndexedDB, memrepo.Stream} {
		t.Run(model.String(), func(t *testing.T) {
			_, root := memrepo.Register(model)
			s := New(root)
			require.NoError(t, s.Store("sessions/adele.json").Save([]byte("newer adele")))

			copied, err := s.Import(storage.NewFileURI(dir), epoch)
			require.NoError(t, err)
			assert.ElementsMatch(t, []string{"aquasphere-history.json", "sessions/marsmaze.json", "sessions/marsmaze.token",
				"sessions/marsmaze.sharing", "data/missioncontrol.json"}, copied)
			for name, want := range map[string]string{
				"sessions/marsmaze.json":    "mars",
				"sessions/marsmaze.token":   "0123456789abcdef0123456789abcdef\n",
				"sessions/marsmaze.sharing": "7777\n",
				"sessions/adele.json":       "newer adele",
				"data/missioncontrol.json":  "my deck",
				"aquasphere-history.json":   "history",
			} {
				b, err := s.Store(name).Load()
				require.NoError(t, err, name)
				assert.Equal(t, want, string(b), name)
			}
			for _, name := range []string{"preferences.json", "sessions/marsmaze.json.tmp-123", "data/notes.txt"} {
				_, err := s.Store(name).Load()
				assert.Error(t, err, "%s is not copied", name)
			}

			// Once: a game the player then removed does not come back.
			require.NoError(t, s.Store("sessions/marsmaze.json").Remove())
			copied, err = New(root).Import(storage.NewFileURI(dir), epoch)
			require.NoError(t, err)
			assert.Empty(t, copied)
			_, err = s.Store("sessions/marsmaze.json").Load()
			assert.Error(t, err)
			assert.FileExists(t, filepath.Join(dir, "sessions", "marsmaze.json"), "the old files stay where they were")
		})
	}
}

func TestImport_NoOldFolder(t *testing.T) {
	_, root := memrepo.Register(memrepo.IndexedDB)
	copied, err := New(root).Import(storage.NewFileURI(filepath.Join(t.TempDir(), "none")), epoch)
	require.NoError(t, err)
	assert.Empty(t, copied)
}
