package timers

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStopwatch(t *testing.T) {
	var s Stopwatch
	assert.Equal(t, time.Duration(0), s.Elapsed(epoch))
	s.Start(epoch)
	assert.Equal(t, 25*time.Second, s.Elapsed(epoch.Add(25*time.Second)))
	s.Pause(epoch.Add(30 * time.Second))
	assert.Equal(t, 30*time.Second, s.Elapsed(epoch.Add(time.Hour)), "paused holds")
	s.Start(epoch.Add(time.Hour))
	assert.Equal(t, 40*time.Second, s.Elapsed(epoch.Add(time.Hour+10*time.Second)))

	saved, err := json.Marshal(s)
	require.NoError(t, err)
	var restored Stopwatch
	require.NoError(t, json.Unmarshal(saved, &restored))
	assert.Equal(t, 70*time.Second, restored.Elapsed(epoch.Add(time.Hour+40*time.Second)), "restored continues")

	s.Reset()
	assert.Equal(t, time.Duration(0), s.Elapsed(epoch.Add(2*time.Hour)))
}

func TestMarks(t *testing.T) {
	tests := []struct {
		name    string
		observe []time.Duration
		want    [][]int64
	}{
		{name: "a mark every 10 s, reported when crossed", observe: []time.Duration{9 * time.Second, 10 * time.Second, 15 * time.Second, 20 * time.Second},
			want: [][]int64{nil, {1}, nil, {2}}},
		{name: "marks missed asleep come once, in order", observe: []time.Duration{5 * time.Second, 47 * time.Second, 48 * time.Second},
			want: [][]int64{nil, {1, 2, 3, 4}, nil}},
		{name: "going back (undo) follows down without reporting", observe: []time.Duration{25 * time.Second, 5 * time.Second, 10 * time.Second},
			want: [][]int64{{1, 2}, nil, {1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMarks(10*time.Second, 0)
			for i, e := range tt.observe {
				assert.Equal(t, tt.want[i], m.Observe(e), "observation %d", i)
			}
		})
	}
}

func TestMarks_UntilNext(t *testing.T) {
	m := NewMarks(10*time.Second, 0)
	assert.Equal(t, 10*time.Second, m.UntilNext(0))
	assert.Equal(t, 3*time.Second, m.UntilNext(17*time.Second))
}

func TestMarks_AfterAnHourAsleepOneReportHoldsThemAll(t *testing.T) {
	m := NewMarks(10*time.Second, 0)
	got := m.Observe(time.Hour)
	require.Len(t, got, 360)
	assert.Equal(t, int64(1), got[0])
	assert.Equal(t, int64(360), got[359])
	assert.Nil(t, m.Observe(time.Hour+time.Second))
}
