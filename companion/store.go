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

// Store keeps one save file on disk. Writes are atomic: a crash at any
// moment leaves either the previous save or the new one, never a mix.
type Store struct {
	Path string
	// beforeRename lets tests stop a save between the temp write and the
	// rename, as a crash would.
	beforeRename func() error
}

// NewStore returns a Store for the file at path; its folder is created on
// first save.
func NewStore(path string) *Store { return &Store{Path: path} }

// Save writes data to a temporary file in the same folder, syncs it to
// disk, and renames it over the save file.
func (st *Store) Save(data []byte) (err error) {
	dir := filepath.Dir(st.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
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
func (st *Store) Load() ([]byte, error) { return os.ReadFile(st.Path) }

// SetAside renames the save file to a name with the time in it, so it is
// kept for inspection but no longer read. It returns the new path.
func (st *Store) SetAside(now time.Time) (string, error) {
	aside := fmt.Sprintf("%s.unreadable-%s", st.Path, now.Format("20060102-150405"))
	if err := os.Rename(st.Path, aside); err != nil {
		return "", fmt.Errorf("could not move the unreadable saved game aside: %w", err)
	}
	return aside, nil
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
// every change. With no save file it returns (nil, nil). An unreadable
// file, or one of an unknown format, is moved aside and reported as a
// *SetAsideError.
func Open(st *Store, rules *Rules, clock timers.Clock, onSaveError func(error)) (*Session, error) {
	st.removeTemps()
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
func Attach(s *Session, st *Store, onSaveError func(error)) error {
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

// removeTemps deletes temporary files left by a save that was cut off
// before its rename; the save file itself is untouched.
func (st *Store) removeTemps() {
	leftovers, _ := filepath.Glob(st.Path + ".tmp-*")
	for _, f := range leftovers {
		_ = os.Remove(f)
	}
}
