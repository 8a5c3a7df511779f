package uristore

import (
	"bytes"
	"errors"
	"io"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"

	"boardside/app/uristore/memrepo"
)

// A browser may keep nothing: IndexedDB missing, refusing to open (some
// private modes), or refusing a write (quota, an in-memory backend that
// breaks, a connection the browser closed). Boardside then goes on in
// memory, and says so once, instead of a dialog at every action.
//
// Fallback is the repository served for the browser's storage scheme
// ("idbfile"): it hands every operation to the browser's store (Primary)
// until one is refused; then it copies what that store still gives into a
// memrepo, and from there on every operation, the refused one again
// included, goes to memory. Whoever watches (OnDropped) is told once, with
// the reason. It lives outside the browser-only files so that tests can
// drive it with a store that fails on purpose.

// Primary is what Fallback needs of the store it stands in front of.
type Primary interface {
	repository.WritableRepository
	repository.ListableRepository
	repository.HierarchicalRepository
	// Dump returns every folder and file the store holds, for the copy in
	// memory.
	Dump() (dirs []string, files map[string][]byte, err error)
}

// Fallback is a repository that goes on in memory once its Primary is
// refused; see above.
type Fallback struct {
	// refused says an error is the store refusing (go on in memory), not
	// a file missing or a bad name.
	refused func(error) bool

	live    sync.RWMutex // held to read while an operation runs on primary; to write to drop it
	primary Primary      // nil once dropped
	memory  *memrepo.Repo

	mu       sync.Mutex
	reason   error // why the primary was dropped; nil while it serves
	watchers []func(error)
}

var (
	_ repository.WritableRepository     = (*Fallback)(nil)
	_ repository.ListableRepository     = (*Fallback)(nil)
	_ repository.HierarchicalRepository = (*Fallback)(nil)
)

// NewFallback returns a Fallback in front of primary; refused tells which
// of its errors make it go on in memory.
func NewFallback(primary Primary, refused func(error) bool) *Fallback {
	return &Fallback{primary: primary, refused: refused, memory: memrepo.New(memrepo.Stream)}
}

// InMemory returns a Fallback that keeps nothing from the start, for a
// browser whose store could not be opened, for reason.
func InMemory(reason error) *Fallback {
	f := &Fallback{refused: func(error) bool { return false }, memory: memrepo.New(memrepo.Stream)}
	f.reason = reason
	return f
}

// Dropped is why the browser's store was dropped, nil while it serves.
func (f *Fallback) Dropped() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.reason
}

// OnDropped calls tell once with the reason the store was dropped: now if
// it was, else when it is.
func (f *Fallback) OnDropped(tell func(reason error)) {
	f.mu.Lock()
	reason := f.reason
	if reason == nil {
		f.watchers = append(f.watchers, tell)
	}
	f.mu.Unlock()
	if reason != nil {
		tell(reason)
	}
}

// do runs op on the primary while it serves; when the primary refuses, it
// drops it and runs op again in memory.
func (f *Fallback) do(op func(r Primary) error) error {
	f.live.RLock()
	p := f.primary
	if p == nil {
		f.live.RUnlock()
		return op(f.memory)
	}
	err := op(p)
	f.live.RUnlock()
	if err == nil || !f.refused(err) {
		return err
	}
	f.drop(err)
	return op(f.memory)
}

// drop copies what the primary still gives into memory, once, and tells
// the watchers why.
func (f *Fallback) drop(reason error) {
	f.live.Lock()
	p := f.primary
	if p == nil {
		f.live.Unlock()
		return // another operation dropped it first
	}
	f.primary = nil
	if dirs, files, err := p.Dump(); err == nil {
		f.memory = memrepo.New(memrepo.Stream)
		for _, d := range dirs {
			if u, err := pathURI(d); err == nil {
				_ = f.memory.CreateListable(u)
			}
		}
		for name, b := range files {
			if u, err := pathURI(name); err == nil {
				_ = writeTo(f.memory, u, b)
			}
		}
	}
	f.live.Unlock()

	f.mu.Lock()
	f.reason = reason
	watchers := f.watchers
	f.watchers = nil
	f.mu.Unlock()
	for _, tell := range watchers {
		tell(reason)
	}
}

