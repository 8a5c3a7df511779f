//go:build js

package uristore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"github.com/hack-pad/go-indexeddb/idb"

	"boardside/internal/jspromise"
)

// Fyne's IndexedDB writer spends three transactions on a Write: it deletes
// the data and waits, then puts the metadata and the data in a transaction
// each (indexdb_file_wasm.go:66-145). A save waits for all three. The
// writer here keeps what is written and, on Close, puts the metadata and
// the data in one transaction, in Fyne's database ("files", stores "meta"
// and "data"), so a save is whole or not there at all.
//
// Fyne puts a file's bytes as a Blob, which Chrome keeps in a file of its
// own beside the database; the writer here puts them as a Uint8Array, kept
// in the database's own record. Saves are small (deflated, see sealSlot),
// and a small record costs less to put: alternating the two in one run of
// 500 ADELE actions, p50 3.8 against 7.0 ms and p99 27.6 against 45.4 ms.
// Fyne's reader reads only Blobs, so the reader (and the appender) here
// read both: the Blobs of earlier builds too.

// idbRepository is every part of Fyne's IndexedDB repository.
type idbRepository interface {
	repository.WritableRepository
	repository.AppendableRepository
	repository.HierarchicalRepository
	repository.ListableRepository
	repository.MovableRepository
	repository.CopyableRepository
}

// oneTransactionWrites is Fyne's IndexedDB repository with Writer, Reader
// and Appender replaced.
type oneTransactionWrites struct {
	idbRepository
	db *idb.Database
}

var wrapIDB sync.Once

// writeInOneTransaction replaces the writer and readers of Fyne's IndexedDB
// repository, once, when root lies in it. Where that cannot be done, Fyne's own stays.
func writeInOneTransaction(root fyne.URI) {
	if root.Scheme() != "idbfile" {
		return
	}
	wrapIDB.Do(func() {
		base, err := repository.ForScheme("idbfile")
		if err != nil {
			return
		}
		full, ok := base.(idbRepository)
		if !ok {
			return
		}
		ctx := context.Background()
		req, err := idb.Global().Open(ctx, "files", 1, func(*idb.Database, uint, uint) error {
			return errors.New("Fyne's IndexedDB storage is not set up")
		})
		if err != nil {
			return
		}
		db, err := req.Await(ctx)
		if err != nil {
			return
		}
		repository.Register("idbfile", &oneTransactionWrites{idbRepository: full, db: db})
	})
}

// listAll returns every path IndexedDB holds a file's metadata or bytes
// for, read in one transaction: two requests, where looking for a dozen
// saves one by one takes four each.
func listAll(root fyne.URI) (map[string]bool, bool) {
	if root.Scheme() != "idbfile" {
		return nil, false
	}
	r, err := repository.ForScheme("idbfile")
	files, ok := r.(*oneTransactionWrites) // writeInOneTransaction's, which holds the database
	if err != nil || !ok {
		return nil, false
	}
	ctx := context.Background()
	txn, err := files.db.Transaction(idb.TransactionReadOnly, "meta", "data")
	if err != nil {
		return nil, false
	}
	var reqs []*idb.ArrayRequest
	for _, name := range []string{"meta", "data"} {
		store, err := txn.ObjectStore(name)
		if err != nil {
			return nil, false
		}
		req, err := store.GetAllKeys()
		if err != nil {
			return nil, false
		}
		reqs = append(reqs, req)
	}
	listed := map[string]bool{}
	for _, req := range reqs {
		keys, err := req.Await(ctx)
		if err != nil {
			return nil, false
		}
		for _, k := range keys {
			if k.Type() == js.TypeString {
				listed[k.String()] = true
			}
		}
	}
	return listed, true
}

// Reader reads a file's bytes whether they were put as a Blob (Fyne's
// writer, and earlier builds) or as a Uint8Array (this writer).
func (r *oneTransactionWrites) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	return &idbReader{db: r.db, uri: u}, nil
}

