package webdriver

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answers is a Page whose Eval gives, one call after another, the answers
// it holds (the last one again once they run out), as a page whose state
// changes while a test waits on it.
type answers struct {
	Page
	said  []any // a value the page's expression had, or an error
	calls int
}

func (a *answers) Eval(_ context.Context, _ string, out any) error {
	v := a.said[min(a.calls, len(a.said)-1)]
	a.calls++
	if err, ok := v.(error); ok {
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func TestUntil_WaitsForATruthyValueAndRidesOverErrors(t *testing.T) {
	p := &answers{said: []any{errors.New("the page is loading"), nil, nil, map[string]any{"v": []float64{3, 4}}}}
	var got []float64
	require.NoError(t, Until(context.Background(), p, "where()", time.Second, time.Millisecond, &got))
	assert.Equal(t, []float64{3, 4}, got, "the value that was truthy")
	assert.Equal(t, 4, p.calls, "asked until it was")
}

func TestUntil_GivesUpSayingThePagesLastError(t *testing.T) {
	p := &answers{said: []any{errors.New("ReferenceError: where is not defined")}}
	err := Until(context.Background(), p, "where()", 20*time.Millisecond, time.Millisecond, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ReferenceError: where is not defined")

	never := &answers{said: []any{nil}}
	err = Until(context.Background(), never, "false", 20*time.Millisecond, time.Millisecond, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not true in 20ms")
	assert.Greater(t, never.calls, 1, "asked again before giving up")
}
