// Package memrepo is an in-memory Fyne storage repository: for tests, and
// in a browser that keeps nothing (app/uristore's Fallback goes on in one,
// made by New, once IndexedDB refuses). It can behave as Fyne 2.7.1's
// IndexedDB repository (the browser's storage,
// internal/repository/indexdb_wasm.go and indexdb_file_wasm.go) does, or as
// a plain stream of bytes that a kill can cut short (mobile), and it can
// stop at any step, as a closed tab or a killed app does.
package memrepo

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
)

// Model is how a write reaches storage, step by step.
type Model int

const (
	// IndexedDB: a Write deletes the file's data, then puts its metadata
	// (now it exists), then puts the whole data as one Blob, each its own
	// transaction (indexdb_file_wasm.go:66-145). A reader returns at most
	// len(p) bytes from the start and io.EOF on every call, and fails when
	// the data is missing (:160-175); Reader itself never fails.
	IndexedDB Model = iota
	// Stream: a write truncates the file, then writes its first half, then
	// the rest, as a file a killed app was writing. Reads are plain
	// streams; opening a missing file fails.
	Stream
)

func (m Model) String() string {
	if m == Stream {
		return "stream"
	}
	return "IndexedDB"
}

// ErrCut is what every operation returns once the repository was cut.
var ErrCut = errors.New("the tab was closed")

type file struct {
	data    []byte
	hasData bool
}

// Repo is the repository; register it with Register.
type Repo struct {
	model Model

	mu    sync.Mutex
	files map[string]*file // path → file (metadata present)
	dirs  map[string]bool
	steps int // changes made so far
	cutAt int // with cutAt > 0, changes stop once steps reaches it
	trips int // requests IndexedDB would have served so far
}

var schemes atomic.Int64

// Register makes a new, empty repository under a scheme of its own and
// returns it with its root folder URI, which exists.
func Register(model Model) (*Repo, fyne.URI) {
	r := New(model)
	scheme := fmt.Sprintf("memrepo%d", schemes.Add(1))
	repository.Register(scheme, r)
	root, err := storage.ParseURI(scheme + ":///fyne")
	if err != nil {
		panic(err)
	}
	r.dirs["/fyne"] = true
	return r, root
}

// New returns a new, empty repository, registered under no scheme: the
// caller serves it under its own (app/uristore's Fallback).
func New(model Model) *Repo {
	return &Repo{model: model, files: map[string]*file{}, dirs: map[string]bool{"/": true}}
}

// Dump returns every folder and every file with its bytes (a file whose
// data is missing has none), by path.
func (r *Repo) Dump() (dirs []string, files map[string][]byte, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	files = map[string][]byte{}
	for p, f := range r.files {
		if f.hasData {
			files[p] = append([]byte(nil), f.data...)
		}
	}
	for d := range r.dirs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs, files, nil
}

// CutAfter makes the repository stop after n more changes: the n+1st and
// every later one fail with ErrCut, as if the tab had closed there.
func (r *Repo) CutAfter(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cutAt = r.steps + n + 1
}

// Heal undoes CutAfter: what a restart sees.
func (r *Repo) Heal() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cutAt = 0
}

// Steps is the number of changes made so far.
func (r *Repo) Steps() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.steps
}

// RoundTrips is the number of requests Fyne's IndexedDB repository would
// have made so far, each awaited in turn: one for an Exists, a CanList, a
// List, a CreateListable or a Read; two for a Delete (the metadata, then
// the data); for a Write, a delete of the data on a writer's first, then a
// put of the metadata and one of the data. Reader and Writer make none.
func (r *Repo) RoundTrips() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.trips
}

// trip counts n round trips; r.mu is held.
func (r *Repo) trip(n int) { r.trips += n }

// Paths lists the files there are, with metadata, sorted.
func (r *Repo) Paths() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for p := range r.files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// step makes one change with f, unless the repository is cut.
func (r *Repo) step(f func()) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cutAt > 0 && r.steps+1 >= r.cutAt {
		return ErrCut
	}
	r.steps++
	r.trips++
	f()
	return nil
}

func clean(u fyne.URI) string { return path.Clean("/" + u.Path()) }

// Exists is true for a file with metadata, data or not, as IndexedDB's.
func (r *Repo) Exists(u fyne.URI) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.trip(1)
	p := clean(u)
	return r.files[p] != nil || r.dirs[p], nil
}

func (r *Repo) CanRead(u fyne.URI) (bool, error) { return r.Exists(u) }

func (r *Repo) CanWrite(u fyne.URI) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.trip(1)
	return !r.dirs[clean(u)], nil
}

func (r *Repo) Destroy(string) {}

