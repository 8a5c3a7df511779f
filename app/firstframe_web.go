//go:build js

package app

import (
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// firstFrame holds what waits for the page to draw the app's first frame
// (afterFirstFrame); drawn says it has.
var firstFrame struct {
	mu      sync.Mutex
	drawn   bool
	waiting []func()
}

// firstFrameAtMost is how long what waits for the first frame waits at
// most: a page opened in a background tab draws nothing until it is
// looked at.
const firstFrameAtMost = 3 * time.Second

// afterFirstFrame runs f on Fyne's goroutine once the page has drawn the
// app's first frame (web/app/boot.js calls boardsideDrawn in that frame,
// holdGCUntilDrawn hands it on), or firstFrameAtMost after the call, and
// says it will. Run makes the page's callback; without it (a test that
// calls New alone) f runs after firstFrameAtMost.
func afterFirstFrame(f func()) bool {
	var once sync.Once
	run := func() { once.Do(func() { fyne.Do(f) }) }
	time.AfterFunc(firstFrameAtMost, run)
	firstFrame.mu.Lock()
	defer firstFrame.mu.Unlock()
	if firstFrame.drawn {
		go run()
	} else {
		firstFrame.waiting = append(firstFrame.waiting, run)
	}
	return true
}

// firstFrameDrawn runs what waited for the first frame.
func firstFrameDrawn() {
	firstFrame.mu.Lock()
	waiting := firstFrame.waiting
	firstFrame.waiting, firstFrame.drawn = nil, true
	firstFrame.mu.Unlock()
	for _, run := range waiting {
		run()
	}
}
