//go:build js

package app

import (
	"runtime/debug"
	"syscall/js"
	"time"
)

// holdGCUntilDrawn puts the garbage collector off until the page has
// drawn the first screen (web/app/boot.js calls boardsideDrawn in that
// frame), or for a few seconds at most: a phone's first visit spent about
// 30 ms of its start in collections (bench/webappprof, "GC (Go)") of a
// heap that the start only grows. The memory limit (memory_web.go) still
// holds while the collector is off, so a start that allocates more than
// it collects early.
func holdGCUntilDrawn() {
	before := debug.SetGCPercent(-1)
	timer := time.AfterFunc(gcHeldAtMost, func() { debug.SetGCPercent(before) })
	var drawn js.Func
	drawn = js.FuncOf(func(js.Value, []js.Value) any {
		timer.Stop()
		debug.SetGCPercent(before) // as it was: a second call changes nothing
		js.Global().Delete("boardsideDrawn")
		drawn.Release()
		return nil
	})
	js.Global().Set("boardsideDrawn", drawn)
}

// gcHeldAtMost is how long a start that never draws (no WebGL) keeps the
// collector off.
const gcHeldAtMost = 10 * time.Second
