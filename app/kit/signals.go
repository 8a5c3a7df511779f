package kit

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2/canvas"

	"boardside/timers"
)

// Alert colours for the full-screen flash.
var (
	flashAlert  = color.NRGBA{R: 0xff, G: 0xc1, B: 0x07, A: 0xb0} // amber
	flashTimeUp = color.NRGBA{R: 0xe5, G: 0x39, B: 0x35, A: 0xc8} // red
	FlashMark   = color.NRGBA{R: 0x42, G: 0xa5, B: 0xf5, A: 0x70} // blue, solo pulse
)

const flashTime = 350 * time.Millisecond

// Flasher is a rectangle over a whole screen that lights up for a moment.
type Flasher struct {
	Rect  *canvas.Rectangle
	clock timers.Clock
	waker *timers.Waker
	Count int // flashes shown, for tests
}

// NewFlasher flashes the screen for an alert. The flash is hidden through
// do (the UI's Do: fyne.Do in the app, the test's own goroutine in tests),
// as every other change from a timer.
func NewFlasher(clock timers.Clock, do func(func())) *Flasher {
	f := &Flasher{Rect: canvas.NewRectangle(color.Transparent), clock: clock}
	f.Rect.Hide()
	f.waker = timers.NewWaker(clock, func() { do(f.Rect.Hide) })
	return f
}

// Flash lights the screen in c; call it on the Fyne goroutine.
func (f *Flasher) Flash(c color.Color) {
	f.Count++
	f.Rect.FillColor = c
	f.Rect.Show()
	f.Rect.Refresh()
	f.waker.After(flashTime)
}

// TimerAlerts signals the alert marks of one screen's timer, once each:
// a sound and a flash, and at time's up a notification when Boardside is
// in the background. Both timer screens use it.
type TimerAlerts struct {
	w        Window
	alerts   *timers.Alerts
	flash    *Flasher
	primed   bool
	upTitle  string // the notification at time's up
	upDetail string
}

// NewTimerAlerts signals a timer's marks (sound and flash) and its end
// (upTitle and upDetail, as a notification when the app is not in front).
func NewTimerAlerts(w Window, flash *Flasher, upTitle, upDetail string) *TimerAlerts {
	return &TimerAlerts{w: w, alerts: timers.NewAlerts(timers.DefaultAlertMarks), flash: flash, upTitle: upTitle, upDetail: upDetail}
}

// Observe follows the remaining time on every render. While quiet (not
// started, paused, or won) the marks only follow the time, so nothing
// fires when it runs again from there.
func (t *TimerAlerts) Observe(rem time.Duration, phase timers.Phase, deadline time.Time, quiet bool) {
	if !t.primed {
		t.primed = true
		t.prime(phase, rem, deadline)
	}
	if quiet {
		t.alerts.Prime(rem)
		return
	}
	crossed := t.alerts.Observe(rem)
	if len(crossed) == 0 {
		return
	}
	last := crossed[len(crossed)-1] // one signal, however many marks passed
	t.signal(last)
	if last == 0 {
		t.w.SetAnnounced(deadline)
		t.w.NotifyIfAway(t.upTitle, t.upDetail)
	}
}

// prime prepares the alerts when the screen opens. A timer found already
// run out alerts once per run of the app (so a game that ran out while
// Boardside was closed is announced), never once per mark missed.
func (t *TimerAlerts) prime(phase timers.Phase, rem time.Duration, deadline time.Time) {
	switch {
	case phase != timers.Expired:
		t.alerts.Prime(rem)
	case t.w.Announced(deadline):
		t.alerts.Prime(0)
	default:
		t.alerts.PrimeExpired()
	}
}

// signal sounds (when sound is on) and flashes for an alert mark.
func (t *TimerAlerts) signal(mark time.Duration) {
	switch {
	case mark == 0:
		t.w.PlaySound(SoundTimeUp)
		t.flash.Flash(flashTimeUp)
	case mark <= 5*time.Second:
		t.w.PlaySound(SoundCountdown)
		t.flash.Flash(flashAlert)
	default:
		t.w.PlaySound(SoundAlert)
		t.flash.Flash(flashAlert)
	}
}
