package e2e

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/uristore"
	"boardside/app/uristore/memrepo"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
	"boardside/companion/plays"
	"boardside/companion/webapp"
	"boardside/internal/webdriver"
	"boardside/timers"
)

// fyneRecord is one record of Fyne 2.8.1's IndexedDB layout: a folder's
// metadata, or a file's metadata and bytes.
type fyneRecord struct {
	Key    string `json:"key"`
	Parent string `json:"parent"`
	Dir    bool   `json:"dir"`
	Bytes  string `json:"b64,omitempty"`
	Blob   bool   `json:"blob,omitempty"` // put as a Blob (Fyne's writer), else a Uint8Array (earlier Boardside builds)
}

// savesOfEarlierBuilds are the records an earlier build left in Fyne's
// database: a Magic Maze on Mars game under way (its sand running) and a
// log of two played games, each written by the app's own store
// (uristore's sealed slots), under the app's storage root idbfile:///fyne/.
func savesOfEarlierBuilds(t *testing.T) []fyneRecord {
	t.Helper()
	repo, root := memrepo.Register(memrepo.Stream)
	saves := uristore.New(root)
	s := companion.New(mm.Rules, mm.New(), timers.System{})
	require.NoError(t, s.Dispatch(&mm.ChooseMission{Mission: 2}))
	require.NoError(t, s.Dispatch(&mm.Start{}))
	require.NoError(t, companion.Attach(s, saves.Store("sessions/marsmaze.json"), nil))
	log, err := plays.Open(saves.Store(plays.FileName))
	require.NoError(t, err)
	at := time.Now().Add(-48 * time.Hour)
	sixtyOne := 61
	require.NoError(t, log.Add(plays.Play{ID: plays.NewID(), Game: "aquasphere", GameName: "AquaSphere", Start: at, End: at.Add(97 * time.Minute),
		Result: "Ben wins with 61 points", Players: []plays.Player{{Name: "Ben", Score: &sixtyOne, Winner: true, Rank: 1}}}))
	require.NoError(t, log.Add(plays.Play{ID: plays.NewID(), Game: "marsmaze", GameName: "Magic Maze on Mars", Start: at.Add(3 * time.Hour), End: at.Add(3*time.Hour + 24*time.Minute),
		Cooperative: true, Won: true, Result: "Mission accomplished with 0:40 left", Players: []plays.Player{{Name: "Anna"}, {Name: "Ben"}}}))

	// The same paths under the browser's root, keyed and parented as
	// Fyne's repository keys them (URI paths; GenericParent).
	appRoot, err := storage.ParseURI("idbfile:///fyne/")
	require.NoError(t, err)
	key := func(p string) (string, string) {
		u := appRoot
		for _, part := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(p, "/fyne"), "/"), "/") {
			if part != "" {
				u, err = repository.GenericChild(u, part)
				require.NoError(t, err)
			}
		}
		parent, err := repository.GenericParent(u)
		require.NoError(t, err)
		return u.Path(), parent.Path()
	}
	dirs, files, err := repo.Dump()
	require.NoError(t, err)
	records := []fyneRecord{{Key: "/", Parent: "", Dir: true}}
	for _, d := range dirs {
		if d == "/" {
			continue
		}
		k, p := key(d)
		records = append(records, fyneRecord{Key: k, Parent: p, Dir: true})
	}
	for name, b := range files {
		k, p := key(name)
		records = append(records, fyneRecord{Key: k, Parent: p, Bytes: base64.StdEncoding.EncodeToString(b), Blob: strings.Contains(name, plays.FileName)})
	}
	return records
}

// putInFyneLayout writes records into database "files" as Fyne 2.8.1
// makes it (internal/repository/indexdb_wasm.go: stores "meta" and
// "data", each with a unique index "path" over the whole value) and puts
// them (indexdb_file_wasm.go: metadata {parent, size, ctime, mtime}, the
// bytes a Blob; earlier Boardside builds put a Uint8Array).
const putInFyneLayout = `(async (records) => {
	const db = await new Promise((ok, no) => {
		const r = indexedDB.open("files", 1);
		r.onupgradeneeded = () => {
			const meta = r.result.createObjectStore("meta");
			meta.createIndex("path", "", { unique: true });
			meta.createIndex("parent", "parent");
			r.result.createObjectStore("data").createIndex("path", "", { unique: true });
		};
		r.onsuccess = () => ok(r.result);
		r.onerror = () => no(r.error);
	});
	const tx = db.transaction(["meta", "data"], "readwrite");
	for (const f of records) {
		if (f.dir) { tx.objectStore("meta").put({ isDir: true, parent: f.parent }, f.key); continue; }
		const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
		tx.objectStore("meta").put({ parent: f.parent, size: bytes.length, ctime: 1, mtime: 2 }, f.key);
		tx.objectStore("data").put(f.blob ? new Blob([bytes]) : bytes, f.key);
	}
	await new Promise((ok, no) => { tx.oncomplete = ok; tx.onerror = () => no(tx.error); });
	db.close();
	return records.length;
})(%s)`