// pathURI is a URI whose path is p, for the memory's keys (memrepo reads
// only a URI's path).
func pathURI(p string) (fyne.URI, error) {
	return repository.ParseURI("mem://" + p)
}

// writeTo writes b as u's whole content in r.
func writeTo(r Primary, u fyne.URI, b []byte) error {
	w, err := r.Writer(u)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		_ = w.Close()
		return err
	}
	return w.Close()
}

func (f *Fallback) Exists(u fyne.URI) (ok bool, err error) {
	err = f.do(func(r Primary) (err error) { ok, err = r.Exists(u); return err })
	return ok, err
}

func (f *Fallback) CanRead(u fyne.URI) (ok bool, err error) {
	err = f.do(func(r Primary) (err error) { ok, err = r.CanRead(u); return err })
	return ok, err
}

func (f *Fallback) CanWrite(u fyne.URI) (ok bool, err error) {
	err = f.do(func(r Primary) (err error) { ok, err = r.CanWrite(u); return err })
	return ok, err
}

func (f *Fallback) CanList(u fyne.URI) (ok bool, err error) {
	err = f.do(func(r Primary) (err error) { ok, err = r.CanList(u); return err })
	return ok, err
}

func (f *Fallback) List(u fyne.URI) (list []fyne.URI, err error) {
	err = f.do(func(r Primary) (err error) { list, err = r.List(u); return err })
	return list, err
}

func (f *Fallback) CreateListable(u fyne.URI) error {
	return f.do(func(r Primary) error { return r.CreateListable(u) })
}

func (f *Fallback) Delete(u fyne.URI) error {
	return f.do(func(r Primary) error { return r.Delete(u) })
}

func (f *Fallback) Destroy(string) {}

func (f *Fallback) Parent(u fyne.URI) (fyne.URI, error) { return repository.GenericParent(u) }

func (f *Fallback) Child(u fyne.URI, name string) (fyne.URI, error) {
	return repository.GenericChild(u, name)
}

// Reader reads the whole file at once, from whichever store serves.
func (f *Fallback) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	var b []byte
	err := f.do(func(r Primary) error {
		rd, err := r.Reader(u)
		if err != nil {
			return err
		}
		defer rd.Close()
		b, err = io.ReadAll(rd)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &fallbackReader{Reader: bytes.NewReader(b), uri: u}, nil
}

type fallbackReader struct {
	*bytes.Reader
	uri fyne.URI
}

func (r *fallbackReader) URI() fyne.URI { return r.uri }
func (r *fallbackReader) Close() error  { return nil }

// Writer keeps what is written and writes it on Close, in one go, to
// whichever store serves: a write the browser's store refuses is written
// in memory instead.
func (f *Fallback) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &fallbackWriter{f: f, uri: u}, nil
}

type fallbackWriter struct {
	f      *Fallback
	uri    fyne.URI
	buf    bytes.Buffer
	closed bool
}

func (w *fallbackWriter) URI() fyne.URI { return w.uri }

func (w *fallbackWriter) Write(p []byte) (int, error) {
	if w.closed {
		return 0, errors.New("write after close")
	}
	return w.buf.Write(p)
}

func (w *fallbackWriter) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	return w.f.do(func(r Primary) error { return writeTo(r, w.uri, w.buf.Bytes()) })
}

// ListAll lists every path there is in one go where the serving store can
// (IndexedDB); in memory, asking is cheap, and it says it cannot.
func (f *Fallback) ListAll() (map[string]bool, bool) {
	f.live.RLock()
	defer f.live.RUnlock()
	l, ok := f.primary.(interface {
		ListAll() (map[string]bool, error)
	})
	if f.primary == nil || !ok {
		return nil, false
	}
	listed, err := l.ListAll()
	return listed, err == nil
}
