package uristore

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/uristore/memrepo"
	"boardside/companion"
	"boardside/companion/adele"
	"boardside/companion/storetest"
	"boardside/timers"
)

func TestMain(m *testing.M) {
	test.NewApp() // registers Fyne's file repository for file:// URIs
	os.Exit(m.Run())
}

var epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

// roots are the places a Storage runs on, as on each platform.
var roots = []struct {
	name   string
	rename bool // Move renames, as on desktop
	root   func(t *testing.T) fyne.URI
}{
	{"desktop files (rename)", true, func(t *testing.T) fyne.URI { return storage.NewFileURI(t.TempDir()) }},
	{"files without rename (as on mobile)", false, func(t *testing.T) fyne.URI { return storage.NewFileURI(t.TempDir()) }},
	{"in memory, as IndexedDB", false, func(t *testing.T) fyne.URI {
		_, root := memrepo.Register(memrepo.IndexedDB)
		return root
	}},
	{"in memory, cut-short streams", false, func(t *testing.T) fyne.URI {
		_, root := memrepo.Register(memrepo.Stream)
		return root
	}},
	{"a browser's store behind a Fallback", false, func(t *testing.T) fyne.URI {
		_, _, root := registerFallback(t)
		return root
	}},
}

// The URI store keeps the Store contract on every root, as the FileStore
// does (companion.TestFileStore_Contract runs the same tests).
func TestStore_Contract(t *testing.T) {
	for _, r := range roots {
		t.Run(r.name, func(t *testing.T) {
			storetest.Run(t, storetest.Harness{
				New: func(t *testing.T) func() companion.Storage {
					root := r.root(t)
					return func() companion.Storage { return newStorage(root, r.rename) }
				},
				Cut: func(t *testing.T, st companion.Store, err error) {
					st.(*Store).beforeCommit = func() error { return err }
				},
				// The copy way's cut comes before its one write: the
				// previous save stays.
				RollsForward: false,
			})
		})
	}
}

func TestNew_RenamesOnlyOnDesktopFiles(t *testing.T) {
	assert.True(t, New(storage.NewFileURI(t.TempDir())).rename, "this test runs on a desktop OS")
	_, mem := memrepo.Register(memrepo.IndexedDB)
	assert.False(t, New(mem).rename)
}

func TestStore_DesktopSaveIsAPlainFileWhereTheOldVersionKeptIt(t *testing.T) {
	dir := t.TempDir()
	s := New(storage.NewFileURI(dir))
	require.NoError(t, s.Store("sessions/marsmaze.json").Save([]byte(`{"format":1}`)))
	b, err := os.ReadFile(filepath.Join(dir, "sessions", "marsmaze.json"))
	require.NoError(t, err)
	assert.Equal(t, `{"format":1}`, string(b))

	// And what the file store (the old app's) wrote is read.
	require.NoError(t, companion.NewStore(filepath.Join(dir, "data", "adele.json")).Save([]byte("mine")))
	b, err = s.Store("data/adele.json").Load()
	require.NoError(t, err)
	assert.Equal(t, "mine", string(b))
}

func TestStore_LeftoverTempsFromACrashAreRemoved(t *testing.T) {
	dir := t.TempDir()
	s := New(storage.NewFileURI(dir))
	st := s.Store("sessions/marsmaze.json")
	require.NoError(t, st.Save([]byte("kept")))
	temp := filepath.Join(dir, "sessions", "marsmaze.json.tmp-12345")
	other := filepath.Join(dir, "sessions", "adele.json.tmp-12345")
	require.NoError(t, os.WriteFile(temp, []byte(`{"format":1,"ga`), 0o644))
	require.NoError(t, os.WriteFile(other, []byte(`{"format":1,"ga`), 0o644))

	st.(companion.LeftoverRemover).RemoveLeftovers()
	assert.NoFileExists(t, temp)
	assert.FileExists(t, other, "only this save's leftovers go")
	b, err := st.Load()
	require.NoError(t, err)
	assert.Equal(t, "kept", string(b))
}

