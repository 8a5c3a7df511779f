package app

import (
	"time"

	"fyne.io/fyne/v2"
)

// PlaySound plays a named sound unless the player turned sound off.
func (u *UI) PlaySound(name string) {
	if u.prefs.Sound() {
		u.sound(name)
	}
}

// notifyIfAway sends an OS notification when Boardside is not in front.
func (u *UI) notifyIfAway(title, body string) {
	u.mu.Lock()
	away := !u.foreground
	u.mu.Unlock()
	if away {
		u.app.SendNotification(fyne.NewNotification(title, body))
	}
}

// KeepAwake stops the screen from blanking while a timer runs (when the
// player wants that) and releases it afterwards.
func (u *UI) KeepAwake(timerRunning bool) {
	want := timerRunning && u.prefs.KeepScreenOn()
	if want == u.Awake {
		return
	}
	u.Awake = want
	u.holdScreen(want)
	u.showAwakeNote()
}

// announced says whether time's up for this deadline was signalled in
// this run of the app.
func (u *UI) announced(deadline time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.expiries[deadline.UnixNano()]
}

// expiryAnnounced records that time's up for this deadline was signalled.
func (u *UI) expiryAnnounced(deadline time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.expiries[deadline.UnixNano()] = true
}
