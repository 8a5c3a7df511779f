package companion

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The folder a FileStore makes (boardside serve's data folder) and its
// saves are the player's alone.
func TestFileStore_FolderAndSaveAreThePlayersAlone(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "boardside", "serve")
	st := NewStore(filepath.Join(dir, "marsmaze.token"))
	require.NoError(t, st.Save([]byte("0123\n")))
	for path, want := range map[string]os.FileMode{
		filepath.Dir(dir): 0o700,
		dir:               0o700,
		st.Path:           0o600,
	} {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, want, fi.Mode().Perm(), path)
	}
}