// A closed tab or a killed app can stop a save, a removal or a setting
// aside after any step of the storage. Whatever the step, the next start
// reads the previous save or the new one, and the new one whenever the
// call had returned nil; never an older one. Saves of the earlier copy way
// (<name> plain, maybe a sealed <name>.next) count as saves too.
func TestStore_CutAtEveryStep(t *testing.T) {
	const name = "sessions/marsmaze.json"
	big := bytes.Repeat([]byte("new "), 20<<10) // more than IndexedDB's Move copies
	save := func(st companion.Store) error { return st.Save(big) }
	load := func(st companion.Store) error { _, err := st.Load(); return err }
	remove := func(st companion.Store) error { return st.Remove() }
	setAside := func(st companion.Store) error { _, err := st.SetAside(epoch); return err }
	ops := []struct {
		name  string
		setup func(t *testing.T, repo *memrepo.Repo, st companion.Store)
		op    func(st companion.Store) error
		after []string // what a load may see after a cut; the last one once op returned nil
		aside bool     // op sets after[0] aside
	}{
		{"first save", nil, func(st companion.Store) error { return st.Save([]byte("new")) }, []string{"", "new"}, false},
		{"save over a save", saved("old"), save, []string{"old", string(big)}, false},
		{"save over two saves", saved("older", "old"), save, []string{"old", string(big)}, false},
		{"save over three saves", saved("oldest", "older", "old"), save, []string{"old", string(big)}, false},
		{"remove", saved("old"), remove, []string{"old", ""}, false},
		{"remove after two saves", saved("older", "old"), remove, []string{"old", ""}, false},
		{"remove after three saves", saved("oldest", "older", "old"), remove, []string{"old", ""}, false},
		{"set aside", saved("old"), setAside, []string{"old", ""}, true},
		{"set aside after two saves", saved("older", "old"), setAside, []string{"old", ""}, true},
		{"set aside after three saves", saved("oldest", "older", "old"), setAside, []string{"old", ""}, true},

		{"load after a save cut halfway", cutSave, load, []string{"old"}, false},
		{"save after a save cut halfway", cutSave, save, []string{"old", string(big)}, false},
		{"remove after a save cut halfway", cutSave, remove, []string{"old", ""}, false},
		{"set aside after a save cut halfway", cutSave, setAside, []string{"old", ""}, true},

		{"load of an earlier save", legacy("old", ""), load, []string{"old"}, false},
		{"load of an earlier save cut off", legacy("old", "new"), load, []string{"new"}, false},
		{"load of an earlier save cut short", legacy("old", "broken"), load, []string{"old"}, false},
		{"save over an earlier save", legacy("old", ""), save, []string{"old", string(big)}, false},
		{"save over an earlier save cut off", legacy("old", "new"), save, []string{"new", string(big)}, false},
		{"save over an earlier save cut short", legacy("old", "broken"), save, []string{"old", string(big)}, false},
		{"save over an earlier first save cut off", legacy("", "new"), save, []string{"new", string(big)}, false},
		{"remove of an earlier save cut off", legacy("old", "new"), remove, []string{"new", ""}, false},
		{"set aside of an earlier save", legacy("old", ""), setAside, []string{"old", ""}, true},
		{"set aside of an earlier save cut off", legacy("old", "new"), setAside, []string{"new", ""}, true},
	}
	for _, model := range []memrepo.Model{memrepo.IndexedDB, memrepo.Stream} {
		for _, o := range ops {
			t.Run(fmt.Sprintf("%v, %s", model, o.name), func(t *testing.T) {
				for cut := 0; ; cut++ {
					repo, root := memrepo.Register(model)
					st := newStorage(root, false).Store(name)
					if o.setup != nil {
						o.setup(t, repo, st)
					}
					before := repo.Steps()
					repo.CutAfter(cut)
					err := o.op(st)
					repo.Heal()

					got, loadErr := newStorage(root, false).Store(name).Load()
					if errors.Is(loadErr, fs.ErrNotExist) {
						got, loadErr = nil, nil
					}
					require.NoError(t, loadErr, "cut after %d steps: the save is readable", cut)
					if err == nil {
						assert.Equal(t, o.after[len(o.after)-1], string(got), "cut after %d steps, once done", cut)
						if o.aside {
							kept, err := newStorage(root, false).Store(companion.AsideName(name, epoch)).Load()
							require.NoError(t, err)
							assert.Equal(t, o.after[0], string(kept), "the set-aside save is kept")
						}
						if steps := repo.Steps() - before; steps < cut {
							// Loads change nothing: there is no step to cut.
							require.True(t, cut > 1 || steps == 0, "the cuts fell inside the operation")
							return // the cut came after the end: every step was tried
						}
						continue
					}
					require.Error(t, err)
					assert.Contains(t, o.after, string(got), "cut after %d steps: the previous or the new save", cut)

					// And the save after a cut is whole, and stays.
					s := newStorage(root, false).Store(name)
					_, _ = s.Load()
					require.NoError(t, s.Save([]byte("next")), "cut after %d steps", cut)
					require.NoError(t, s.Save([]byte("after next")), "cut after %d steps", cut)
					got, err = newStorage(root, false).Store(name).Load()
					require.NoError(t, err)
					assert.Equal(t, "after next", string(got), "cut after %d steps", cut)
				}
			})
		}
	}
}

