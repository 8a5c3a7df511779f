//go:build js

package app

import (
	"runtime/debug"
	"runtime/metrics"
	"syscall/js"
	"time"
)

// holdGCUntilDrawn puts the garbage collector off until the page has
// drawn the first screen (whenFirstFrame, firstframe_web.go), or for a few
// seconds at most: a phone's first visit spent about 30 ms of its start
// in collections (bench/webappprof, "GC (Go)") of a heap that the start
// only grows. The memory limit (memory_web.go) still holds while the
// collector is off, so a start that allocates more than it collects early.
//
// The collections before the first frame are counted in
// boardsideStartGCs, for the browser tests: 0 with the hold, 2 without
// (the package initialisers before main collect nothing).
func holdGCUntilDrawn() {
	before := debug.SetGCPercent(-1)
	whenFirstFrame(gcHeldAtMost, func(drawn bool) {
		if drawn {
			js.Global().Set("boardsideStartGCs", gcCycles())
		}
		debug.SetGCPercent(before) // as it was: a second call changes nothing
	})
}

// gcCycles is how many collections have run, without stopping the world
// as runtime.ReadMemStats would.
func gcCycles() int {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return -1
	}
	return int(s[0].Value.Uint64())
}

// gcHeldAtMost is how long a start that never draws (no WebGL) keeps the
// collector off.
const gcHeldAtMost = 10 * time.Second
