package missioncontrol

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	mc "boardside/companion/missioncontrol"
)

// BenchmarkRevealToScreen taps "Roll 3 dice" 1,000 times with an AI role:
// each tap applies the roll and the AI card reveal, saves the session to
// disk and renders the card on the screen. It reports the p50 and p99 of
// one tap; locking and the next turn between taps are not timed.
//
//	go test -tags ci,migrated_fynedo -run '^$' -bench RevealToScreen -benchtime 1x ./app/missioncontrol
func BenchmarkRevealToScreen(b *testing.B) {
	for range b.N {
		env := newTestEnv(b)
		_, m := startedMissionControl(b, env, mc.Cologne)
		tb := m.table
		var took []time.Duration
		for range 1000 {
			start := time.Now()
			test.Tap(tb.roll)
			took = append(took, time.Since(start))
			if tb.shownCard == "" {
				b.Fatal("no AI card was shown")
			}
			test.Tap(tb.locks[mc.Houston])
			test.Tap(tb.locks[mc.Bengaluru])
			test.Tap(tb.nextTurn)
		}
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	}
}