// cutSave saves "old", then "new" cut off halfway through its write.
func cutSave(t *testing.T, repo *memrepo.Repo, st companion.Store) {
	saved("old")(t, repo, st)
	repo.CutAfter(2)
	require.ErrorIs(t, st.Save([]byte("new")), memrepo.ErrCut)
	repo.Heal()
	b, err := newStorage(st.(*Store).s.root, false).Store(st.(*Store).name).Load()
	require.NoError(t, err)
	require.Equal(t, "old", string(b))
}

func saved(s ...string) func(t *testing.T, repo *memrepo.Repo, st companion.Store) {
	return func(t *testing.T, _ *memrepo.Repo, st companion.Store) {
		for _, s := range s {
			require.NoError(t, st.Save([]byte(s)))
		}
	}
}

// legacy lays out a save as the earlier copy way left it: main plain under
// the save's name (none when ""), and next sealed beside it in <name>.next
// (none when "", cut short when "broken").
func legacy(main, next string) func(t *testing.T, repo *memrepo.Repo, st companion.Store) {
	return func(t *testing.T, _ *memrepo.Repo, st companion.Store) {
		s := st.(*Store)
		require.NoError(t, s.s.makeFolders(s.name))
		if main != "" {
			u, err := s.s.child(s.name)
			require.NoError(t, err)
			require.NoError(t, write(u, []byte(main)))
		}
		if next != "" {
			u, err := s.s.child(s.name + nextSuffix)
			require.NoError(t, err)
			b := seal([]byte(next))
			if next == "broken" {
				b = b[:len(b)/2]
			}
			require.NoError(t, write(u, b))
		}
	}
}

// In the copy way a save is one write of one slot: three IndexedDB round
// trips (delete the slot's data, put its metadata, put its data), nothing
// read and nothing deleted. The two slots are all there is, and the
// earlier way's files go with the first save.
func TestStore_ASaveIsOneWrite(t *testing.T) {
	const name = "sessions/adele.json"
	repo, root := memrepo.Register(memrepo.IndexedDB)
	st := newStorage(root, false).Store(name)
	legacy("old", "new")(t, repo, st)
	b, err := st.Load()
	require.NoError(t, err)
	require.Equal(t, "new", string(b))
	require.NoError(t, st.Save([]byte("first")))
	assert.Equal(t, []string{"/fyne/sessions/adele.json.a"}, repo.Paths(), "the earlier way's files are gone")
	for i := range 5 {
		trips := repo.RoundTrips()
		require.NoError(t, st.Save(fmt.Appendf(nil, "save %d", i)))
		assert.Equal(t, 3, repo.RoundTrips()-trips, "save %d", i)
	}
	assert.Equal(t, []string{"/fyne/sessions/adele.json.a", "/fyne/sessions/adele.json.b"}, repo.Paths())

	// A Storage that saves first, without a load, reads the slots once.
	st = newStorage(root, false).Store(name)
	require.NoError(t, st.Save([]byte("again")))
	trips := repo.RoundTrips()
	require.NoError(t, st.Save([]byte("and again")))
	assert.Equal(t, 3, repo.RoundTrips()-trips)
	b, err = newStorage(root, false).Store(name).Load()
	require.NoError(t, err)
	assert.Equal(t, "and again", string(b))
}

func TestSealSlot(t *testing.T) {
	data := []byte(`{"format":1,"game":"marsmaze"}`)
	sealed := sealSlot(7, data)
	seq, got, ok := unsealSlot(sealed)
	require.True(t, ok)
	assert.Equal(t, uint64(7), seq)
	assert.Equal(t, data, got)
	for n := range len(sealed) {
		_, _, ok := unsealSlot(sealed[:n])
		assert.False(t, ok, "cut short at %d bytes", n)
	}
	for _, i := range []int{0, len(slotMark), len(slotMark) + 8, len(slotMark) + 16, slotHeader, len(sealed) - 1} {
		changed := bytes.Clone(sealed)
		changed[i] ^= 1
		_, _, ok = unsealSlot(changed)
		assert.False(t, ok, "a changed byte at %d", i)
	}
	_, _, ok = unsealSlot(data)
	assert.False(t, ok, "a plain save is not sealed")
	_, got, ok = unsealSlot(sealSlot(1, nil))
	assert.True(t, ok, "an empty save")
	assert.Empty(t, got)
}

// plainSlot seals data as a build before deflated slots did.
func plainSlot(seq uint64, data []byte) []byte {
	out := append(make([]byte, slotHeader), data...)
	putSeal(out, plainSlotMark, seq)
	return out
}

func TestSealSlot_ReadsTheSlotsOfEarlierBuilds(t *testing.T) {
	data := []byte(`{"format":1,"game":"marsmaze"}`)
	seq, got, ok := unsealSlot(plainSlot(3, data))
	require.True(t, ok)
	assert.Equal(t, uint64(3), seq)
	assert.Equal(t, data, got)

	// A slot whose seal holds but whose bytes are not deflated data is
	// damaged, not a save.
	notDeflated := plainSlot(4, data)
	putSeal(notDeflated, slotMark, 4)
	_, _, ok = unsealSlot(notDeflated)
	assert.False(t, ok)
}

