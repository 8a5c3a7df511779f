package uristore

import (
	"io/fs"
	"testing"

	"fyne.io/fyne/v2/storage"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/uristore/memrepo"
)

// listedStorage is a Storage on an IndexedDB-like repository that lists
// its paths in one go, as listAll does in a browser; lists counts the
// listings made.
func listedStorage(repo *memrepo.Repo, s *Storage) (lists *int) {
	lists = new(int)
	s.list = func() (map[string]bool, bool) {
		*lists++
		listed := map[string]bool{}
		for _, p := range repo.Paths() {
			listed[p] = true
		}
		return listed, true
	}
	return lists
}

// A start that reads a dozen saves, most of them not there, asks the
// repository only for those there are while its listing lasts; once it is
// done, every look asks again.
func TestStorage_AListingAnswersForSavesNotThere(t *testing.T) {
	repo, root := memrepo.Register(memrepo.IndexedDB)
	require.NoError(t, newStorage(root, false).Store("sessions/marsmaze.json").Save([]byte("mars")))

	s := newStorage(root, false)
	lists := listedStorage(repo, s)
	done := s.ListAll()
	assert.Equal(t, 1, *lists)

	trips := repo.RoundTrips()
	for _, name := range []string{"sessions/adele.json", "sessions/adele.sharing", "sessions/adele.token", "data/adele.json", "plays.json"} {
		_, err := s.Store(name).Load()
		require.ErrorIs(t, err, fs.ErrNotExist, name)
	}
	assert.Equal(t, trips, repo.RoundTrips(), "no request for a save the listing does not hold")

	b, err := s.Store("sessions/marsmaze.json").Load()
	require.NoError(t, err)
	assert.Equal(t, "mars", string(b))
	assert.Greater(t, repo.RoundTrips(), trips, "the save there is is read")

	done()
	trips = repo.RoundTrips()
	_, err = s.Store("sessions/adele.json").Load()
	require.ErrorIs(t, err, fs.ErrNotExist)
	assert.Greater(t, repo.RoundTrips(), trips, "after the start, a look asks")
}

// Whatever is saved or removed while a listing lasts ends it, so that a
// look never trusts a listing older than a change.
func TestStorage_AChangeEndsTheListing(t *testing.T) {
	for name, change := range map[string]func(t *testing.T, s *Storage){
		"a save": func(t *testing.T, s *Storage) {
			require.NoError(t, s.Store("sessions/adele.json").Save([]byte("adele")))
		},
		"a removal": func(t *testing.T, s *Storage) {
			require.NoError(t, s.Store("sessions/adele.json").Remove())
		},
		"a save set aside": func(t *testing.T, s *Storage) {
			_, err := s.Store("sessions/adele.json").SetAside(epoch)
			require.NoError(t, err)
		},
	} {
		t.Run(name, func(t *testing.T) {
			repo, root := memrepo.Register(memrepo.IndexedDB)
			require.NoError(t, newStorage(root, false).Store("sessions/adele.json").Save([]byte("{")))
			s := newStorage(root, false)
			listedStorage(repo, s)
			defer s.ListAll()()
			change(t, s)
			// Another device's save, made after the listing, as another
			// tab of the same browser could.
			require.NoError(t, newStorage(root, false).Store("plays.json").Save([]byte("log")))
			b, err := s.Store("plays.json").Load()
			require.NoError(t, err, "the listing is gone")
			assert.Equal(t, "log", string(b))
		})
	}
}

// Outside a browser nothing is listed: every look asks, as before.
func TestStorage_FilesAreNotListed(t *testing.T) {
	s := newStorage(storage.NewFileURI(t.TempDir()), true)
	done := s.ListAll()
	defer done()
	assert.Nil(t, s.listed)
}
