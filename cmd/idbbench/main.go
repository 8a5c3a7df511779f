//go:build js

// Command idbbench is a page's program (GOOS=js GOARCH=wasm) that measures
// what one of ADELE's actions costs when it is saved the way the web app
// saves it: Boardside's URI store (app/uristore) over Fyne's storage, which
// in a browser is IndexedDB. It plays random legal ADELE games for three
// players, saving after every action as the app does, and writes its
// figures to the page as JSON in <pre id="result">. cmd/webappbench builds
// it, serves it and reads the result.
package main

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"syscall/js"
	"time"

	fyneapp "fyne.io/fyne/v2/app"

	"boardside/app/uristore"
	"boardside/companion"
	"boardside/companion/adele"
	"boardside/timers"
)

type result struct {
	Actions   int     `json:"actions"`
	P50Ms     float64 `json:"p50ms"`
	P99Ms     float64 `json:"p99ms"`
	MaxMs     float64 `json:"maxMs"`
	NoSaveP99 float64 `json:"noSaveP99ms"` // the same actions, not saved: the rules' own share
	// The store alone: the last save's bytes, and the same with one byte
	// changed, saved in turn n times through the store, with no rules and no
	// encoding.
	StoreP50 float64 `json:"storeP50ms"`
	StoreP99 float64 `json:"storeP99ms"`
	// The browser's own floor: a Blob of the last save's size put n times,
	// each in a transaction of its own, from JavaScript (the page's
	// idbFloor), into a database of its own.
	FloorP50  float64 `json:"floorP50ms"`
	FloorP99  float64 `json:"floorP99ms"`
	SaveBytes int     `json:"saveBytes"`
	Root      string  `json:"root"`
	Error     string  `json:"error,omitempty"`
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
	saved, err := play(n, store)
	if err == nil {
		var bare []time.Duration
		bare, err = play(n, nil)
		res.NoSaveP99 = ms(bare, 0.99)
	}
	if err != nil {
		res.Error = err.Error()
	} else {
		res.P50Ms, res.P99Ms, res.MaxMs = ms(saved, 0.5), ms(saved, 0.99), ms(saved, 1)
		if b, err := store.Load(); err == nil {
			res.SaveBytes = len(b)
			other := append([]byte(nil), b...)
			other[len(other)-1] ^= 1 // not a valid save: the store keeps bytes, it does not read them
			d := make([]time.Duration, n)
			for i := range d {
				start := time.Now()
				if err := store.Save([][]byte{b, other}[i%2]); err != nil {
					res.Error = err.Error()
					break
				}
				d[i] = time.Since(start)
			}
			res.StoreP50, res.StoreP99 = ms(d, 0.5), ms(d, 0.99)
		}
		if floor, err := await(js.Global().Call("idbFloor", n, res.SaveBytes)); err != nil {
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

// await waits for a promise.
func await(p js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	ch := make(chan outcome, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any { ch <- outcome{v: args[0]}; return nil })
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- outcome{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	o := <-ch
	return o.v, o.err
}

func ms(d []time.Duration, q float64) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[int(q*float64(len(s)-1))]) / float64(time.Millisecond)
}
