// Package uristore keeps Boardside's saves in Fyne's storage: the folder
// URI fyne.App.Storage().RootURI() names. That is a folder of files on
// desktop and mobile, and IndexedDB in a browser, so the same code saves
// games everywhere without an os path. companion sees a companion.Store.
//
// What Fyne 2.7.1 does under each root, and so how a save stays atomic:
//
//   - Desktop (Linux, macOS, Windows; also Fyne's mobile simulation): the
//     root is a file:// URI (app/storage.go:16-27 on storageRoot,
//     app/preferences_other.go:17-19: RootConfigDir()/<app ID>, i.e.
//     ~/.config/fyne/app.boardside on Linux, internal/app/config_xdg.go).
//     The "file" repository (internal/repository/file.go) writes through
//     os.Create and its Move is os.Rename (file.go:260-266). A save is
//     written to a temporary file beside the save, synced, renamed over it,
//     and the folder is synced: what companion.FileStore does.
//   - Android and iOS: the root is a file:// URI too (preferences_android.go
//     and preferences_ios.go: RootConfigDir(), the app's sandbox), but the
//     repository behind "file" is the mobile driver's
//     (internal/driver/mobile/repository.go): no Move at all (storage.Move
//     returns ErrOperationNotSupported, storage/uri.go:472-484) and writes
//     that a kill can cut short. Saves there go the "copy" way below.
//   - Browser: the root is idbfile:///fyne/ (app/preferences_wasm.go:14-16).
//     Fyne serves it from its IndexedDB repository
//     (internal/repository/indexdb_wasm.go), whose layout breaks saves in
//     WebKit's in-memory backend and for two files with the same bytes;
//     Boardside serves it from a layout of its own instead (idbrepo,
//     registered by New: indexeddb_web.go), into which Fyne's records are
//     moved once, behind a Fallback that goes on in memory where the
//     browser keeps nothing. There a file is one record, written on the
//     writer's Close in one transaction: the old bytes or the whole new
//     ones, never a mix. Move is not a rename, so saves there go the "copy"
//     way.
//
// The copy way, for every root whose Move is not a rename: two slots beside
// the save, <name>.a and <name>.b. Each holds a whole save, deflated and
// sealed with a sequence number, its length and a CRC-32C of all three
// (sealSlot), written in one storage.Writer with one Write. A save writes
// the slot that does not hold the newest whole save, with the next number;
// Load reads both and returns the newest whose seal holds. A save cut at
// any moment can only spoil the slot it was writing (in IndexedDB under
// Fyne's writer: that slot's data deleted, or the whole new bytes there;
// on mobile: that file cut short), so the other slot still holds the previous save, and a Save
// that returned nil is never lost. There is nothing to roll forward and
// nothing to delete: a save is one write (in a browser one IndexedDB
// transaction, one record put), where the way before (a sealed <name>.next, a
// copy over <name>, then a delete) took about a dozen round trips.
//
// Which slot is newest is read once per save name (on the first Load or
// Save) and then kept by the Storage, so a save reads nothing: one Storage
// writes a save at a time (the app has one per root).
//
// Saves of that earlier copy way (<name> plain, and a sealed <name>.next
// if one was cut off) are still read when no slot holds a save, the
// <name>.next first when its seal holds; the first save in a slot then
// deletes them. Mobile players of earlier versions find their games in
// place that way.
package uristore

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"

	"boardside/companion"
)

// Storage is a companion.Storage under a folder URI of Fyne's storage.
type Storage struct {
	root fyne.URI
	// rename says storage.Move is an atomic rename under root.
	rename bool

	mu    sync.Mutex
	saves map[string]*saveState // one per save name
	dirs  map[string]bool       // folders known to exist
	// listed is every path under the root as ListAll found it, while a
	// start reads its saves: a path not in it is not there, and asking
	// would be a round trip. Nil when there is no listing.
	listed map[string]bool
	// list lists every path there is in one go, where the repository
	// can (listAll); false where it cannot.
	list func() (map[string]bool, bool)
}

