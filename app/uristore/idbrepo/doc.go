// Package idbrepo is the browser build's storage: a Fyne repository over
// an IndexedDB layout Boardside owns, served for the scheme "idbfile" that
// the app's storage root (idbfile:///fyne/) is in, in place of Fyne's.
//
// Fyne 2.8.1's layout (database "files", stores "meta" and "data", each
// with a unique index "path" over the whole stored value) breaks in two
// ways: in WebKit's in-memory backend (Private Browsing, every WebDriver
// session) a folder's record, an object, hits that index and every save
// fails with a ConstraintError; and in every engine two files with the
// same bytes (a Uint8Array is a valid key) collide on the data store's
// index, so the second write fails. The layout here has no index a file's
// bytes or a folder can break: database "boardside-files", one store
// "files" keyed by path, each record {isDir, parent, bytes, modified}, and
// an index on "parent" (a string always), for List. A file's metadata and
// bytes are one record, so a save is one put in one transaction: whole or
// not there.
//
// At start, the records of Fyne's database are moved here once
// (MoveFromFyne); see that function for what is kept. The package builds
// only for GOOS=js; outside a browser it is empty.
package idbrepo