// keysIn lists the keys of a store of a database, and the record under one
// key (null where none).
const keysIn = `new Promise((ok, no) => {
	const r = indexedDB.open(%q);
	r.onerror = () => no(r.error);
	r.onsuccess = () => {
		const tx = r.result.transaction(%q), st = tx.objectStore(%q), keys = st.getAllKeys(), one = st.get(%q);
		tx.oncomplete = () => { r.result.close(); ok({ keys: keys.result.map(String), one: one.result === undefined ? null : one.result }); };
		tx.onerror = () => no(tx.error);
	};
})`

type storeKeys struct {
	Keys []string       `json:"keys"`
	One  map[string]any `json:"one"`
}

func readKeys(tab *webdriver.Chrome, t *testing.T, db, store, one string) storeKeys {
	t.Helper()
	var v storeKeys
	require.NoError(t, tab.Eval(t.Context(), fmt.Sprintf(keysIn, db, store, store, one), &v))
	return v
}

// phoneOnANewOrigin is a phone's tab in a new browser, and the link of a
// table whose host serves the web app on an origin no page has used;
// script runs in each document the tab opens, before the page's own.
func phoneOnANewOrigin(t *testing.T, script string) (*webdriver.Chrome, string) {
	table, _ := serveWithApp(t, builtWebApp(t))
	tab := webAppBrowser(t, nil)()
	require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: 412, Height: 915, Scale: webAppRatio, Mobile: true, Touch: true}))
	require.NoError(t, tab.OnNewDocument(t.Context(), script))
	return tab, table
}

// countFilesOpens counts the page's opens of Fyne's database "files".
const countFilesOpens = `(() => {
	window.__filesOpened = 0;
	const open = IDBFactory.prototype.open;
	IDBFactory.prototype.open = function (name, ...rest) {
		if (name === "files") window.__filesOpened++;
		return open.call(this, name, ...rest);
	};
})()`

// TestWebApp_AFirstVisitReadsNoEarlierBuildsDatabase: on an origin where
// no Boardside ever ran, the page sees no Fyne database before the app
// starts, and the app does not open one to move saves from it (issue 44:
// 200 ms of a phone's first frame at 4x CPU); only Fyne itself opens it.
// The move is still marked done, so the next start does not look either.
func TestWebApp_AFirstVisitReadsNoEarlierBuildsDatabase(t *testing.T) {
	tab, table := phoneOnANewOrigin(t, countFilesOpens)
	appURL := webapp.URL(table)
	require.NoError(t, tab.Navigate(t.Context(), appURL[:strings.Index(appURL, "?")]))
	waitDrawn(tab, t)

	assert.Equal(t, false, eval[any](tab, t, `globalThis.boardsideFyneFiles`), "no Fyne database before this start")
	assert.Equal(t, 1, eval[int](tab, t, `window.__filesOpened`), "Fyne's own open only: nothing read to move")
	waitJS(tab, t, fmt.Sprintf(keysIn, "boardside-files", "files", "files", "moved-from-fyne")+`.then((v) => v.one !== null && v.one.files === 0)`,
		"the move marked done, with nothing moved")

	require.NoError(t, tab.Reload(t.Context()))
	waitDrawn(tab, t)
	assert.Equal(t, true, eval[any](tab, t, `globalThis.boardsideFyneFiles`), "Fyne's database, made by the first start")
	assert.Equal(t, 1, eval[int](tab, t, `window.__filesOpened`), "the mark read: Fyne's database not read again")
	assert.Empty(t, readScreenDialogs(tab, t), "nothing to tell the player")
}

// TestWebApp_AFirstVisitReadsItsSavesAfterItsFirstFrame: where no
// Boardside and no earlier build ever ran, there is nothing saved to read,
// so the home screen comes first and the storage is opened after it (issue
// 44). A game started at once is saved, and the next start reads the saves
// before its first frame again and offers to resume it.
func TestWebApp_AFirstVisitReadsItsSavesAfterItsFirstFrame(t *testing.T) {
	tab, table := phoneOnANewOrigin(t, "void 0")
	appURL := webapp.URL(table)
	require.NoError(t, tab.Navigate(t.Context(), appURL[:strings.Index(appURL, "?")]))
	waitDrawn(tab, t)
	assert.Equal(t, false, eval[any](tab, t, `globalThis.boardsideOwnFiles`), "no Boardside database before this start")
	saves, drawn := markTime("go-saves-read"), markTime("app-drawn")
	waitJS(tab, t, saves+" >= 0", "the saves read")
	assert.Greater(t, eval[float64](tab, t, saves), eval[float64](tab, t, drawn), "a first visit reads its saves after the first frame")

	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
	waitShown(tab, t, "button", is("Flip"), "the game runs")

	require.NoError(t, tab.Reload(t.Context()))
	waitDrawn(tab, t)
	assert.Equal(t, true, eval[any](tab, t, `globalThis.boardsideOwnFiles`), "Boardside's database, made by the first visit")
	assert.Less(t, eval[float64](tab, t, saves), eval[float64](tab, t, drawn), "the next start reads its saves before its first frame")
	waitShown(tab, t, "button", is("Flip"), "the game, opened again where it was left")
}

