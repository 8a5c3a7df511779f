package kit

import (
	"time"

	"fyne.io/fyne/v2"

	"boardside/companion"
	"boardside/timers"
)

// Live keeps a game screen in step with its session and with time: it
// renders after every change to the game, and otherwise wakes only when
// the screen says the next visible change is due (the next second on a
// clock, say). Nothing runs per frame.
type Live struct {
	clock  timers.Clock
	render func(now time.Time) (next time.Duration, again bool)
	Waker  *timers.Waker
	stopW  func()
}

// StartLive renders once now and then whenever needed; render runs on the
// Fyne goroutine and returns when it wants to run again.
func StartLive(clock timers.Clock, s *companion.Session, render func(now time.Time) (time.Duration, bool)) *Live {
	l := &Live{clock: clock, render: render}
	l.Waker = timers.NewWaker(clock, func() { fyne.Do(l.Tick) })
	l.stopW = s.Watch(func(companion.View) { fyne.Do(l.Tick) })
	l.Tick()
	return l
}

// Tick renders now and schedules the next render the screen asks for.
func (l *Live) Tick() {
	next, again := l.render(l.clock.Now())
	if everyFrame && again {
		next = time.Second / 60
	}
	if again {
		l.Waker.After(next)
	} else {
		l.Waker.Stop()
	}
}

// Stop ends the updates when the screen closes.
func (l *Live) Stop() {
	l.stopW()
	l.Waker.Stop()
}
