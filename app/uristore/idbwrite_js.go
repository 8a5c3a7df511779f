//go:build js

package uristore

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"syscall/js"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"github.com/hack-pad/go-indexeddb/idb"
)

// Fyne's IndexedDB writer spends three transactions on a Write: it deletes
// the data and waits, then puts the metadata and the data in a transaction
// each (indexdb_file_wasm.go:66-145). A save waits for all three. The
// writer here keeps what is written and, on Close, puts the metadata and
// the data in one transaction, in Fyne's own format ("files" database,
// stores "meta" and "data", the bytes as one Blob), so Fyne reads what it
// wrote and a save is whole or not there at all.

// idbRepository is every part of Fyne's IndexedDB repository.
type idbRepository interface {
	repository.WritableRepository
	repository.AppendableRepository
	repository.HierarchicalRepository
	repository.ListableRepository
	repository.MovableRepository
	repository.CopyableRepository
}

// oneTransactionWrites is Fyne's IndexedDB repository with Writer replaced.
type oneTransactionWrites struct {
	idbRepository
	db *idb.Database
}

var wrapIDB sync.Once

// writeInOneTransaction replaces the writer of Fyne's IndexedDB repository,
// once, when root lies in it. Where that cannot be done, Fyne's own stays.
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
	blob := js.Global().Get("Blob").New([]any{bytes})
	now := time.Now().UnixMilli()
	key := js.ValueOf(w.uri.Path())
	m := map[string]any{"parent": w.parent, "size": blob.Get("size").Int(), "ctime": now, "mtime": now}
	if _, err := meta.PutKey(key, js.ValueOf(m)); err != nil {
		return err
	}
	if _, err := data.PutKey(key, blob); err != nil {
		return err
	}
	return txn.Await(context.Background())
}
