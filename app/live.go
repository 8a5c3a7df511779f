package app

import (
	"time"

	"fyne.io/fyne/v2"

	"boardside/companion"
	"boardside/timers"
)

// live keeps a game screen in step with its session and with time: it
// renders after every change to the game, and otherwise wakes only when
// the screen says the next visible change is due (the next second on a
// clock, say). Nothing runs per frame.
type live struct {
	clock  timers.Clock
	render func(now time.Time) (next time.Duration, again bool)
	waker  *timers.Waker
	stopW  func()
}

// startLive renders once now and then whenever needed; render runs on the
// Fyne goroutine and returns when it wants to run again.
func startLive(clock timers.Clock, s *companion.Session, render func(now time.Time) (time.Duration, bool)) *live {
	l := &live{clock: clock, render: render}
	l.waker = timers.NewWaker(clock, func() { fyne.Do(l.tick) })
	l.stopW = s.Watch(func(companion.View) { fyne.Do(l.tick) })
	l.tick()
	return l
}

func (l *live) tick() {
	next, again := l.render(l.clock.Now())
	if everyFrame && again {
		next = time.Second / 60
	}
	if again {
		l.waker.After(next)
	} else {
		l.waker.Stop()
	}
}

// stop ends the updates when the screen closes.
func (l *live) stop() {
	l.stopW()
	l.waker.Stop()
}
