package app

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/uristore"
	"boardside/app/uristore/memrepo"
	"boardside/companion"
	"boardside/companion/share"
)

// oldSave writes a counter game at count as the file-based version did:
// a plain file under its data folder.
func oldSave(t *testing.T, env *testEnv, dir string, count int) {
	t.Helper()
	s := companion.New(counterGame().Rules, &counter{Count: count}, env.Clock)
	require.NoError(t, companion.Attach(s, companion.NewStore(filepath.Join(dir, "sessions", "counter.json")), nil))
}

// On desktop the storage root is the folder the file-based version saved
// in, so its games are found where they are, not copied.
func TestStorage_DesktopSavesOfTheFileVersionAreFoundInPlace(t *testing.T) {
	env := newTestEnv(t, counterGame())
	oldSave(t, env, env.Dir, 4)
	require.NoError(t, os.WriteFile(filepath.Join(env.Dir, "sessions", "counter.token"), []byte("0123456789abcdef0123456789abcdef\n"), 0o644))
	env.App.Preferences().SetString("openGame", "counter")

	u := env.start(t)
	assert.Equal(t, "4", counterLabel(t, u), "the game goes on")
	token, err := u.shareToken("counter")
	require.NoError(t, err)
	assert.Equal(t, "0123456789abcdef0123456789abcdef", token, "phones that joined come back")

	test.Tap(shownCounter.plus)
	b, err := os.ReadFile(filepath.Join(env.Dir, "sessions", "counter.json"))
	require.NoError(t, err, "still a plain file in the same place")
	assert.Contains(t, string(b), `"count":5`)
	assert.NoFileExists(t, filepath.Join(env.Dir, "imported-saves.txt"), "nothing to copy")
}

// A browser's storage is IndexedDB: the app saves, resumes and sets aside
// an unreadable save there as on desktop.
func TestStorage_BrowserLikeStorage(t *testing.T) {
	env := newTestEnv(t, counterGame())
	_, env.Root = memrepo.Register(memrepo.IndexedDB)
	u := env.start(t)
	u.OpenGame(u.Game("counter"))
	for range 2 {
		test.Tap(shownCounter.plus)
	}
	u.Win.Close()

	u2 := env.start(t)
	assert.Equal(t, "2", counterLabel(t, u2), "resumed from the storage")
	a, err := u2.shareToken("counter")
	require.NoError(t, err)
	b, err := env.start(t).shareToken("counter")
	require.NoError(t, err)
	assert.Equal(t, a, b, "the token is kept")
	u2.Win.Close()

	saves := uristore.New(env.Root)
	require.NoError(t, saves.Store("sessions/counter.json").Save([]byte(`{"format":1,"game":"counter","state":{"cou`)))
	u3 := env.start(t)
	shown := strings.Join(apptest.Texts(u3.Win.Canvas().Overlays().Top()), "\n")
	aside := companion.AsideName("sessions/counter.json", apptest.Epoch.Local())
	assert.Contains(t, shown, "The saved game of Counter could not be read, so it starts anew. The file was kept as "+env.Root.String()+"/"+aside)
	kept, err := saves.Store(aside).Load()
	require.NoError(t, err)
	assert.Equal(t, `{"format":1,"game":"counter","state":{"cou`, string(kept))
	_, err = saves.Store("sessions/counter.json").Load()
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

// Where the storage root is not the folder an earlier version saved in,
// its saves are copied in once, and a newer save is never overwritten.
func TestStorage_SavesOfAnEarlierFolderAreCopiedOnce(t *testing.T) {
	env := newTestEnv(t, counterGame())
	_, env.Root = memrepo.Register(memrepo.IndexedDB)
	old := t.TempDir()
	env.Legacy = storage.NewFileURI(old)
	oldSave(t, env, old, 7)
	token := share.NewToken()
	require.NoError(t, os.WriteFile(filepath.Join(old, "sessions", "counter.token"), []byte(token+"\n"), 0o644))
	env.App.Preferences().SetString("openGame", "counter")

	u := env.start(t)
	assert.Equal(t, "7", counterLabel(t, u), "the old game is found")
	got, err := u.shareToken("counter")
	require.NoError(t, err)
	assert.Equal(t, token, got)
	test.Tap(shownCounter.plus)
	u.Win.Close()

	u2 := env.start(t)
	assert.Equal(t, "8", counterLabel(t, u2), "copied once: the newer save stays")
	note, err := uristore.New(env.Root).Store("imported-saves.txt").Load()
	require.NoError(t, err)
	assert.Contains(t, string(note), old)
	assert.FileExists(t, filepath.Join(old, "sessions", "counter.json"), "the old files are left as they were")
}
