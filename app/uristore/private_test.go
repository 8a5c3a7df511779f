package uristore

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// On a desktop, the app's folder (which Fyne makes 0755), the folders
// under it and the saves are the player's alone.
func TestNew_DesktopSavesAreThePlayersAlone(t *testing.T) {
	root := filepath.Join(t.TempDir(), "app.boardside")
	require.NoError(t, os.Mkdir(root, 0o755))
	require.NoError(t, os.Chmod(root, 0o755)) // as Fyne leaves it, whatever the umask
	s := New(storage.NewFileURI(root))
	require.True(t, s.rename, "desktop files")

	require.NoError(t, s.Store("sessions/marsmaze.token").Save([]byte("0123\n")))
	require.NoError(t, s.Store("sessions/marsmaze.token").Save([]byte("4567\n")))
	for path, want := range map[string]os.FileMode{
		root:                            0o700,
		filepath.Join(root, "sessions"): 0o700,
		filepath.Join(root, "sessions/marsmaze.token"): 0o600,
	} {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, want, fi.Mode().Perm(), path)
	}
	b, err := s.Store("sessions/marsmaze.token").Load()
	require.NoError(t, err)
	assert.Equal(t, "4567\n", string(b), "still saved and read as before")
}