// saveState is what a Storage knows of one save name. Its mu lets one
// operation at a time touch the save; the rest is guarded by mu.
type saveState struct {
	mu sync.Mutex
	// known says newest and seq are what the slots hold (the copy way):
	// read at the first Load or Save, then kept up to date by this Storage.
	known  bool
	newest int    // the slot with the newest whole save; -1: none
	seq    uint64 // its sequence number
	// legacy says files of the earlier copy way may be there, to delete.
	legacy bool
	slots  [2]fyne.URI // <name>.a and <name>.b, once made
}

// New returns the storage under root, which must exist (Fyne makes the
// app's storage root at start, app/app.go:139-152). On a desktop the
// root is made the player's alone: Fyne makes it 0755
// (internal/repository/file.go, CreateListable).
func New(root fyne.URI) *Storage {
	useOwnIndexedDB(root)
	s := newStorage(root, renames(root))
	if s.rename {
		_ = os.Chmod(root.Path(), privateFolder)
	}
	return s
}

// On a desktop, where other accounts may share the machine, the saves'
// folders and files are the player's alone: a game's save, its sharing
// token.
const (
	privateFolder fs.FileMode = 0o700
	privateFile   fs.FileMode = 0o600
)

func newStorage(root fyne.URI, rename bool) *Storage {
	return &Storage{root: root, rename: rename, saves: map[string]*saveState{}, dirs: map[string]bool{},
		list: func() (map[string]bool, bool) { return listAll(root) }}
}

// ListAll lists, in one go, every save there is, for a start: it looks
// for a dozen saves (every game's session, sharing and owner's data), most
// of them not there on a first visit, and in a browser each look is a
// few IndexedDB round trips. Until done is called, or anything is saved,
// moved or removed through this Storage, a save not in the listing is
// known not to be there without asking. Where the repository cannot list
// in one go (files on a disk, where asking is cheap) it does nothing.
func (s *Storage) ListAll() (done func()) {
	listed, ok := s.list()
	if !ok {
		return func() {}
	}
	s.mu.Lock()
	s.listed = listed
	s.mu.Unlock()
	return s.forgetListing
}

// forgetListing makes every look ask the repository again.
func (s *Storage) forgetListing() {
	s.mu.Lock()
	s.listed = nil
	s.mu.Unlock()
}

// listedAbsent reports whether the listing says u is not there.
func (s *Storage) listedAbsent(u fyne.URI) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.listed != nil && !s.listed[u.Path()]
}

// listAll lists every path there is in one go, where the repository
// under root can (the browser's, through Fallback).
func listAll(root fyne.URI) (map[string]bool, bool) {
	r, err := repository.ForURI(root)
	if err != nil {
		return nil, false
	}
	if l, ok := r.(interface {
		ListAll() (map[string]bool, bool)
	}); ok {
		return l.ListAll()
	}
	return nil, false
}

// fallback is the Fallback under the root, if that is where it lies.
func (s *Storage) fallback() *Fallback {
	r, err := repository.ForURI(s.root)
	if err != nil {
		return nil
	}
	f, _ := r.(*Fallback)
	return f
}

// OnNothingKept calls tell once, with the reason, if the browser keeps
// nothing of what is saved here: now, if that is known already (it could
// not be opened), or when it refuses a save (which then goes to memory, as
// every save after it). Where the storage is not a browser's it never
// calls.
func (s *Storage) OnNothingKept(tell func(reason error)) {
	if f := s.fallback(); f != nil {
		f.OnDropped(tell)
	}
}

// NothingKept is why the browser keeps nothing of what is saved here,
// nil while it does (and outside a browser).
func (s *Storage) NothingKept() error {
	if f := s.fallback(); f != nil {
		return f.Dropped()
	}
	return nil
}