// TestWebApp_FindsTheSavesOfFynesLayout writes, before the app first
// runs on a page's origin, the saves of earlier builds into Fyne's
// IndexedDB layout as Fyne 2.8.1 put them (a game under way, two played
// games; Blobs and Uint8Arrays); then starts this build: every save and
// every played game is found in the app, moved into Boardside's database
// once, and Fyne's database is left as it was.
func TestWebApp_FindsTheSavesOfFynesLayout(t *testing.T) {
	records := savesOfEarlierBuilds(t)
	tab, table := phoneOnANewOrigin(t, countPersist)

	// The quick viewer's page, on the app's origin, writes the old layout.
	require.NoError(t, tab.Navigate(t.Context(), table))
	js, err := json.Marshal(records)
	require.NoError(t, err)
	var n int
	require.NoError(t, tab.Eval(t.Context(), fmt.Sprintf(putInFyneLayout, js), &n))
	require.Equal(t, len(records), n)
	var files []string
	for _, r := range records {
		if !r.Dir {
			files = append(files, r.Key)
		}
	}
	require.Contains(t, files, "/fyne/sessions/marsmaze.json.a", "the game's save, at the path the app reads")

	appURL := webapp.URL(table)
	require.NoError(t, tab.Navigate(t.Context(), appURL[:strings.Index(appURL, "?")]))
	waitDrawn(tab, t)

	moved := readKeys(tab, t, "boardside-files", "files", "moved-from-fyne")
	for _, f := range files {
		assert.Contains(t, moved.Keys, f, "moved")
	}
	require.NotNil(t, moved.One, "the move is marked done")
	assert.EqualValues(t, len(files), moved.One["files"])
	var layout map[string]any
	err = tab.Eval(t.Context(), `new Promise((ok, no) => {
		const r = indexedDB.open("boardside-files");
		r.onerror = () => no(r.error);
		r.onsuccess = () => {
			const st = r.result.transaction("files").objectStore("files");
			ok({ indexes: [...st.indexNames], unique: st.index("parent").unique, keyPath: st.keyPath });
			r.result.close();
		};
	})`, &layout)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"indexes": []any{"parent"}, "unique": false, "keyPath": nil}, layout,
		"keyed by path, one index, on parent, not unique: nothing a file's bytes or a folder can break")
	old := readKeys(tab, t, "files", "meta", "/fyne/plays.json.a")
	for _, f := range files {
		assert.Contains(t, old.Keys, f, "Fyne's database is left as it was")
	}

	tapShown(tab, t, "button", is("Played games"), "Played games, on the home screen")
	waitShown(tab, t, "label", is("2 played games, the newest first."), "both played games found")
	waitShown(tab, t, "label", is("AquaSphere"), "the AquaSphere play")
	require.NoError(t, tab.Eval(t.Context(), `history.back()`, nil))
	tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
	waitShown(tab, t, "button", is("Flip"), "the game under way, found: its sand runs")

	// A reload moves nothing again: the mark is the same.
	require.NoError(t, tab.Reload(t.Context()))
	waitDrawn(tab, t)
	waitShown(tab, t, "button", is("Flip"), "the game, after a reload")
	again := readKeys(tab, t, "boardside-files", "files", "moved-from-fyne")
	assert.Equal(t, moved.One["at"], again.One["at"], "moved once")
	assert.Empty(t, readScreenDialogs(tab, t), "nothing to tell the player")

	// The first save asks the browser to keep the data, once.
	assert.Zero(t, eval[int](tab, t, `window.__persistAsked`), "nothing saved yet in this page")
	tapShown(tab, t, "button", is("Flip"), "Flip")
	waitJS(tab, t, `window.__persistAsked === 1`, "the first save asks navigator.storage.persist()")
	tapShown(tab, t, "button", is("Flip"), "Flip again")
	time.Sleep(time.Second) // the second save's transaction, in the page's time
	assert.Equal(t, 1, eval[int](tab, t, `window.__persistAsked`), "once a page")
	var kept bool
	require.NoError(t, tab.Eval(t.Context(), `navigator.storage.persisted()`, &kept))
	t.Logf("navigator.storage.persisted() after the first save: %v", kept)
	require.NoError(t, tab.Eval(t.Context(), `history.back()`, nil))
	tapShown(tab, t, "button", is("Settings"), "Settings")
	want := "This browser has not promised to keep Boardside's games"
	if kept {
		want = "This browser has promised to keep Boardside's games and played games."
	}
	waitShown(tab, t, "label", func(s string) bool { return strings.HasPrefix(s, want) }, "Settings says what the browser promised")
}

