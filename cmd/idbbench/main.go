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

func ms(d []time.Duration, q float64) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[int(q*float64(len(s)-1))]) / float64(time.Millisecond)
}