// renames reports whether storage.Move under root is os.Rename: only
// Fyne's own file repository, which the desktop drivers register for
// "file" (internal/driver/glfw/driver.go:176, test/driver.go:35,
// internal/driver/mobile/file_desktop.go:34). On Android and iOS the
// mobile driver's repository serves "file" and cannot move.
func renames(root fyne.URI) bool {
	return root.Scheme() == "file" && runtime.GOOS != "android" && runtime.GOOS != "ios"
}

// Root is the folder the saves are kept in.
func (s *Storage) Root() fyne.URI { return s.root }

// Store returns the store of the save called name, a slash-separated path
// under the root ("sessions/marsmaze.json").
func (s *Storage) Store(name string) companion.Store { return s.store(name) }

func (s *Storage) store(name string) *Store {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.saves[name]
	if st == nil {
		st = &saveState{newest: -1}
		s.saves[name] = st
	}
	return &Store{s: s, name: name, state: st, mu: &st.mu}
}

// child returns the URI of the slash-separated name under the root.
func (s *Storage) child(name string) (fyne.URI, error) {
	u := s.root
	for _, part := range strings.Split(name, "/") {
		if part == "" || part == "." || part == ".." {
			return nil, fmt.Errorf("%q is not a save's name", name)
		}
		var err error
		if u, err = storage.Child(u, part); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// makeFolders makes the folders of name under the root, once.
func (s *Storage) makeFolders(name string) error {
	parts := strings.Split(name, "/")
	for i := 1; i < len(parts); i++ {
		dir := strings.Join(parts[:i], "/")
		s.mu.Lock()
		known := s.dirs[dir]
		s.mu.Unlock()
		if known {
			continue
		}
		u, err := s.child(dir)
		if err != nil {
			return err
		}
		ok, err := storage.Exists(u)
		if err != nil {
			return err
		}
		if !ok {
			if s.rename {
				err = os.Mkdir(u.Path(), privateFolder)
			} else {
				err = storage.CreateListable(u)
			}
			if err != nil {
				return err
			}
		}
		s.mu.Lock()
		s.dirs[dir] = true
		s.mu.Unlock()
	}
	return nil
}

// forgetFolders makes the next save check its folders again (someone may
// have deleted them).
func (s *Storage) forgetFolders() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.dirs)
}

// Store keeps one save under a Storage; it is a companion.Store.
type Store struct {
	s     *Storage
	name  string
	state *saveState
	mu    *sync.Mutex // state.mu
	// beforeCommit lets tests stop a save just before its new bytes are
	// written where they replace the save (the rename, or the slot), as a
	// crash there would.
	beforeCommit func() error
}

// Save replaces the save with data, atomically (see the package comment).
func (st *Store) Save(data []byte) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.s.forgetListing()
	if err := st.save(data); err != nil {
		return fmt.Errorf("could not save the game: %w", err)
	}
	return nil
}

func (st *Store) save(data []byte) error {
	if err := st.s.makeFolders(st.name); err != nil {
		return fmt.Errorf("could not create the folder for saved games: %w", err)
	}
	if !st.s.rename {
		return st.saveInSlot(data)
	}
	u, err := st.s.child(st.name)
	if err != nil {
		return err
	}
	return st.saveByRename(u, data)
}

// saveByRename writes a temporary file beside the save, syncs it, renames
// it over the save and syncs the folder.
func (st *Store) saveByRename(u fyne.URI, data []byte) (err error) {
	tmp, err := st.s.child(fmt.Sprintf("%s.tmp-%08x", st.name, rand.Uint32()))
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = storage.Delete(tmp)
		}
	}()
	if err = write(tmp, data); err != nil {
		st.s.forgetFolders()
		return err
	}
	if err = os.Chmod(tmp.Path(), privateFile); err != nil { // Fyne's writer makes it 0644; the rename keeps the mode
		return err
	}
	if st.beforeCommit != nil {
		if err = st.beforeCommit(); err != nil {
			return err
		}
	}
	if err = storage.Move(tmp, u); err != nil {
		return err
	}
	if parent, err := storage.Parent(u); err == nil {
		syncFolder(parent)
	}
	return nil
}