func (r *Repo) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	p := clean(u)
	if r.model == Stream {
		r.mu.Lock()
		r.trip(1)
		f := r.files[p]
		var data []byte
		if f != nil {
			data = append([]byte(nil), f.data...)
		}
		r.mu.Unlock()
		if f == nil {
			return nil, fmt.Errorf("open %s: no such file", p)
		}
		return &streamReader{Reader: bytes.NewReader(data), uri: u}, nil
	}
	return &idbReader{r: r, path: p, uri: u}, nil
}

type streamReader struct {
	*bytes.Reader
	uri fyne.URI
}

func (s *streamReader) Close() error  { return nil }
func (s *streamReader) URI() fyne.URI { return s.uri }

type idbReader struct {
	r    *Repo
	path string
	uri  fyne.URI
}

// Read gives the first len(p) bytes, from the start every time, and
// io.EOF, as idbfile.Read does.
func (i *idbReader) Read(p []byte) (int, error) {
	i.r.mu.Lock()
	defer i.r.mu.Unlock()
	i.r.trip(1)
	f := i.r.files[i.path]
	if f == nil || !f.hasData {
		return 0, errors.New("idbfile undefined")
	}
	return copy(p, f.data), io.EOF
}

func (i *idbReader) Close() error  { return nil }
func (i *idbReader) URI() fyne.URI { return i.uri }

func (r *Repo) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &writer{r: r, path: clean(u), uri: u}, nil
}

type writer struct {
	r       *Repo
	path    string
	uri     fyne.URI
	written []byte
	started bool
}

func (w *writer) Write(p []byte) (int, error) {
	r, whole := w.r, append(append([]byte(nil), w.written...), p...)
	put := func(data []byte, hasData bool) func() {
		return func() { r.files[w.path] = &file{data: append([]byte(nil), data...), hasData: hasData} }
	}
	var steps []func()
	switch r.model {
	case IndexedDB:
		if !w.started { // delete the old data, once per writer
			steps = append(steps, func() {
				if f := r.files[w.path]; f != nil {
					f.data, f.hasData = nil, false
				}
			})
		}
		meta := func() { // the metadata put: the file exists, its data as it was
			if r.files[w.path] == nil {
				r.files[w.path] = &file{}
			}
		}
		steps = append(steps, meta, put(whole, true))
	case Stream:
		if !w.started {
			steps = append(steps, put(nil, true))
		}
		steps = append(steps, put(whole[:len(w.written)+len(p)/2], true), put(whole, true))
	}
	w.started = true
	for _, s := range steps {
		if err := r.step(s); err != nil {
			return 0, err
		}
	}
	w.written = whole
	return len(p), nil
}

func (w *writer) Close() error  { return nil }
func (w *writer) URI() fyne.URI { return w.uri }

func (r *Repo) Delete(u fyne.URI) error {
	p := clean(u)
	r.mu.Lock()
	_, ok := r.files[p]
	if ok {
		r.trip(1) // the data's delete; step counts the metadata's
	}
	r.mu.Unlock()
	if !ok {
		return fmt.Errorf("delete %s: no such file", p)
	}
	return r.step(func() { delete(r.files, p) })
}

func (r *Repo) Parent(u fyne.URI) (fyne.URI, error) { return repository.GenericParent(u) }

func (r *Repo) Child(u fyne.URI, name string) (fyne.URI, error) {
	return repository.GenericChild(u, name)
}

func (r *Repo) CanList(u fyne.URI) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.trip(1)
	return r.dirs[clean(u)], nil
}

func (r *Repo) List(u fyne.URI) ([]fyne.URI, error) {
	r.mu.Lock()
	r.trip(1)
	p := clean(u)
	var names []string
	for q := range r.files {
		if path.Dir(q) == p {
			names = append(names, q)
		}
	}
	for q := range r.dirs {
		if q != p && path.Dir(q) == p {
			names = append(names, q)
		}
	}
	r.mu.Unlock()
	sort.Strings(names)
	out := make([]fyne.URI, 0, len(names))
	for _, q := range names {
		c, err := repository.GenericChild(u, strings.TrimPrefix(q, p+"/"))
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func (r *Repo) CreateListable(u fyne.URI) error {
	p := clean(u)
	return r.step(func() { r.dirs[p] = true })
}

// Move is repository.GenericMove, as IndexedDB's (indexdb_wasm.go:329-331).
func (r *Repo) Move(src, dst fyne.URI) error { return repository.GenericMove(src, dst) }

var (
	_ repository.WritableRepository     = (*Repo)(nil)
	_ repository.ListableRepository     = (*Repo)(nil)
	_ repository.HierarchicalRepository = (*Repo)(nil)
	_ repository.MovableRepository      = (*Repo)(nil)
)
