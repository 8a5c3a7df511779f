package missioncontrol

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
)

func TestTimesUp_NotifiesOnlyWhenInTheBackground(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.start)
	env.Clock.Advance(19 * time.Minute)

	u.SetForeground(false)
	test.AssertNotificationSent(t, fyne.NewNotification("Time's up", "Mission Control: the time is up."), func() {
		env.Clock.Advance(time.Minute)
	})
}

func TestTimesUp_NoNotificationInFront(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	m := openMissionControl(t, u)
	test.Tap(m.start)
	test.AssertNotificationSent(t, nil, func() {
		env.Clock.Advance(20 * time.Minute)
	})
	assert.Equal(t, "Time's up", m.status.Text)
}

func TestSound_OffMeansSilent(t *testing.T) {
	env := newTestEnv(t)
	u := env.Start(t)
	u.Prefs().SetSound(false)
	m := openMissionControl(t, u)
	test.Tap(m.start)
	env.Clock.Advance(20 * time.Minute)
	assert.Empty(t, env.Sounds)
	assert.Equal(t, 10, m.flash.Count, "the flash still shows every alert")
}
