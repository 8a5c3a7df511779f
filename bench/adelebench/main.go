// Command adelebench plays whole games of ADELE at random (crew and ADELE
// alike, every action legal or refused as at a real table) through a
// session that saves itself after every accepted action, as the app does,
// and reports:
//
//   - the time per accepted action, applied and saved to disk: p50, p99
//     and the largest;
//
//   - games of the same kind applied without saving, in the same run, to show
//     what the disk costs;
//
//   - the save file's size at the end of each game.
//
//     make bench-adele
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"time"

	"boardside/companion"
	"boardside/companion/adele"
	"boardside/timers"
)

func main() {
	games := flag.Int("games", 5, "games to play")
	flag.Parse()
	dir, err := os.MkdirTemp("", "adelebench")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)

	var saved, unsaved []time.Duration
	var sizes []int64
	var rounds, actions int
	for g := range *games {
		path := filepath.Join(dir, fmt.Sprintf("adele-%d.json", g))
		d, n, size, played := play(uint64(g), path)
		saved = append(saved, d...)
		sizes = append(sizes, size)
		rounds += played
		actions += n
		u, _, _, _ := play(uint64(g), "")
		unsaved = append(unsaved, u...)
	}
	fmt.Printf("%d games of ADELE, 3 players, %d rounds and %d accepted actions in all\n", *games, rounds, actions)
	report("applied and saved (fsync, rename)", saved)
	report("applied only (other random games)", unsaved)
	slices.Sort(sizes)
	fmt.Printf("save file at the end of a game: %.1f KiB to %.1f KiB\n", float64(sizes[0])/1024, float64(sizes[len(sizes)-1])/1024)
}

// play plays one game with seed; with a path it saves after every action.
// It returns the time of each accepted action, their number, the final
// save's size and the rounds played.
func play(seed uint64, path string) ([]time.Duration, int, int64, int) {
	r := rand.New(rand.NewPCG(seed, 7))
	s := companion.New(adele.Rules, adele.New(), timers.System{})
	if path != "" {
		if err := companion.Attach(s, companion.NewStore(path), func(err error) { fail(err) }); err != nil {
			fail(err)
		}
	}
	var took []time.Duration
	for range 100000 {
		st := s.View().State.(*adele.State)
		a, ok := adele.RandomAction(st, r)
		if !ok {
			break
		}
		start := time.Now()
		err := s.Dispatch(a)
		d := time.Since(start)
		if err == nil {
			took = append(took, d)
		}
	}
	st := s.View().State.(*adele.State)
	if !st.Over() {
		fail(fmt.Errorf("game %d did not end", seed))
	}
	var size int64
	if path != "" {
		fi, err := os.Stat(path)
		if err != nil {
			fail(err)
		}
		size = fi.Size()
	}
	return took, len(took), size, adele.Default().StartRound(3) - st.Round
}

func report(name string, ds []time.Duration) {
	slices.Sort(ds)
	q := func(p float64) time.Duration { return ds[int(p*float64(len(ds)-1))] }
	fmt.Printf("%-36s p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms  (%d actions)\n", name,
		ms(q(0.5)), ms(q(0.99)), ms(ds[len(ds)-1]), len(ds))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "adelebench:", err)
	os.Exit(1)
}
