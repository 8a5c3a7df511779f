//go:build js

package idbrepo

import (
	"context"
	"errors"
	"log"
	"strings"
	"syscall/js"
	"time"

	"github.com/hack-pad/go-indexeddb/idb"
)

// FyneDatabase is the database Fyne 2.8.1's IndexedDB repository keeps
// its files in (internal/repository/indexdb_wasm.go): stores "meta"
// ({isDir, parent} for a folder, {parent, size, ctime, mtime} for a file)
// and "data" (a file's bytes: a Blob from Fyne's writer, a Uint8Array from
// earlier Boardside builds), both keyed by path.
const FyneDatabase = "files"

// errNoFyneDatabase is what opening Fyne's database says when there is
// none: the open's upgrade, which would make it, is refused.
var errNoFyneDatabase = errors.New("there is no Fyne database")

// Moved is what MoveFromFyne did.
type Moved struct {
	Already bool // an earlier start moved them; nothing was read
	None    bool // no earlier build made Fyne's database; nothing was read
	Files   int  // files copied
	Folders int  // folders copied
	Kept    int  // records left as they were here, being newer
}

// MoveFromFyne copies, once, every folder and file of Fyne's database
// into Boardside's, in one transaction with the record that says it was
// done: a start cut off in between copied nothing and tries again. A path
// Boardside's database already holds is newer (a save made after a move
// that failed) and stays. A file whose bytes are missing (a write cut
// off) is copied without bytes, as it was; bytes without metadata (a
// delete cut off) are not copied. Where the page saw no Fyne database
// before this start (a first visit), there is nothing to read.
//
// Fyne's database is left as it was. Fyne itself opens it at every start
// (app/app_wasm.go makes it, with a folder record, before the app's code
// runs), so deleting it would not keep it gone; left, it is a copy of the
// saves as they were before this build, should one ever be needed.
func (r *Repo) MoveFromFyne() (Moved, error) {
	var m Moved
	done, err := r.get(movedKey)
	if err != nil {
		return m, err
	}
	if !done.IsUndefined() {
		m.Already = true
		return m, nil
	}
	now := time.Now().UnixMilli()
	if fyneFilesBefore := js.Global().Get("boardsideFyneFiles"); fyneFilesBefore.Type() == js.TypeBoolean && !fyneFilesBefore.Bool() {
		// The page saw no Fyne database before this start (web/app/boot.js):
		// no earlier build kept saves, so nothing is read. The record that
		// says so is written once the start is over: a write now would hold
		// up the reads of the start behind it (IndexedDB runs them in
		// order). A page closed before then, or a write that fails, leaves
		// the next start to look.
		m.None = true
		time.AfterFunc(markNothingAfter, func() {
			if err := r.put(map[string]js.Value{movedKey: movedNote(now, m)}); err != nil {
				log.Printf("Boardside: could not note that there was nothing to move: %v", err)
			}
		})
		return m, nil
	}
	records, err := readFyne()
	if err != nil && !errors.Is(err, errNoFyneDatabase) {
		return m, err
	}
	have, err := r.ListAll()
	if err != nil {
		return m, err
	}
	put := map[string]js.Value{}
	for k, v := range records {
		if have[k] {
			m.Kept++
			continue
		}
		put[k] = v
		if v.Get("isDir").Truthy() {
			m.Folders++
		} else {
			m.Files++
		}
	}
	put[movedKey] = movedNote(now, m)
	return m, r.put(put)
}

// markNothingAfter is how long after a first start the record that there
// was nothing to move is written: after a phone's first frame.
const markNothingAfter = 3 * time.Second

// movedNote is the record that says the move was done, and what it moved.
func movedNote(at int64, m Moved) js.Value {
	note := js.Global().Get("Object").New()
	note.Set("at", at)
	note.Set("files", m.Files)
	note.Set("folders", m.Folders)
	return note
}

// readFyne reads every record of Fyne's database, each as a record of
// Boardside's layout, by path.
func readFyne() (map[string]js.Value, error) {
	ctx := context.Background()
	req, err := idb.Global().Open(ctx, FyneDatabase, 0, func(*idb.Database, uint, uint) error {
		return errNoFyneDatabase // none there: do not make one
	})
	if err != nil {
		return nil, err
	}
	db, err := req.Await(ctx)
	if err != nil {
		// The refused upgrade aborts the open with an AbortError.
		if errors.Is(err, idb.NewDOMException("AbortError")) {
			return nil, errNoFyneDatabase
		}
		return nil, err
	}
	defer db.Close()
	names, err := db.ObjectStoreNames()
	if err != nil {
		return nil, err
	}
	if !hasAll(names, "meta", "data") {
		return nil, errNoFyneDatabase
	}
	meta, err := readAll(ctx, db, "meta")
	if err != nil {
		return nil, err
	}
	data, err := readAll(ctx, db, "data")
	if err != nil {
		return nil, err
	}
	out := make(map[string]js.Value, len(meta))
	for k, m := range meta {
		parent := m.Get("parent")
		if parent.Type() != js.TypeString {
			parent = js.ValueOf("")
		}
		if m.Get("isDir").Truthy() {
			out[k] = record(true, parent.String(), js.Undefined(), time.Now().UnixMilli())
			continue
		}
		modified := time.Now().UnixMilli()
		if t := m.Get("mtime"); t.Type() == js.TypeNumber && t.Float() > 0 {
			modified = int64(t.Float())
		}
		bytes := js.Undefined()
		if d, ok := data[k]; ok {
			// A Blob's bytes are read now, after the transaction: they
			// stay readable, and the Uint8Array goes in the new record.
			if b, err := asUint8Array(d); err == nil {
				bytes = b
			}
		}
		out[k] = record(false, parent.String(), bytes, modified)
	}
	return out, nil
}

// readAll reads every record of a store, by its (string) key, in a
// transaction of its own (a cursor's last step may end the transaction
// before Go asks again). Nothing writes to Fyne's database meanwhile: its
// repository is no longer the app's.
func readAll(ctx context.Context, db *idb.Database, name string) (map[string]js.Value, error) {
	txn, err := db.Transaction(idb.TransactionReadOnly, name)
	if err != nil {
		return nil, err
	}
	st, err := txn.ObjectStore(name)
	if err != nil {
		return nil, err
	}
	return records(ctx, st)
}

// records reads every record of st whose key is a path ("/…").
func records(ctx context.Context, st *idb.ObjectStore) (map[string]js.Value, error) {
	req, err := st.OpenCursor(idb.CursorNext)
	if err != nil {
		return nil, err
	}
	out := map[string]js.Value{}
	err = req.Iter(ctx, func(c *idb.CursorWithValue) error {
		k, err := c.Key()
		if err != nil {
			return err
		}
		v, err := c.Value()
		if err != nil {
			return err
		}
		if k.Type() == js.TypeString && strings.HasPrefix(k.String(), "/") {
			out[k.String()] = v
		}
		return nil
	})
	return out, err
}

func hasAll(names []string, want ...string) bool {
	for _, w := range want {
		found := false
		for _, n := range names {
			found = found || n == w
		}
		if !found {
			return false
		}
	}
	return true
}
