package uristore

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// importedMark is the save that says the files of an earlier version were
// imported, so that it happens once.
const importedMark = "imported-saves.txt"

// Import copies, once, the saves an earlier version of Boardside kept as
// files in the folder from into the storage: sessions/*.json, *.token and
// *.sharing, data/*.json and aquasphere-history.json. A save the storage
// already has is newer and stays. It returns the names it copied; after a
// failure it tries again at the next call.
func (s *Storage) Import(from fyne.URI, now time.Time) ([]string, error) {
	if _, err := s.store(importedMark).Load(); err == nil {
		return nil, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	names, err := legacySaves(from)
	if err != nil {
		return nil, err
	}
	var copied []string
	for _, name := range names {
		st := s.store(name)
		if _, err := st.Load(); err == nil {
			continue // the storage's own is newer
		} else if !errors.Is(err, fs.ErrNotExist) {
			return copied, err
		}
		src, err := storage.Child(from, name)
		if err != nil {
			return copied, err
		}
		b, err := read(src)
		if err != nil {
			return copied, fmt.Errorf("could not read %s: %w", name, err)
		}
		if err := st.Save(b); err != nil {
			return copied, err
		}
		copied = append(copied, name)
	}
	note := fmt.Sprintf("Saves imported from %s on %s: %s\n", from, now.Format(time.RFC3339), strings.Join(copied, ", "))
	return copied, s.store(importedMark).Save([]byte(note))
}

// legacySaves lists the saves under from, by their names in the storage.
func legacySaves(from fyne.URI) ([]string, error) {
	var names []string
	for _, f := range []struct {
		dir      string
		suffixes []string
	}{
		{"", []string{"aquasphere-history.json"}},
		{"sessions", []string{".json", ".token", ".sharing"}},
		{"data", []string{".json"}},
	} {
		dir := from
		if f.dir != "" {
			var err error
			if dir, err = storage.Child(from, f.dir); err != nil {
				return nil, err
			}
		}
		if ok, err := storage.CanList(dir); err != nil || !ok {
			continue // no such folder: nothing saved there
		}
		children, err := storage.List(dir)
		if err != nil {
			return nil, err
		}
		for _, c := range children {
			if !hasSuffix(c.Name(), f.suffixes) {
				continue
			}
			if ok, _ := storage.CanList(c); ok {
				continue
			}
			if f.dir == "" {
				names = append(names, c.Name())
			} else {
				names = append(names, f.dir+"/"+c.Name())
			}
		}
	}
	return names, nil
}

func hasSuffix(name string, suffixes []string) bool {
	for _, s := range suffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}
