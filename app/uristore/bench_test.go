package uristore

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/storage"

	"boardside/app/uristore/memrepo"
	"boardside/companion"
	"boardside/companion/adele"
	"boardside/timers"
)

// BenchmarkAction measures one accepted action of ADELE, the largest save
// (random games, 3 players, saved after every action as the app does), on
// each store: p50 and p99 of the action with its save, in milliseconds.
//
//	LANG=en_US.UTF-8 go test -tags ci -run '^$' -bench Action -benchtime 3000x ./app/uristore/
func BenchmarkAction(b *testing.B) {
	for _, bb := range []struct {
		name  string
		store func(b *testing.B) companion.Store
	}{
		{"no save", func(b *testing.B) companion.Store { return nil }},
		{"FileStore (boardside serve)", func(b *testing.B) companion.Store {
			return companion.NewStore(filepath.Join(b.TempDir(), "sessions", "adele.json"))
		}},
		{"URI, desktop file root (rename)", func(b *testing.B) companion.Store {
			return New(storage.NewFileURI(b.TempDir())).Store("sessions/adele.json")
		}},
		{"URI, file root, copy way (as mobile)", func(b *testing.B) companion.Store {
			return newStorage(storage.NewFileURI(b.TempDir()), false).Store("sessions/adele.json")
		}},
		{"URI, in memory as IndexedDB", func(b *testing.B) companion.Store {
			_, root := memrepo.Register(memrepo.IndexedDB)
			return New(root).Store("sessions/adele.json")
		}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			st := bb.store(b)
			r := rand.New(rand.NewPCG(1, 7))
			var s *companion.Session
			newGame := func() {
				s = companion.New(adele.Rules, adele.New(), timers.System{})
				if st != nil {
					if err := companion.Attach(s, st, func(err error) { b.Fatal(err) }); err != nil {
						b.Fatal(err)
					}
				}
			}
			newGame()
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for len(took) < b.N {
				a, ok := adele.RandomAction(s.View().State.(*adele.State), r)
				if !ok {
					b.StopTimer()
					newGame()
					b.StartTimer()
					continue
				}
				start := time.Now()
				if err := s.Dispatch(a); err == nil {
					took = append(took, time.Since(start))
				}
			}
			b.StopTimer()
			slices.Sort(took)
			ms := func(q float64) float64 {
				return float64(took[int(q*float64(len(took)-1))]) / float64(time.Millisecond)
			}
			b.ReportMetric(ms(0.5), "p50-ms")
			b.ReportMetric(ms(0.99), "p99-ms")
			if st != nil {
				data, _ := st.Load()
				b.ReportMetric(float64(len(data))/1024, "last-save-KiB")
			}
		})
	}
}
