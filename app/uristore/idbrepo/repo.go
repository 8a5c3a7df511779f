//go:build js

package idbrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"github.com/hack-pad/go-indexeddb/idb"

	"boardside/app/jspromise"
)

const (
	// DatabaseName is Boardside's database, beside Fyne's "files".
	DatabaseName = "boardside-files"
	version      = 1
	storeName    = "files"
	parentIndex  = "parent"
	// movedKey is the record that says Fyne's database was moved here. Its
	// key is no path (paths begin with "/"), so no listing shows it.
	movedKey = "moved-from-fyne"
	// openWithin bounds the wait for the database to open: some browsers
	// have left an open request hanging (Safari, after an update).
	openWithin = 10 * time.Second
)

// ErrNoIndexedDB is the reason given where the browser has no IndexedDB.
var ErrNoIndexedDB = errors.New("this browser has no IndexedDB")

var (
	_ repository.WritableRepository     = (*Repo)(nil)
	_ repository.ListableRepository     = (*Repo)(nil)
	_ repository.HierarchicalRepository = (*Repo)(nil)
)

// Repo is the repository over Boardside's database.
type Repo struct {
	mu    sync.Mutex
	db    *idb.Database
	asked sync.Once // navigator.storage.persist(), with the first save
}

// Open opens (making it, the first time) Boardside's database.
func Open() (*Repo, error) {
	db, err := open()
	if err != nil {
		return nil, err
	}
	return &Repo{db: db}, nil
}

func open() (*idb.Database, error) {
	if !js.Global().Get("indexedDB").Truthy() {
		return nil, ErrNoIndexedDB
	}
	req, err := idb.Global().Open(context.Background(), DatabaseName, version, func(db *idb.Database, oldVer, _ uint) error {
		if oldVer >= 1 {
			return nil
		}
		store, err := db.CreateObjectStore(storeName, idb.ObjectStoreOptions{})
		if err != nil {
			return err
		}
		_, err = store.CreateIndex(parentIndex, js.ValueOf("parent"), idb.IndexOptions{})
		return err
	})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), openWithin)
	defer cancel()
	db, err := req.Await(ctx)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, fmt.Errorf("IndexedDB did not open within %v", openWithin)
	}
	return db, err
}

// Refused reports whether err is IndexedDB refusing (a DOMException:
// quota, constraint, a closed connection, …) rather than a missing file:
// the storage then goes on in memory (uristore.Fallback).
func Refused(err error) bool {
	var dom idb.DOMException
	var jsErr js.Error
	return errors.As(err, &dom) || errors.As(err, &jsErr) || errors.Is(err, ErrNoIndexedDB)
}

