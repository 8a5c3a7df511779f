//go:build js

package app

import (
	"sync"
	"syscall/js"
	"time"

	"fyne.io/fyne/v2"
)

// firstFrame holds what waits for the page to draw the app's first frame
// (whenFirstFrame); drawn says it has.
var firstFrame struct {
	mu      sync.Mutex
	drawn   bool
	waiting []func()
}

// watchFirstFrame gives the page boardsideDrawn, which web/app/boot.js
// calls in the frame that shows the app's first screen: the start's first
// step (Run), before anything waits for that frame.
func watchFirstFrame() {
	var drawn js.Func
	drawn = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Delete("boardsideDrawn")
		drawn.Release()
		firstFrame.mu.Lock()
		waiting := firstFrame.waiting
		firstFrame.waiting, firstFrame.drawn = nil, true
		firstFrame.mu.Unlock()
		for _, w := range waiting {
			w()
		}
		return nil
	})
	js.Global().Set("boardsideDrawn", drawn)
}

// whenFirstFrame runs f in the page's callback when the first frame is
// drawn (drawn true), and atMost after the call if it is not drawn by then
// (drawn false; then again once it is). A page opened in a background tab
// draws nothing until it is looked at, and a start without
// watchFirstFrame never says. f must not wait for Fyne's goroutine: the
// page waits for the callback.
func whenFirstFrame(atMost time.Duration, f func(drawn bool)) {
	timer := time.AfterFunc(atMost, func() { f(false) })
	onDrawn := func() {
		timer.Stop()
		f(true)
	}
	firstFrame.mu.Lock()
	already := firstFrame.drawn
	if !already {
		firstFrame.waiting = append(firstFrame.waiting, onDrawn)
	}
	firstFrame.mu.Unlock()
	if already {
		onDrawn()
	}
}

// firstFrameAtMost is how long afterFirstFrame waits at most.
const firstFrameAtMost = 3 * time.Second

// afterFirstFrame runs f on Fyne's goroutine once the page has drawn the
// app's first frame, or firstFrameAtMost after the call, and says it will.
func afterFirstFrame(f func()) bool {
	var once sync.Once
	whenFirstFrame(firstFrameAtMost, func(bool) {
		// On a goroutine of its own: fyne.Do may wait for Fyne's.
		once.Do(func() { go fyne.Do(f) })
	})
	return true
}
