//go:build js

// Command idbbench is a page's program (GOOS=js GOARCH=wasm) that measures
// what one of ADELE's actions costs when it is saved the way the web app
// saves it: Boardside's URI store (app/uristore) over Fyne's storage URIs,
// which in a browser Boardside's own IndexedDB layout serves
// (app/uristore/idbrepo). It plays random legal ADELE games for three
// players, saving after every action as the app does, and writes its
// figures to the page as JSON in <pre id="result">. The actions played
// first, while the browser still optimises the wasm's busiest code in the
// background (on two shared cores, that doubled p99), are reported apart
// from those played after them, which stand for a game under way. bench/webappbench builds
// it, serves it and reads the result.
package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"syscall/js"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/storage"

	"boardside/app/jspromise"
	"boardside/app/uristore"
	"boardside/companion"
	"boardside/companion/adele"
	"boardside/timers"
)

type result struct {
	Actions int `json:"actions"`
	// The figures of the actions played right after the page started, while
	// the browser still optimises the wasm's busiest code in the background.
	ColdP50 float64 `json:"coldP50ms"`
	ColdP99 float64 `json:"coldP99ms"`
	// Those of the same number of actions played once n more had been
	// played unsaved (the rules alone): a game under way.
	P50Ms     float64 `json:"p50ms"`
	P99Ms     float64 `json:"p99ms"`
	MaxMs     float64 `json:"maxMs"`
	NoSaveP99 float64 `json:"noSaveP99ms"` // the same actions, not saved: the rules' own share
	// The store alone: each action's own save, the same bytes in the same
	// order, saved again through the store, with no rules and no encoding.
	StoreP50 float64 `json:"storeP50ms"`
	StoreP99 float64 `json:"storeP99ms"`
	// The browser's own floor: a Uint8Array as large as the last save's
	// record (deflated and sealed) put n times, each in a transaction of its
	// own, from JavaScript (the page's idbFloor), into a database of its own.
	FloorP50  float64 `json:"floorP50ms"`
	FloorP99  float64 `json:"floorP99ms"`
	SaveBytes int     `json:"saveBytes"`
	// The largest save, and the last save's record as IndexedDB holds it.
	MaxSaveBytes int    `json:"maxSaveBytes"`
	RecordBytes  int    `json:"recordBytes"`
	Root         string `json:"root"`
	Error        string `json:"error,omitempty"`
}

func main() {
	n := 500
	if v, err := strconv.Atoi(js.Global().Get("location").Get("hash").String()[min(1, len(js.Global().Get("location").Get("hash").String())):]); err == nil && v > 0 {
		n = v
	}
	a := fyneapp.NewWithID("app.boardside.idbbench") // registers Fyne's IndexedDB storage
	root := a.Storage().RootURI()
	res := result{Actions: n, Root: root.String()}
	store := uristore.New(root).Store("sessions/adele.json")
	kept := &keptSaves{Store: store}
	cold, err := play(n, kept)
	var saved []time.Duration
	if err == nil {
		var bare []time.Duration
		bare, err = play(n, nil)
		res.NoSaveP99 = ms(bare, 0.99)
		res.ColdP50, res.ColdP99 = ms(cold, 0.5), ms(cold, 0.99)
	}
	if err == nil {
		kept.saves = kept.saves[:0]
		saved, err = play(n, kept)
	}
	if err != nil {
		res.Error = err.Error()
	} else {
		res.P50Ms, res.P99Ms, res.MaxMs = ms(saved, 0.5), ms(saved, 0.99), ms(saved, 1)
		last := kept.saves[len(kept.saves)-1]
		res.SaveBytes, res.RecordBytes = len(last), recordSize(root, last)
		d := make([]time.Duration, 0, len(kept.saves))
		for _, b := range kept.saves {
			res.MaxSaveBytes = max(res.MaxSaveBytes, len(b))
			start := time.Now()
			if err := store.Save(b); err != nil {
				res.Error = err.Error()
				break
			}
			d = append(d, time.Since(start))
		}
		res.StoreP50, res.StoreP99 = ms(d, 0.5), ms(d, 0.99)
		if floor, err := jspromise.Await(js.Global().Call("idbFloor", n, res.RecordBytes)); err != nil {
			res.Error = "the browser's floor: " + err.Error()
		} else {
			d := make([]time.Duration, floor.Length())
			for i := range d {
				d[i] = time.Duration(floor.Index(i).Float() * float64(time.Millisecond))
			}
			res.FloorP50, res.FloorP99 = ms(d, 0.5), ms(d, 0.99)
		}
	}
	out, _ := json.Marshal(res)
	doc := js.Global().Get("document")
	pre := doc.Call("createElement", "pre")
	pre.Set("id", "result")
	pre.Set("textContent", string(out))
	doc.Get("body").Call("appendChild", pre)
	select {} // the page stays for the reader
}

// keptSaves keeps a copy of every save it passes on.
type keptSaves struct {
	companion.Store
	saves [][]byte
}

func (k *keptSaves) Save(b []byte) error {
	k.saves = append(k.saves, bytes.Clone(b))
	return k.Store.Save(b)
}

// recordSize is the size of the record IndexedDB holds for save: the
// store's newest slot, read back through Fyne's storage. Saved again here
// so that the newest slot holds it.
func recordSize(root fyne.URI, save []byte) int {
	st := uristore.New(root).Store("sessions/idbbench-record.json")
	if st.Save(save) != nil {
		return 0
	}
	defer st.Remove()
	for _, suffix := range []string{".a", ".b"} {
		u, err := storage.ParseURI(root.String() + "sessions/idbbench-record.json" + suffix)
		if err != nil {
			continue
		}
		if r, err := storage.Reader(u); err == nil {
			b, _ := io.ReadAll(r)
			_ = r.Close()
			return len(b)
		}
	}
	return 0
}

// play times n accepted random ADELE actions, each with its save when st
// is not nil; the same seed gives the same games either way.
func play(n int, st companion.Store) ([]time.Duration, error) {
	r := rand.New(rand.NewPCG(1, 7))
	var s *companion.Session
	var saveErr error
	newGame := func() error {
		s = companion.New(adele.Rules, adele.New(), timers.System{})
		if st == nil {
			return nil
		}
		return companion.Attach(s, st, func(err error) { saveErr = err })
	}
	if err := newGame(); err != nil {
		return nil, err
	}
	took := make([]time.Duration, 0, n)
	for len(took) < n {
		act, ok := adele.RandomAction(s.View().State.(*adele.State), r)
		if !ok {
			if err := newGame(); err != nil {
				return nil, err
			}
			continue
		}
		start := time.Now()
		if err := s.Dispatch(act); err == nil {
			took = append(took, time.Since(start))
		}
		if saveErr != nil {
			return nil, saveErr
		}
	}
	return took, nil
}

func ms(d []time.Duration, q float64) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[int(q*float64(len(s)-1))]) / float64(time.Millisecond)
}