// saveInSlot writes the sealed bytes, in one Write, to the slot that does
// not hold the newest save, with the next sequence number.
func (st *Store) saveInSlot(data []byte) error {
	state := st.state
	if !state.known {
		f, err := st.look()
		if err != nil {
			return err
		}
		st.remember(f)
	}
	slots, err := st.slots()
	if err != nil {
		return err
	}
	i, seq := 0, uint64(1)
	if state.newest >= 0 {
		i, seq = 1-state.newest, state.seq+1
	}
	if st.beforeCommit != nil {
		if err := st.beforeCommit(); err != nil {
			return err
		}
	}
	if err := write(slots[i], sealSlot(seq, data)); err != nil {
		// The slot may hold anything now, and the folder may be gone: the
		// next save looks again.
		state.known = false
		st.s.forgetFolders()
		return err
	}
	state.newest, state.seq = i, seq
	if state.legacy {
		// The earlier copy way's files are older than this save, and no
		// longer read: a failure leaves them for the next save to delete.
		state.legacy = st.deleteLegacy() != nil
	}
	return nil
}

// slots returns the URIs of <name>.a and <name>.b.
func (st *Store) slots() ([2]fyne.URI, error) {
	state := st.state
	if state.slots[0] == nil {
		for i, suffix := range slotSuffixes {
			u, err := st.s.child(st.name + suffix)
			if err != nil {
				return state.slots, err
			}
			state.slots[i] = u
		}
	}
	return state.slots, nil
}

// found is what look finds of a save in the copy way.
type found struct {
	slots  [2]slot
	newest int // the slot with the newest whole save; -1: none
	// The earlier copy way's <name> and <name>.next exist.
	legacy, legacyNext bool
}

// slot is what a slot holds.
type slot struct {
	read  bool // it could be read (it exists, with data)
	whole bool // its seal holds
	seq   uint64
	data  []byte
}

// look reads both slots, and whether files of the earlier copy way are
// there. A slot that cannot be read or whose seal does not hold is one a
// save was cut off writing (or none): it holds no save.
func (st *Store) look() (found, error) {
	f := found{newest: -1}
	slots, err := st.slots()
	if err != nil {
		return f, err
	}
	var legacy [2]fyne.URI // <name>, <name>.next
	for i, suffix := range []string{"", nextSuffix} {
		if legacy[i], err = st.s.child(st.name + suffix); err != nil {
			return f, err
		}
	}
	// The four are asked at once: in a browser each is an IndexedDB round
	// trip, and a start looks at a dozen saves, most of them not there.
	var (
		wg       sync.WaitGroup
		held     [2][]byte
		readErr  [2]error
		there    [2]bool
		thereErr [2]error
	)
	for i := range 2 {
		if st.s.listedAbsent(slots[i]) {
			readErr[i] = fs.ErrNotExist
		} else {
			wg.Go(func() { held[i], readErr[i] = read(slots[i]) })
		}
		if !st.s.listedAbsent(legacy[i]) {
			wg.Go(func() { there[i], thereErr[i] = storage.Exists(legacy[i]) })
		}
	}
	wg.Wait()
	for i := range 2 {
		if readErr[i] != nil {
			continue
		}
		s := &f.slots[i]
		s.read = true
		s.seq, s.data, s.whole = unsealSlot(held[i])
		if s.whole && (f.newest < 0 || s.seq > f.slots[f.newest].seq) {
			f.newest = i
		}
	}
	if err := errors.Join(thereErr[:]...); err != nil {
		return f, err
	}
	f.legacy, f.legacyNext = there[0], there[1]
	return f, nil
}

// remember keeps what look found for the saves to come.
func (st *Store) remember(f found) {
	st.state.known, st.state.newest, st.state.legacy = true, f.newest, f.legacy || f.legacyNext
	if f.newest >= 0 {
		st.state.seq = f.slots[f.newest].seq
	}
}

