package companion

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"boardside/timers"
)

// Store keeps one save: a session, an owner's game data, a history, a
// sharing token. Saves are atomic: a save cut off at any moment (a crash, a
// killed process, a closed browser tab) leaves the previous save or the new
// one readable, never a mix, and a Save that returned nil is never lost.
//
// The app gives its sessions stores over Fyne's storage URIs (files on
// desktop and mobile, IndexedDB in a browser); boardside serve and the
// benches give them a FileStore. companion never sees which.
type Store interface {
	// Save replaces the save with data.
	Save(data []byte) error
	// Load returns the saved bytes; an error wrapping fs.ErrNotExist when
	// there is no save yet.
	Load() ([]byte, error)
	// SetAside keeps the save under the name AsideName gives, so it is no
	// longer read but nothing is lost. It returns where it was kept, in
	// words for the player (a path, or a URI).
	SetAside(now time.Time) (string, error)
	// Remove deletes the save; removing a save that does not exist is not
	// an error.
	Remove() error
}

// Storage names the stores of one place by slash-separated relative names:
// "sessions/marsmaze.json", "sessions/marsmaze.token", "data/adele.json",
// "aquasphere-history.json".
type Storage interface {
	Store(name string) Store
}

// LeftoverRemover is a Store that can delete what a save cut off halfway
// left beside it (temporary files). Open calls it when a store has it.
type LeftoverRemover interface {
	RemoveLeftovers()
}

// AsideName is the name a save called name is kept under when SetAside
// moves it out of the way at now.
func AsideName(name string, now time.Time) string {
	return name + ".unreadable-" + now.Format("20060102-150405")
}

// Dir is a Storage of plain files under a folder, for boardside serve, the
// benches and tests.
type Dir string

// Store returns the FileStore for name under the folder.
func (d Dir) Store(name string) Store {
	return NewStore(filepath.Join(string(d), filepath.FromSlash(name)))
}

// FileStore keeps one save file on disk. Writes are atomic: a crash at any
// moment leaves either the previous save or the new one, never a mix.
type FileStore struct {
	Path string
	// beforeRename lets tests stop a save between the temp write and the
	// rename, as a crash would.
	beforeRename func() error
}

// NewStore returns a FileStore for the file at path; its folder is created
// on first save.
func NewStore(path string) *FileStore { return &FileStore{Path: path} }

// Save writes data to a temporary file in the same folder, syncs it to
// disk, and renames it over the save file.
func (st *FileStore) Save(data []byte) (err error) {
	dir := filepath.Dir(st.Path)
	if err := os.MkdirAll(dir, 0o700); err != nil { // the player's alone; CreateTemp makes the file 0600
		return fmt.Errorf("could not create the folder for saved games: %w", err)
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(st.Path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("could not save the game: %w", err)
	}
	defer func() {
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("could not save the game: %w", err)
	}
	if err = tmp.Sync(); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("could not save the game: %w", err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("could not save the game: %w", err)
	}
	if st.beforeRename != nil {
		if err = st.beforeRename(); err != nil {
			return err
		}
	}
	if err = os.Rename(tmp.Name(), st.Path); err != nil {
		return fmt.Errorf("could not save the game: %w", err)
	}
	syncDir(dir)
	return nil
}

// syncDir makes the rename itself durable where the platform allows it.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = d.Sync()
	_ = d.Close()
}

// Load returns the saved bytes; fs.ErrNotExist when there is no save yet.
func (st *FileStore) Load() ([]byte, error) { return os.ReadFile(st.Path) }

// SetAside renames the save file to a name with the time in it, so it is
// kept for inspection but no longer read. It returns the new path.
func (st *FileStore) SetAside(now time.Time) (string, error) {
	aside := AsideName(st.Path, now)
	if err := os.Rename(st.Path, aside); err != nil {
		return "", fmt.Errorf("could not move the unreadable saved game aside: %w", err)
	}
	return aside, nil
}

// Remove deletes the save file, if there is one.
func (st *FileStore) Remove() error {
	if err := os.Remove(st.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// RemoveLeftovers deletes temporary files left by a save that was cut off
// before its rename; the save file itself is untouched.
func (st *FileStore) RemoveLeftovers() {
	leftovers, _ := filepath.Glob(st.Path + ".tmp-*")
	for _, f := range leftovers {
		_ = os.Remove(f)
	}
}

// SetAsideError reports a save file that could not be read and was moved
// aside. The game starts clean; the file is kept at Path.
type SetAsideError struct {
	Path  string
	Cause error
}

func (e *SetAsideError) Error() string {
	return fmt.Sprintf("%v. It was kept as %s and a new game was started.", e.Cause, e.Path)
}

func (e *SetAsideError) Unwrap() error { return e.Cause }

// Open loads the session saved in st and makes it save itself there after
// every change. With no save it returns (nil, nil). An unreadable save, or
// one of an unknown format, is moved aside and reported as a
// *SetAsideError.
func Open(st Store, rules *Rules, clock timers.Clock, onSaveError func(error)) (*Session, error) {
	if r, ok := st.(LeftoverRemover); ok {
		r.RemoveLeftovers()
	}
	data, err := st.Load()
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("could not read the saved game: %w", err)
	}
	s, err := Decode(data, rules, clock)
	if err != nil {
		aside, moveErr := st.SetAside(clock.Now())
		if moveErr != nil {
			return nil, errors.Join(err, moveErr)
		}
		return nil, &SetAsideError{Path: aside, Cause: err}
	}
	s.SaveTo(st.Save, onSaveError)
	return s, nil
}

// Attach makes a new session save itself in st from now on, and saves it
// once so that it can be resumed even before its first action.
func Attach(s *Session, st Store, onSaveError func(error)) error {
	data, err := s.Encode()
	if err != nil {
		return err
	}
	if err := st.Save(data); err != nil {
		return err
	}
	s.SaveTo(st.Save, onSaveError)
	return nil
}
