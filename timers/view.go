package timers

// View is what another device needs to show a countdown or sand timer
// itself: instants as Unix milliseconds, durations in milliseconds. A
// running timer's remaining time is DeadlineMs − now on the host's clock.
type View struct {
	TotalMs    int64 `json:"totalMs"`
	LeftMs     int64 `json:"leftMs"`               // while not running
	DeadlineMs int64 `json:"deadlineMs,omitempty"` // while running
	Started    bool  `json:"started"`
	Running    bool  `json:"running"`
}

// View describes the countdown for sharing.
func (c Countdown) View() View {
	v := View{TotalMs: c.Total.Milliseconds(), Started: c.Started, Running: c.Running}
	if c.Running {
		v.DeadlineMs = c.Deadline.UnixMilli()
	} else {
		v.LeftMs = c.Left.Milliseconds()
	}
	return v
}

// WatchView is a stopwatch for sharing: elapsed = BeforeMs + (now − SinceMs)
// while running.
type WatchView struct {
	SinceMs  int64 `json:"sinceMs,omitempty"`
	BeforeMs int64 `json:"beforeMs"`
	Running  bool  `json:"running"`
}

// View describes the stopwatch for sharing.
func (s Stopwatch) View() WatchView {
	v := WatchView{BeforeMs: s.Before.Milliseconds(), Running: s.Running}
	if s.Running {
		v.SinceMs = s.Since.UnixMilli()
	}
	return v
}
