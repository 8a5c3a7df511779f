package uristore

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/uristore/memrepo"
)

// errQuota stands for IndexedDB refusing a write (QuotaExceededError,
// WebKit's ConstraintError in its in-memory backend).
var errQuota = errors.New("QuotaExceededError: the quota has been exceeded")

// refusingRepo is a browser's store that can start refusing every change,
// as a full or broken IndexedDB does; reads go on.
type refusingRepo struct {
	*memrepo.Repo
	refuse atomic.Bool
	writes atomic.Int64 // changes it accepted
}

func (r *refusingRepo) check() error {
	if r.refuse.Load() {
		return errQuota
	}
	r.writes.Add(1)
	return nil
}

func (r *refusingRepo) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	return r.Repo.Writer(u)
}

func (r *refusingRepo) CreateListable(u fyne.URI) error {
	if err := r.check(); err != nil {
		return err
	}
	return r.Repo.CreateListable(u)
}

func (r *refusingRepo) Delete(u fyne.URI) error {
	if err := r.check(); err != nil {
		return err
	}
	return r.Repo.Delete(u)
}

var fallbackSchemes atomic.Int64

// registerFallback serves a Fallback over a refusingRepo under a scheme
// of its own and returns both and the root folder, which exists.
func registerFallback(t *testing.T) (*Fallback, *refusingRepo, fyne.URI) {
	t.Helper()
	primary := &refusingRepo{Repo: memrepo.New(memrepo.Stream)}
	f := NewFallback(primary, func(err error) bool { return errors.Is(err, errQuota) })
	scheme := fmt.Sprintf("fallback%d", fallbackSchemes.Add(1))
	repository.Register(scheme, f)
	root, err := storage.ParseURI(scheme + ":///fyne/")
	require.NoError(t, err)
	require.NoError(t, storage.CreateListable(root))
	return f, primary, root
}

// told counts the reasons OnNothingKept gives.
type told struct {
	mu      sync.Mutex
	reasons []error
}

func (w *told) tell(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reasons = append(w.reasons, err)
}

func (w *told) all() []error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]error(nil), w.reasons...)
}

// A store that starts refusing: the refused save and every later one go
// to memory and succeed, what was saved before is still read, and the
// player is told once, with the reason.
func TestFallback_GoesOnInMemoryAndSaysSoOnce(t *testing.T) {
	_, primary, root := registerFallback(t)
	s := New(root)
	var w told
	s.OnNothingKept(w.tell)
	require.NoError(t, s.Store("data/adele.json").Save([]byte("owner's data")))
	require.NoError(t, s.Store("sessions/adele.json").Save([]byte("move 1")))
	assert.Empty(t, w.all(), "nothing refused yet")
	assert.NoError(t, s.NothingKept())
	before := primary.writes.Load()

	primary.refuse.Store(true)
	for i := 2; i <= 5; i++ {
		require.NoError(t, s.Store("sessions/adele.json").Save(fmt.Appendf(nil, "move %d", i)), "the game goes on")
	}
	require.NoError(t, s.Store("plays.json").Save([]byte("a play")), "a new file too")

	require.Len(t, w.all(), 1, "told once, not at every save")
	assert.ErrorIs(t, w.all()[0], errQuota)
	assert.ErrorIs(t, s.NothingKept(), errQuota)
	assert.Equal(t, before, primary.writes.Load(), "nothing more reached the refusing store")

	for name, want := range map[string]string{"sessions/adele.json": "move 5", "data/adele.json": "owner's data", "plays.json": "a play"} {
		b, err := s.Store(name).Load()
		require.NoError(t, err, name)
		assert.Equal(t, want, string(b), name)
	}
	// A later storage over the same root (a screen's) reads the same.
	b, err := New(root).Store("sessions/adele.json").Load()
	require.NoError(t, err)
	assert.Equal(t, "move 5", string(b))

	var late told
	s.OnNothingKept(late.tell)
	assert.Len(t, late.all(), 1, "one who asks later is told at once")
}

// A missing file is no refusal: the store goes on serving.
func TestFallback_AMissingSaveIsNoRefusal(t *testing.T) {
	_, primary, root := registerFallback(t)
	s := New(root)
	var w told
	s.OnNothingKept(w.tell)
	_, err := s.Store("sessions/marsmaze.json").Load()
	require.ErrorIs(t, err, fs.ErrNotExist)
	require.NoError(t, s.Store("sessions/marsmaze.json").Save([]byte("flip")))
	assert.Empty(t, w.all())
	assert.NoError(t, s.NothingKept())
	paths, _, _ := primary.Dump()
	assert.Contains(t, paths, "/fyne/sessions", "saved in the browser's store")
}

// A browser whose store could not be opened keeps the game in memory from
// the start, and whoever asks is told at once.
func TestFallback_InMemoryFromTheStart(t *testing.T) {
	noIDB := errors.New("this browser has no IndexedDB")
	f := InMemory(noIDB)
	scheme := fmt.Sprintf("fallback%d", fallbackSchemes.Add(1))
	repository.Register(scheme, f)
	root, err := storage.ParseURI(scheme + ":///fyne/")
	require.NoError(t, err)
	require.NoError(t, storage.CreateListable(root))

	s := New(root)
	var w told
	s.OnNothingKept(w.tell)
	require.Equal(t, []error{noIDB}, w.all())
	require.NoError(t, s.Store("sessions/adele.json").Save([]byte("move 1")))
	b, err := s.Store("sessions/adele.json").Load()
	require.NoError(t, err)
	assert.Equal(t, "move 1", string(b))
	assert.Len(t, w.all(), 1, "still once")
}

// Outside a browser nothing is ever said.
func TestFallback_NoneOnADisk(t *testing.T) {
	s := New(storage.NewFileURI(t.TempDir()))
	var w told
	s.OnNothingKept(w.tell)
	require.NoError(t, s.Store("sessions/adele.json").Save([]byte("move 1")))
	assert.Empty(t, w.all())
	assert.NoError(t, s.NothingKept())
}