// countPersist counts, in window.__persistAsked, the page's calls of
// navigator.storage.persist().
const countPersist = `window.__persistAsked = 0;
{
	const persist = StorageManager.prototype.persist;
	StorageManager.prototype.persist = function () { window.__persistAsked++; return persist.call(this); };
}`

// readScreenDialogs are the texts of the dialogs the app shows.
func readScreenDialogs(tab *webdriver.Chrome, t *testing.T) []string {
	t.Helper()
	var out []string
	for _, it := range readScreen(tab, t).Items {
		if it.Dialog && it.Text != "" {
			out = append(out, it.Text)
		}
	}
	return out
}

// Pages whose IndexedDB keeps nothing of Boardside's: one refuses to
// open its database (as some private modes refuse every database), one
// has no IndexedDB at all (some embedded browsers; Fyne's own storage
// panicked there before cmd/webbuild/wasmfix's indexeddb patch), and one
// refuses a game's saves once it is under way (quota exceeded).
var keepsNothing = []struct {
	name, script string
	midGame      bool // the browser refuses from the first save of a game, not at start
}{
	{"open refused", `{
	const open = IDBFactory.prototype.open;
	IDBFactory.prototype.open = function (name, ...rest) {
		if (name === "boardside-files") throw new DOMException("The operation is insecure.", "SecurityError");
		return open.call(this, name, ...rest);
	};
}`, false},
	{"no IndexedDB", `Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true });`, false},
	{"quota exceeded mid-game", `{
	const put = IDBObjectStore.prototype.put;
	IDBObjectStore.prototype.put = function (value, key, ...rest) {
		if (this.transaction.db.name === "boardside-files" && String(key).startsWith("/fyne/sessions"))
			throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
		return put.call(this, value, key, ...rest);
	};
}`, true},
}

// TestWebApp_GoesOnWhereTheBrowserKeepsNothing opens the app where
// IndexedDB refuses Boardside's database, and where there is none: one
// notice says, in words, that this browser keeps nothing and what to do;
// the game goes on, and no dialog comes with each action.
func TestWebApp_GoesOnWhereTheBrowserKeepsNothing(t *testing.T) {
	dir := builtWebApp(t)
	t.Parallel() // a browser and a table of its own
	newTab := webAppBrowser(t, nil)
	table, _ := serveWithApp(t, dir)
	for _, c := range keepsNothing {
		t.Run(c.name, func(t *testing.T) {
			tab := newTab()
			require.NoError(t, tab.Emulate(t.Context(), webdriver.Phone{Width: phone.w, Height: phone.h, Scale: webAppRatio, Mobile: true, Touch: true}))
			require.NoError(t, tab.OnNewDocument(t.Context(), c.script))
			appURL := webapp.URL(table)
			require.NoError(t, tab.Navigate(t.Context(), appURL[:strings.Index(appURL, "?")]))
			waitDrawn(tab, t)
			if c.midGame {
				waitShown(tab, t, "button", is("Played games"), "the home screen")
				assert.Empty(t, readScreenDialogs(tab, t), "kept until the first refusal: nothing to say")
				tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile: its game is saved")
			}

			waitShown(tab, t, "label", func(s string) bool { return strings.HasPrefix(s, "This browser keeps nothing of Boardside") }, "the notice")
			notices := 0
			for _, d := range readScreenDialogs(tab, t) {
				if strings.Contains(d, "keeps nothing") {
					notices++
				}
			}
			assert.Equal(t, 1, notices, "one notice: %v", readScreenDialogs(tab, t))
			tapShown(tab, t, "button", is("OK"), "the notice's OK")

			if !c.midGame {
				tapShown(tab, t, "label", is("Magic Maze on Mars"), "the Magic Maze tile")
			}
			tapShown(tab, t, "button", is("Turn the sand timer over to start"), "Start")
			// An action that does not race the sand: a flip this soon after
			// the start leaves seconds in the glass, which ran out before the
			// check on a busy machine. A pause stops the sand.
			tapShown(tab, t, "button", is("Pause"), "Pause: the game goes on")
			waitShown(tab, t, "button", is("Resume"), "the game, paused")
			assert.Empty(t, readScreenDialogs(tab, t), "no dialog per action")
		})
	}
}