// A player whose game was saved by an earlier build finds it, and the next
// save goes to the other slot, deflated, and is the one read.
func TestStore_FindsASaveOfAnEarlierBuildInItsSlot(t *testing.T) {
	const name = "sessions/marsmaze.json"
	_, root := memrepo.Register(memrepo.IndexedDB)
	s := newStorage(root, false)
	require.NoError(t, s.makeFolders(name))
	u, err := s.child(name + slotSuffixes[0])
	require.NoError(t, err)
	require.NoError(t, write(u, plainSlot(9, []byte("saved before"))))

	b, err := s.Store(name).Load()
	require.NoError(t, err)
	assert.Equal(t, "saved before", string(b))
	require.NoError(t, s.Store(name).Save([]byte("saved now")))
	b, err = newStorage(root, false).Store(name).Load()
	require.NoError(t, err)
	assert.Equal(t, "saved now", string(b))
	old, err := read(u)
	require.NoError(t, err)
	assert.Equal(t, plainSlot(9, []byte("saved before")), old, "the earlier save stays in its slot until the next save")
}

// A save is mostly its undo stack of whole states, which deflate well: an
// ADELE game's save takes a small part of its size in its slot.
func TestSealSlot_DeflatesAGamesSave(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 7))
	s := companion.New(adele.Rules, adele.New(), timers.System{})
	for range 120 {
		a, ok := adele.RandomAction(s.View().State.(*adele.State), r)
		if !ok {
			break // the game is over
		}
		_ = s.Dispatch(a) // a refused action leaves the game as it was
	}
	data, err := s.Encode()
	require.NoError(t, err)
	require.Greater(t, len(data), 20<<10, "a save with an undo stack")
	sealed := sealSlot(1, data)
	_, got, ok := unsealSlot(sealed)
	require.True(t, ok)
	assert.Equal(t, data, got)
	assert.Less(t, len(sealed), len(data)/5, "%d bytes sealed from %d", len(sealed), len(data))
}

// Fyne's own Move on IndexedDB (repository.GenericMove) is a copy through
// io.Copy and a reader that hands out one buffer and io.EOF: larger files
// come out cut short. This is why saves there never go through Move.
func TestIndexedDBMove_CutsLargeFilesShort(t *testing.T) {
	_, root := memrepo.Register(memrepo.IndexedDB)
	src, _ := storage.Child(root, "a")
	dst, _ := storage.Child(root, "b")
	require.NoError(t, write(src, bytes.Repeat([]byte("x"), 100<<10)))
	require.NoError(t, storage.Move(src, dst))
	b, err := read(dst)
	require.NoError(t, err)
	assert.Len(t, b, 32<<10, "io.Copy's one buffer")
}

func TestSeal(t *testing.T) {
	data := []byte(`{"format":1,"game":"marsmaze"}`)
	sealed := seal(data)
	got, ok := unseal(sealed)
	require.True(t, ok)
	assert.Equal(t, data, got)
	for n := range len(sealed) {
		_, ok := unseal(sealed[:n])
		assert.False(t, ok, "cut short at %d bytes", n)
	}
	sealed[3] ^= 1
	_, ok = unseal(sealed)
	assert.False(t, ok, "a changed byte")
	_, ok = unseal(data)
	assert.False(t, ok, "a plain save is not sealed")
}

func TestStore_NamesStayUnderTheRoot(t *testing.T) {
	s := New(storage.NewFileURI(t.TempDir()))
	for _, name := range []string{"../x.json", "sessions/../../x.json", "/x.json", "sessions//x.json", ""} {
		assert.Error(t, s.Store(name).Save([]byte("x")), name)
	}
}

// On desktop the fsyncs of the file store stay: Fyne's file writer and a
// folder's reader are os files, which write and syncFolder sync.
func TestStore_DesktopFilesAndFoldersCanBeSynced(t *testing.T) {
	dir := storage.NewFileURI(t.TempDir())
	u, err := storage.Child(dir, "x.json")
	require.NoError(t, err)
	w, err := storage.Writer(u)
	require.NoError(t, err)
	_, ok := w.(interface{ Sync() error })
	assert.True(t, ok, "the writer syncs")
	require.NoError(t, w.Close())
	r, err := storage.Reader(dir)
	require.NoError(t, err)
	f, ok := r.(interface{ Sync() error })
	require.True(t, ok, "the folder syncs")
	assert.NoError(t, f.Sync())
	require.NoError(t, r.Close())
}