// newest returns the bytes of the newest save f found: the newest whole
// slot, else the earlier copy way's <name>.next when its seal holds (a save
// cut off after it was complete), else its <name>.
func (st *Store) newest(f found) ([]byte, error) {
	if f.newest >= 0 {
		return f.slots[f.newest].data, nil
	}
	if f.legacyNext {
		if u, err := st.s.child(st.name + nextSuffix); err == nil {
			if b, err := read(u); err == nil {
				if data, ok := unseal(b); ok {
					return data, nil
				}
			}
		}
	}
	if !f.legacy {
		return nil, fmt.Errorf("%s: %w", st.name, fs.ErrNotExist)
	}
	u, err := st.s.child(st.name)
	if err != nil {
		return nil, err
	}
	return read(u)
}

// deleteAll deletes every file of the save f found, oldest first, so that
// a cut in between leaves the save as it was (or none): the earlier copy
// way's <name> then <name>.next, then the slots holding no save, then the
// older slot, then the newest.
func (st *Store) deleteAll(f found) error {
	if err := st.deleteLegacy(); err != nil {
		return err
	}
	slots, err := st.slots()
	if err != nil {
		return err
	}
	order := []int{0, 1}
	if f.newest == 0 {
		order = []int{1, 0}
	}
	for _, i := range order {
		if !f.slots[i].read {
			// Perhaps metadata without data (a cut IndexedDB write).
			if ok, err := storage.Exists(slots[i]); err != nil {
				return err
			} else if !ok {
				continue
			}
		}
		if err := storage.Delete(slots[i]); err != nil {
			return err
		}
	}
	return nil
}

// deleteLegacy deletes the earlier copy way's <name>, then <name>.next (a
// cut in between leaves the <name>.next, newer, as before).
func (st *Store) deleteLegacy() error {
	for _, name := range []string{st.name, st.name + nextSuffix} {
		u, err := st.s.child(name)
		if err != nil {
			return err
		}
		if err := deleteIfThere(u); err != nil {
			return err
		}
	}
	return nil
}

// deleteIfThere deletes u when it exists.
func deleteIfThere(u fyne.URI) error {
	ok, err := storage.Exists(u)
	if err != nil || !ok {
		return err
	}
	return storage.Delete(u)
}

// Load returns the saved bytes; an error wrapping fs.ErrNotExist when there
// is no save.
func (st *Store) Load() ([]byte, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.s.rename {
		f, err := st.look()
		if err != nil {
			return nil, err
		}
		st.remember(f)
		return st.newest(f)
	}
	u, err := st.s.child(st.name)
	if err != nil {
		return nil, err
	}
	ok, err := storage.Exists(u)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s: %w", st.name, fs.ErrNotExist)
	}
	return read(u)
}

// SetAside keeps the save under companion.AsideName and returns where: the
// path for a file, the URI otherwise.
func (st *Store) SetAside(now time.Time) (string, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.s.forgetListing()
	aside, err := st.setAside(now)
	if err != nil {
		return "", fmt.Errorf("could not move the unreadable saved game aside: %w", err)
	}
	if aside.Scheme() == "file" {
		return aside.Path(), nil
	}
	return aside.String(), nil
}

func (st *Store) setAside(now time.Time) (fyne.URI, error) {
	aside, err := st.s.child(companion.AsideName(st.name, now))
	if err != nil {
		return nil, err
	}
	if !st.s.rename {
		// Copy the save, plain, then delete it: a cut in between keeps
		// both, and the next start sets the save aside again.
		f, err := st.look()
		if err != nil {
			return nil, err
		}
		b, err := st.newest(f)
		if err != nil {
			return nil, err
		}
		if err := write(aside, b); err != nil {
			return nil, err
		}
		return aside, st.deleteAllAndRemember(f)
	}
	u, err := st.s.child(st.name)
	if err != nil {
		return nil, err
	}
	if ok, err := storage.Exists(u); err != nil || !ok {
		return nil, fmt.Errorf("%s: %w", st.name, errors.Join(err, fs.ErrNotExist))
	}
	return aside, storage.Move(u, aside)
}

