package timers

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAlerts(t *testing.T) {
	s := time.Second
	tests := []struct {
		name    string
		prime   time.Duration
		observe []time.Duration
		want    [][]time.Duration
	}{
		{name: "each mark fires once on the way down", prime: 6 * time.Minute,
			observe: []time.Duration{5*time.Minute + s, 5 * time.Minute, 4 * time.Minute, 61 * s, 60 * s},
			want:    [][]time.Duration{nil, {5 * time.Minute}, nil, nil, {time.Minute}}},
		{name: "a gap reports every mark crossed, largest first", prime: 12 * s,
			observe: []time.Duration{2 * s},
			want:    [][]time.Duration{{10 * s, 5 * s, 4 * s, 3 * s, 2 * s}}},
		{name: "time's up fires at zero", prime: 500 * time.Millisecond,
			observe: []time.Duration{0, 0},
			want:    [][]time.Duration{{0}, nil}},
		{name: "a flip above a mark arms it again", prime: 40 * s,
			observe: []time.Duration{30 * s, 50 * s, 31 * s, 30 * s},
			want:    [][]time.Duration{{30 * s}, nil, nil, {30 * s}}},
		{name: "a mark is not fired when it is where time starts", prime: 5 * time.Minute,
			observe: []time.Duration{5 * time.Minute, 4*time.Minute + 59*s},
			want:    [][]time.Duration{nil, nil}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := NewAlerts(DefaultAlertMarks)
			a.Prime(tt.prime)
			for i, r := range tt.observe {
				assert.Equal(t, tt.want[i], a.Observe(r), "observation %d (%v)", i, r)
			}
		})
	}
}

func TestAlerts_FirstObservationOnlyPrimes(t *testing.T) {
	a := NewAlerts(DefaultAlertMarks)
	assert.Nil(t, a.Observe(3*time.Second), "a restored game does not replay missed marks")
	assert.Equal(t, []time.Duration{2 * time.Second}, a.Observe(2*time.Second))
}

func TestAlerts_RestoredAfterExpiryAlertsOnce(t *testing.T) {
	a := NewAlerts(DefaultAlertMarks)
	a.PrimeExpired()
	assert.Equal(t, []time.Duration{0}, a.Observe(0), "time's up, once")
	assert.Nil(t, a.Observe(0))
}

func TestAlerts_Next(t *testing.T) {
	a := NewAlerts(DefaultAlertMarks)
	a.Prime(45 * time.Second)
	next, ok := a.Next()
	require.True(t, ok)
	assert.Equal(t, 30*time.Second, next)
	a.Observe(0)
	_, ok = a.Next()
	assert.False(t, ok)
}

func TestAlerts_MarksAreSortedAndDeduplicated(t *testing.T) {
	a := NewAlerts([]time.Duration{time.Second, time.Minute, time.Second, 0})
	a.Prime(2 * time.Minute)
	assert.Equal(t, []time.Duration{time.Minute, time.Second, 0}, a.Observe(0))
}
