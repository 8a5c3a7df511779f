//go:build js

package uristore

import (
	"log"
	"sync"
	"syscall/js"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"

	"boardside/app/uristore/idbrepo"
)

// In a browser the app's storage root (idbfile:///fyne/) is served by
// Boardside's own IndexedDB layout (idbrepo), not Fyne's, whose unique
// indexes over whole values break saves in WebKit's in-memory backend and
// wherever two files hold the same bytes (see idbrepo's package comment).
// It stands behind a Fallback, so that a browser that keeps nothing, or
// stops keeping, leaves the game going in memory.
//
// A save there is one record put in one transaction, as with the writer
// this replaces, which put the metadata and the bytes as two records in one
// transaction (Fyne's own writer takes three): the bytes are a Uint8Array
// in the record, which costs less to put than the Blob Fyne puts (one run
// of 500 ADELE actions alternating the two: p50 3.8 against 7.0 ms, p99
// 27.6 against 45.4 ms). Blobs are still read (Fyne's database, moved).

var ownIDB sync.Once

// useOwnIndexedDB registers Boardside's IndexedDB repository for root's
// scheme, once, when root is the browser's storage: opened, with Fyne's
// database moved into it the first time, behind a Fallback; where it
// cannot be opened, a Fallback that keeps nothing from the start. The
// root folder is made where it is missing.
func useOwnIndexedDB(root fyne.URI) {
	if root.Scheme() != "idbfile" {
		return
	}
	ownIDB.Do(func() {
		repo, err := idbrepo.Open()
		if err != nil {
			fyne.LogError("Boardside: the browser's storage could not be opened; the games go on in memory", err)
			repository.Register(root.Scheme(), InMemory(err))
			return
		}
		if moved, err := repo.MoveFromFyne(); err != nil {
			fyne.LogError("Boardside: the saves of earlier builds could not be moved; the next start tries again", err)
		} else if !moved.Already && !moved.None {
			log.Printf("Boardside: moved %d files and %d folders of earlier builds into %s (%d newer kept)", moved.Files, moved.Folders, idbrepo.DatabaseName, moved.Kept)
		}
		repository.Register(root.Scheme(), NewFallback(repo, idbrepo.Refused))
	})
	if ok, err := storage.Exists(root); err == nil && !ok {
		_ = storage.CreateListable(root)
	}
}

// NothingSavedYet says whether root is the browser's storage and the page
// saw, before this start, neither Boardside's database nor Fyne's
// (web/app/boot.js asks indexedDB.databases()): nothing was ever saved in
// this browser, so there is nothing to read. Where the browser could not
// say, or had not answered yet, it is false.
func NothingSavedYet(root fyne.URI) bool {
	if root.Scheme() != "idbfile" {
		return false
	}
	for _, seen := range []string{"boardsideFyneFiles", "boardsideOwnFiles"} {
		if v := js.Global().Get(seen); v.Type() != js.TypeBoolean || v.Bool() {
			return false
		}
	}
	return true
}