// Remove deletes the save, if there is one.
func (st *Store) Remove() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.s.forgetListing()
	if !st.s.rename {
		f, err := st.look()
		if err != nil {
			return err
		}
		return st.deleteAllAndRemember(f)
	}
	u, err := st.s.child(st.name)
	if err != nil {
		return err
	}
	return deleteIfThere(u)
}

// deleteAllAndRemember deletes the save f found; the next save then
// starts again from the first slot.
func (st *Store) deleteAllAndRemember(f found) error {
	if err := st.deleteAll(f); err != nil {
		st.state.known = false
		return err
	}
	st.remember(found{newest: -1})
	return nil
}

// RemoveLeftovers deletes the temporary files of renaming saves that were
// cut off before their rename; the save itself is untouched.
func (st *Store) RemoveLeftovers() {
	if !st.s.rename {
		return // the copy way leaves no temporary files: a cut spoils a slot, which the next save writes
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	u, err := st.s.child(st.name)
	if err != nil {
		return
	}
	parent, err := storage.Parent(u)
	if err != nil {
		return
	}
	if ok, err := storage.Exists(parent); err != nil || !ok {
		return
	}
	children, err := storage.List(parent)
	if err != nil {
		return
	}
	prefix := u.Name() + ".tmp-"
	for _, c := range children {
		if strings.HasPrefix(c.Name(), prefix) {
			_ = storage.Delete(c)
		}
	}
}

// write puts data in u in a single Write call: one record put in IndexedDB.
// Where the writer can sync (an os file), the bytes reach the disk before
// write returns.
func write(u fyne.URI, data []byte) error {
	w, err := storage.Writer(u)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		_ = w.Close()
		return err
	}
	if f, ok := w.(interface{ Sync() error }); ok {
		if err := f.Sync(); err != nil {
			_ = w.Close()
			return err
		}
	}
	return w.Close()
}

// syncFolder makes a rename in the folder durable where the folder can be
// opened and synced (an os directory).
func syncFolder(dir fyne.URI) {
	r, err := storage.Reader(dir)
	if err != nil {
		return
	}
	if f, ok := r.(interface{ Sync() error }); ok {
		_ = f.Sync()
	}
	_ = r.Close()
}

// read returns the whole content of u. IndexedDB's reader gives at most
// len(p) bytes from the start with io.EOF on every call
// (indexdb_file_wasm.go:160-175), so a buffer that comes back full is not
// known to hold the whole file: read again, from the start, with one twice
// as big. Other readers are plain streams, which this reads the same way.
func read(u fyne.URI) ([]byte, error) {
	for size := 64 << 10; size <= 1<<30; size *= 2 {
		r, err := storage.Reader(u)
		if err != nil {
			return nil, err
		}
		buf := make([]byte, size)
		n, err := io.ReadFull(r, buf)
		_ = r.Close()
		switch {
		case err == nil:
			continue // full: there may be more
		case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
			return buf[:n], nil
		default:
			return nil, err
		}
	}
	return nil, fmt.Errorf("%s is too large to be a save", u)
}

var slotSuffixes = [2]string{".a", ".b"}

