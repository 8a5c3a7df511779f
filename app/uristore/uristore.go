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
//   - Browser: the root is idbfile:///fyne/ (app/preferences_wasm.go:14-16),
//     the IndexedDB repository (internal/repository/indexdb_wasm.go). Its
//     Move is repository.GenericMove (indexdb_wasm.go:329-331), a copy
//     through io.Copy then a delete (storage/repository/generic.go:173-232):
//     not atomic, and since its reader hands out at most len(p) bytes from
//     the start with io.EOF on every call (indexdb_file_wasm.go:160-175),
//     io.Copy's 32 KiB buffer cuts a larger file short. A writer's Write is
//     three IndexedDB transactions: delete the data, put the metadata, put
//     the whole data as one Blob (indexdb_file_wasm.go:66-145). So a file
//     written in one Write call is, whatever moment the tab closes, either
//     the old bytes, gone (its metadata without data: Read fails), or the
//     whole new bytes; never a mix. Saves there go the "copy" way.
//
// The copy way, for every root whose Move is not a rename: write the new
// bytes, sealed with their length and SHA-256, to <name>.next; then write
// them over <name>; then delete <name>.next. Load first looks for a
// <name>.next whose seal holds: if there is one, the save was cut off after
// it was complete, so its bytes are the newest and are written over <name>
// (rolled forward); a broken one is deleted. A cut at any moment thus
// leaves the previous save or the new one, and a Save that returned nil is
// never lost.
package uristore

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"

	"boardside/companion"
)

// Storage is a companion.Storage under a folder URI of Fyne's storage.
type Storage struct {
	root fyne.URI
	// rename says storage.Move is an atomic rename under root.
	rename bool

	mu    sync.Mutex
	locks map[string]*sync.Mutex // one per save name: a save at a time
	dirs  map[string]bool        // folders known to exist
}

// New returns the storage under root, which must exist (Fyne makes the
// app's storage root at start, app/app.go:139-152).
func New(root fyne.URI) *Storage {
	return newStorage(root, renames(root))
}

func newStorage(root fyne.URI, rename bool) *Storage {
	return &Storage{root: root, rename: rename, locks: map[string]*sync.Mutex{}, dirs: map[string]bool{}}
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
	l := s.locks[name]
	if l == nil {
		l = &sync.Mutex{}
		s.locks[name] = l
	}
	return &Store{s: s, name: name, mu: l}
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
			if err := storage.CreateListable(u); err != nil {
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
	s    *Storage
	name string
	mu   *sync.Mutex
	// beforeCommit lets tests stop a save once its new bytes are written
	// aside, before they replace the save, as a crash there would.
	beforeCommit func() error
}

// Save replaces the save with data, atomically (see the package comment).
func (st *Store) Save(data []byte) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if err := st.save(data); err != nil {
		return fmt.Errorf("could not save the game: %w", err)
	}
	return nil
}

func (st *Store) save(data []byte) error {
	if err := st.s.makeFolders(st.name); err != nil {
		return fmt.Errorf("could not create the folder for saved games: %w", err)
	}
	u, err := st.s.child(st.name)
	if err != nil {
		return err
	}
	if st.s.rename {
		return st.saveByRename(u, data)
	}
	return st.saveByCopy(u, data)
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

// saveByCopy writes the sealed bytes to <name>.next, then the bytes over
// the save, then deletes <name>.next.
func (st *Store) saveByCopy(u fyne.URI, data []byte) error {
	next, err := st.s.child(st.name + nextSuffix)
	if err != nil {
		return err
	}
	if err := write(next, seal(data)); err != nil {
		st.s.forgetFolders()
		return err
	}
	if st.beforeCommit != nil {
		if err := st.beforeCommit(); err != nil {
			return err
		}
	}
	if err := write(u, data); err != nil {
		return err
	}
	// The save is complete: a <name>.next left behind holds the same bytes.
	_ = storage.Delete(next)
	return nil
}

// Load returns the saved bytes; an error wrapping fs.ErrNotExist when there
// is no save.
func (st *Store) Load() ([]byte, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	u, err := st.s.child(st.name)
	if err != nil {
		return nil, err
	}
	if !st.s.rename {
		if b, ok := st.rollForward(u); ok {
			return b, nil
		}
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

// rollForward finishes a save that was cut off after its <name>.next was
// complete, and returns its bytes. A broken <name>.next is deleted.
func (st *Store) rollForward(u fyne.URI) ([]byte, bool) {
	next, err := st.s.child(st.name + nextSuffix)
	if err != nil {
		return nil, false
	}
	if ok, err := storage.Exists(next); err != nil || !ok {
		return nil, false
	}
	b, err := read(next)
	data, sealed := unseal(b)
	if err != nil || !sealed {
		_ = storage.Delete(next)
		return nil, false
	}
	if write(u, data) == nil {
		_ = storage.Delete(next)
	} // else the next Load rolls forward again
	return data, true
}

// SetAside keeps the save under companion.AsideName and returns where: the
// path for a file, the URI otherwise.
func (st *Store) SetAside(now time.Time) (string, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
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
	u, err := st.s.child(st.name)
	if err != nil {
		return nil, err
	}
	aside, err := st.s.child(companion.AsideName(st.name, now))
	if err != nil {
		return nil, err
	}
	if ok, err := storage.Exists(u); err != nil || !ok {
		return nil, fmt.Errorf("%s: %w", st.name, errors.Join(err, fs.ErrNotExist))
	}
	if st.s.rename {
		return aside, storage.Move(u, aside)
	}
	// Copy, then delete: a cut in between keeps both, and the next start
	// sets the save aside again.
	_, _ = st.rollForward(u) // a save cut off is finished first: it is the one set aside
	b, err := read(u)
	if err != nil {
		return nil, err
	}
	if err := write(aside, b); err != nil {
		return nil, err
	}
	return aside, storage.Delete(u)
}

// Remove deletes the save, if there is one.
func (st *Store) Remove() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	// The save, then a <name>.next a cut save may have left: cut in
	// between, that finished save is the one read, as before Remove.
	for _, name := range []string{st.name, st.name + nextSuffix} {
		u, err := st.s.child(name)
		if err != nil {
			return err
		}
		ok, err := storage.Exists(u)
		if err != nil {
			return err
		}
		if ok {
			if err := storage.Delete(u); err != nil {
				return err
			}
		}
	}
	return nil
}

// RemoveLeftovers deletes the temporary files of renaming saves that were
// cut off before their rename; the save itself is untouched.
func (st *Store) RemoveLeftovers() {
	if !st.s.rename {
		return // the copy way leaves only <name>.next, which Load handles
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

// write puts data in u in a single Write call: one Blob put in IndexedDB.
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

const (
	nextSuffix = ".next"
	// sealMark ends a sealed <name>.next, after the SHA-256 of its bytes.
	sealMark = "\x00boardside-next1"
)

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