// store starts a transaction on the files. Where the browser closed the
// connection (WebKit does, after a while in the background), it opens the
// database again, once.
func (r *Repo) store(mode idb.TransactionMode) (*idb.Transaction, *idb.ObjectStore, error) {
	r.mu.Lock()
	db := r.db
	r.mu.Unlock()
	txn, err := db.Transaction(mode, storeName)
	if errors.Is(err, idb.NewDOMException("InvalidStateError")) {
		if again, openErr := open(); openErr == nil {
			r.mu.Lock()
			r.db = again
			r.mu.Unlock()
			txn, err = again.Transaction(mode, storeName)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	st, err := txn.ObjectStore(storeName)
	return txn, st, err
}

// get returns the record under key: undefined when there is none.
func (r *Repo) get(key string) (js.Value, error) {
	_, st, err := r.store(idb.TransactionReadOnly)
	if err != nil {
		return js.Undefined(), err
	}
	req, err := st.Get(js.ValueOf(key))
	if err != nil {
		return js.Undefined(), err
	}
	return req.Await(context.Background())
}

// put writes records by key in one transaction, and waits until it is
// complete.
func (r *Repo) put(records map[string]js.Value) error {
	txn, st, err := r.store(idb.TransactionReadWrite)
	if err != nil {
		return err
	}
	for k, v := range records {
		if _, err := st.PutKey(js.ValueOf(k), v); err != nil {
			_ = txn.Abort()
			return err
		}
	}
	return txn.Await(context.Background())
}

func record(isDir bool, parent string, data js.Value, modified int64) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("isDir", isDir)
	o.Set("parent", parent)
	if !data.IsUndefined() {
		o.Set("bytes", data)
	}
	o.Set("modified", modified)
	return o
}

func parentPath(u fyne.URI) (string, error) {
	p, err := storage.Parent(u)
	if err != nil {
		return "", err
	}
	return p.Path(), nil
}

func (r *Repo) Exists(u fyne.URI) (bool, error) {
	_, st, err := r.store(idb.TransactionReadOnly)
	if err != nil {
		return false, err
	}
	req, err := st.CountKey(js.ValueOf(u.Path()))
	if err != nil {
		return false, err
	}
	n, err := req.Await(context.Background())
	return n != 0, err
}

func (r *Repo) CanRead(u fyne.URI) (bool, error) { return r.Exists(u) }

func (r *Repo) CanWrite(u fyne.URI) (bool, error) {
	v, err := r.get(u.Path())
	if err != nil {
		return false, err
	}
	return v.IsUndefined() || !v.Get("isDir").Truthy(), nil
}

func (r *Repo) CanList(u fyne.URI) (bool, error) {
	v, err := r.get(u.Path())
	if err != nil || v.IsUndefined() {
		return false, err
	}
	return v.Get("isDir").Truthy(), nil
}

func (r *Repo) CreateListable(u fyne.URI) error {
	parent, err := parentPath(u)
	if err != nil {
		return err
	}
	return r.put(map[string]js.Value{u.Path(): record(true, parent, js.Undefined(), time.Now().UnixMilli())})
}

// Delete deletes u's record (a folder's, not what is in it, as Fyne's).
func (r *Repo) Delete(u fyne.URI) error {
	txn, st, err := r.store(idb.TransactionReadWrite)
	if err != nil {
		return err
	}
	if _, err := st.Delete(js.ValueOf(u.Path())); err != nil {
		return err
	}
	return txn.Await(context.Background())
}

func (r *Repo) Destroy(string) {}

func (r *Repo) Parent(u fyne.URI) (fyne.URI, error) { return repository.GenericParent(u) }

func (r *Repo) Child(u fyne.URI, name string) (fyne.URI, error) {
	return repository.GenericChild(u, name)
}

// List lists what is in the folder u, by the index on "parent".
func (r *Repo) List(u fyne.URI) ([]fyne.URI, error) {
	_, st, err := r.store(idb.TransactionReadOnly)
	if err != nil {
		return nil, err
	}
	idx, err := st.Index(parentIndex)
	if err != nil {
		return nil, err
	}
	only, err := idb.NewKeyRangeBound(js.ValueOf(u.Path()), js.ValueOf(u.Path()), false, false)
	if err != nil {
		return nil, err
	}
	req, err := idx.GetAllKeysRange(only, 0)
	if err != nil {
		return nil, err
	}
	keys, err := req.Await(context.Background())
	if err != nil {
		return nil, err
	}
	out := make([]fyne.URI, 0, len(keys))
	for _, k := range keys {
		c, err := storage.ParseURI(u.Scheme() + "://" + k.String())
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// ListAll returns every path there is, files and folders, in one request.
func (r *Repo) ListAll() (map[string]bool, error) {
	_, st, err := r.store(idb.TransactionReadOnly)
	if err != nil {
		return nil, err
	}
	req, err := st.GetAllKeys()
	if err != nil {
		return nil, err
	}
	keys, err := req.Await(context.Background())
	if err != nil {
		return nil, err
	}
	listed := make(map[string]bool, len(keys))
	for _, k := range keys {
		if k.Type() == js.TypeString && strings.HasPrefix(k.String(), "/") {
			listed[k.String()] = true
		}
	}
	return listed, nil
}

// Dump returns every folder and every file with its bytes (a file without
// bytes, none), for uristore.Fallback's copy in memory.
func (r *Repo) Dump() (dirs []string, files map[string][]byte, err error) {
	_, st, err := r.store(idb.TransactionReadOnly)
	if err != nil {
		return nil, nil, err
	}
	all, err := records(context.Background(), st)
	if err != nil {
		return nil, nil, err
	}
	files = map[string][]byte{}
	for k, v := range all {
		if v.Get("isDir").Truthy() {
			dirs = append(dirs, k)
		} else if b, err := bytesOf(v.Get("bytes")); err == nil {
			files[k] = b
		}
	}
	slices.Sort(dirs) // in the store's order, parents first
	return dirs, files, nil
}

// Reader reads the file's record on its first Read, then hands its bytes
// out as any stream does.
func (r *Repo) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	return &reader{r: r, uri: u}, nil
}

type reader struct {
	r   *Repo
	uri fyne.URI
	rd  *bytes.Reader
}

func (rd *reader) URI() fyne.URI { return rd.uri }
func (rd *reader) Close() error  { return nil }

func (rd *reader) Read(p []byte) (int, error) {
	if rd.rd == nil {
		v, err := rd.r.get(rd.uri.Path())
		if err != nil {
			return 0, err
		}
		if v.IsUndefined() {
			return 0, fmt.Errorf("%s: %w", rd.uri, fs.ErrNotExist)
		}
		if v.Get("isDir").Truthy() {
			return 0, fmt.Errorf("%s is a folder", rd.uri)
		}
		b, err := bytesOf(v.Get("bytes"))
		if err != nil {
			return 0, fmt.Errorf("%s: %w", rd.uri, err)
		}
		rd.rd = bytes.NewReader(b)
	}
	return rd.rd.Read(p)
}

// bytesOf copies a file's bytes into Go, whether they were put as a
// Uint8Array (Boardside), a Blob (Fyne's writer) or an ArrayBuffer.
func bytesOf(v js.Value) ([]byte, error) {
	v, err := asUint8Array(v)
	if err != nil {
		return nil, err
	}
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return b, nil
}

// asUint8Array is v's bytes as a Uint8Array.
func asUint8Array(v js.Value) (js.Value, error) {
	switch {
	case v.IsUndefined() || v.IsNull():
		return v, errors.New("the file has no data")
	case v.InstanceOf(js.Global().Get("Uint8Array")):
		return v, nil
	case v.InstanceOf(js.Global().Get("Blob")):
		buf, err := jspromise.Await(v.Call("arrayBuffer"))
		if err != nil {
			return v, err
		}
		return js.Global().Get("Uint8Array").New(buf), nil
	case v.InstanceOf(js.Global().Get("ArrayBuffer")):
		return js.Global().Get("Uint8Array").New(v), nil
	}
	return v, errors.New("the file holds no bytes")
}

// Writer keeps what is written until Close puts it, metadata and bytes in
// one record, in one transaction.
func (r *Repo) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	parent, err := parentPath(u)
	if err != nil {
		return nil, err
	}
	return &writer{r: r, uri: u, parent: parent}, nil
}

type writer struct {
	r      *Repo
	uri    fyne.URI
	parent string
	buf    bytes.Buffer
	closed bool
}

func (w *writer) URI() fyne.URI { return w.uri }

func (w *writer) Write(p []byte) (int, error) {
	if w.closed {
		return 0, errors.New("write after close")
	}
	return w.buf.Write(p)
}

// Close writes the file and returns once IndexedDB says the transaction
// is complete. The first file written asks the browser to keep the data.
func (w *writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	data := js.Global().Get("Uint8Array").New(w.buf.Len())
	js.CopyBytesToJS(data, w.buf.Bytes())
	err := w.r.put(map[string]js.Value{w.uri.Path(): record(false, w.parent, data, time.Now().UnixMilli())})
	if err == nil {
		w.r.asked.Do(askToKeep)
	}
	return err
}

// askToKeep asks the browser to keep the origin's storage
// (navigator.storage.persist()): Chromium and Firefox grant it without a
// prompt to a site installed or often used, Safari answers without one.
// The answer is read where it is shown (navigator.storage.persisted()).
func askToKeep() {
	st := js.Global().Get("navigator").Get("storage")
	if !st.Truthy() || st.Get("persist").Type() != js.TypeFunction {
		return
	}
	st.Call("persist")
}