// slotMark begins a sealed slot; then come its sequence number and the
// length of what it holds (8 bytes each, big endian), the CRC-32C of both
// and of what it holds (4 bytes), and that: the save deflated
// (compress/flate). plainSlotMark begins a slot of an earlier build, which
// holds the save as it is; those are still read.
//
// A CRC-32C, as LevelDB's log (under Chrome's IndexedDB) and ext4's journal
// check their records, not a SHA-256: what it guards against is a write cut
// off (in IndexedDB the data of the slot is whole or missing; a file is cut
// short, or holds blocks a power cut left unwritten), not someone forging a
// save, and in a browser's wasm it hashes a 36 KiB save in 0.12 ms where
// SHA-256 takes 0.58 ms (four times that on a slow phone).
//
// Deflated because a save is mostly its undo stack, a hundred whole states
// that differ a little each: BestSpeed makes ADELE's saves (about 55 KiB)
// some 7 % of their size in about 0.3 ms of a browser's wasm, and in
// IndexedDB a small value costs less to put than a large one.
const (
	slotMark      = "\x00boardside-slot2"
	plainSlotMark = "\x00boardside-slot1"
	slotHeader    = len(slotMark) + 8 + 8 + 4
	// maxSave bounds what a slot may inflate to: a slot that would give
	// more is damaged, not a save (the largest saves are a few hundred KiB).
	maxSave = 64 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// deflaters keeps flate writers for sealSlot: each holds some hundreds of
// KiB of tables, which a save would otherwise allocate and drop.
var deflaters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed) // BestSpeed is a valid level: no error
	return w
}}

// sealSlot returns data deflated and sealed for a slot, with its sequence
// number.
func sealSlot(seq uint64, data []byte) []byte {
	buf := bytes.NewBuffer(make([]byte, slotHeader, slotHeader+len(data)/4+64))
	w := deflaters.Get().(*flate.Writer)
	w.Reset(buf)
	// A bytes.Buffer takes every write, so neither call can fail.
	_, _ = w.Write(data)
	_ = w.Close()
	deflaters.Put(w)
	out := buf.Bytes()
	putSeal(out, slotMark, seq)
	return out
}

// putSeal writes the header of a slot into out[:slotHeader], sealing what
// follows it.
func putSeal(out []byte, mark string, seq uint64) {
	copy(out, mark)
	h, held := out[len(mark):slotHeader], out[slotHeader:]
	binary.BigEndian.PutUint64(h, seq)
	binary.BigEndian.PutUint64(h[8:], uint64(len(held)))
	binary.BigEndian.PutUint32(h[16:], crc32.Update(crc32.Checksum(h[:16], castagnoli), castagnoli, held))
}

// unsealSlot returns the sequence number and the save sealed in b, and
// whether the seal holds: a slot a save was cut off writing does not.
func unsealSlot(b []byte) (seq uint64, data []byte, ok bool) {
	if len(b) < slotHeader {
		return 0, nil, false
	}
	mark := string(b[:len(slotMark)])
	if mark != slotMark && mark != plainSlotMark {
		return 0, nil, false
	}
	h, held := b[len(slotMark):slotHeader], b[slotHeader:]
	if binary.BigEndian.Uint64(h[8:]) != uint64(len(held)) ||
		binary.BigEndian.Uint32(h[16:]) != crc32.Update(crc32.Checksum(h[:16], castagnoli), castagnoli, held) {
		return 0, nil, false
	}
	if mark == plainSlotMark {
		return binary.BigEndian.Uint64(h), held, true
	}
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(held)), maxSave+1))
	if err != nil || len(data) > maxSave {
		return 0, nil, false
	}
	return binary.BigEndian.Uint64(h), data, true
}

// The earlier copy way, whose files are still read: a save was written
// sealed to <name>.next, then plain over <name>, then <name>.next deleted.
const (
	nextSuffix = ".next"
	// sealMark ends a sealed <name>.next, after the SHA-256 of its bytes.
	sealMark = "\x00boardside-next1"
)

// seal is how the earlier copy way sealed a <name>.next.
func seal(data []byte) []byte {
	sum := sha256.Sum256(data)
	out := make([]byte, 0, len(data)+len(sum)+len(sealMark))
	return append(append(append(out, data...), sum[:]...), sealMark...)
}

// unseal returns the bytes sealed in b, and whether the seal holds: a
// <name>.next cut short or never written whole does not.
func unseal(b []byte) ([]byte, bool) {
	n := len(b) - sha256.Size - len(sealMark)
	if n < 0 || string(b[n+sha256.Size:]) != sealMark {
		return nil, false
	}
	data, sum := b[:n], sha256.Sum256(b[:n])
	return data, bytes.Equal(sum[:], b[n:n+sha256.Size])
}