// Appender is Fyne's, which reads only Blobs: it starts the writer here
// with the bytes already there.
func (r *oneTransactionWrites) Appender(u fyne.URI) (fyne.URIWriteCloser, error) {
	w, err := r.Writer(u)
	if err != nil {
		return nil, err
	}
	if ok, err := r.Exists(u); err != nil || !ok {
		return w, err
	}
	b, err := (&idbReader{db: r.db, uri: u}).all()
	if err != nil {
		return nil, err
	}
	w.(*idbWriter).buf.Write(b)
	return w, nil
}

func (r *oneTransactionWrites) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	parent, err := storage.Parent(u)
	if err != nil {
		return nil, err
	}
	return &idbWriter{db: r.db, uri: u, parent: parent.Path()}, nil
}

// idbWriter keeps what is written until Close puts it in one transaction.
type idbWriter struct {
	db     *idb.Database
	uri    fyne.URI
	parent string
	buf    bytes.Buffer
	closed bool
}

func (w *idbWriter) URI() fyne.URI { return w.uri }

func (w *idbWriter) Write(p []byte) (int, error) {
	if w.closed {
		return 0, errors.New("write after close")
	}
	return w.buf.Write(p)
}

// Close writes the file: its metadata and its bytes in one transaction,
// and returns once IndexedDB says the transaction is complete.
func (w *idbWriter) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	txn, err := w.db.Transaction(idb.TransactionReadWrite, "meta", "data")
	if err != nil {
		return err
	}
	meta, err := txn.ObjectStore("meta")
	if err != nil {
		return err
	}
	data, err := txn.ObjectStore("data")
	if err != nil {
		return err
	}
	bytes := js.Global().Get("Uint8Array").New(w.buf.Len())
	js.CopyBytesToJS(bytes, w.buf.Bytes())
	now := time.Now().UnixMilli()
	key := js.ValueOf(w.uri.Path())
	m := map[string]any{"parent": w.parent, "size": w.buf.Len(), "ctime": now, "mtime": now}
	if _, err := meta.PutKey(key, js.ValueOf(m)); err != nil {
		return err
	}
	if _, err := data.PutKey(key, bytes); err != nil {
		return err
	}
	return txn.Await(context.Background())
}

// idbReader reads a file's bytes on its first Read and then hands them out
// as any stream does.
type idbReader struct {
	db  *idb.Database
	uri fyne.URI
	r   *bytes.Reader
}

func (r *idbReader) URI() fyne.URI { return r.uri }
func (r *idbReader) Close() error  { return nil }

func (r *idbReader) Read(p []byte) (int, error) {
	if r.r == nil {
		b, err := r.all()
		if err != nil {
			return 0, err
		}
		r.r = bytes.NewReader(b)
	}
	return r.r.Read(p)
}

// all returns the file's bytes.
func (r *idbReader) all() ([]byte, error) {
	ctx := context.Background()
	txn, err := r.db.Transaction(idb.TransactionReadOnly, "data")
	if err != nil {
		return nil, err
	}
	data, err := txn.ObjectStore("data")
	if err != nil {
		return nil, err
	}
	req, err := data.Get(js.ValueOf(r.uri.Path()))
	if err != nil {
		return nil, err
	}
	v, err := req.Await(ctx)
	if err != nil {
		return nil, err
	}
	switch {
	case v.IsUndefined() || v.IsNull():
		return nil, fmt.Errorf("%s has no data", r.uri)
	case v.InstanceOf(js.Global().Get("Blob")):
		if v, err = jspromise.Await(v.Call("arrayBuffer")); err != nil {
			return nil, err
		}
		v = js.Global().Get("Uint8Array").New(v)
	case v.InstanceOf(js.Global().Get("ArrayBuffer")):
		v = js.Global().Get("Uint8Array").New(v)
	case !v.InstanceOf(js.Global().Get("Uint8Array")):
		return nil, fmt.Errorf("%s holds no bytes", r.uri)
	}
	b := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(b, v)
	return b, nil
}
