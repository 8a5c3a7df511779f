// Package storetest checks that a companion.Storage keeps the promises
// companion.Store makes. Each implementation's tests call Run with a way
// to make its storage; the same tests then run against every one.
package storetest

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
)

// Harness makes the storage under test.
type Harness struct {
	// New returns a function that opens the same fresh, empty place each
	// time it is called: calling it again is what a restart of the app
	// sees.
	New func(t *testing.T) (open func() companion.Storage)
	// Cut makes st's next Save stop with err just before the new bytes
	// replace the save, as a crash or a closed tab at that moment would.
	Cut func(t *testing.T, st companion.Store, err error)
	// RollsForward says a save cut there is complete somewhere already, and
	// the next load finishes it: it then reads the new bytes, not the
	// previous ones. Either is a whole save.
	RollsForward bool
}

var now = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

// Run runs every test of the Store contract against h's storage.
func Run(t *testing.T, h Harness) {
	t.Run("save then load", h.saveThenLoad)
	t.Run("a save replaces the one before", h.saveReplaces)
	t.Run("large saves come back whole", h.largeSavesComeBackWhole)
	t.Run("load of a missing save is fs.ErrNotExist", h.missingSaveIsNotExist)
	t.Run("a save cut off before it replaces the save leaves the previous one, or the whole new one", h.cutSaveLeavesPreviousOrNew)
	t.Run("a first save cut off leaves no save, or the whole new one", h.cutFirstSaveLeavesNoneOrNew)
	t.Run("set aside keeps the bytes under a new name", h.setAsideKeepsTheBytes)
	t.Run("set aside of a missing save fails", h.setAsideOfMissingFails)
	t.Run("remove", h.remove)
}

// saveThenLoad checks that each name keeps its own save across a restart.
func (h Harness) saveThenLoad(t *testing.T) {
	names := []string{"sessions/marsmaze.json", "data/adele.json", "aquasphere-history.json", "sessions/marsmaze.token", "sessions/marsmaze.sharing"}
	open := h.New(t)
	for _, name := range names {
		st := open().Store(name)
		require.NoError(t, st.Save([]byte(`{"name":"`+name+`"}`)), name)
	}
	restarted := open()
	for _, name := range names {
		b, err := restarted.Store(name).Load()
		require.NoError(t, err, name)
		assert.Equal(t, `{"name":"`+name+`"}`, string(b), "each name keeps its own save")
	}
}

// saveReplaces checks that a save replaces the one before, longer or
// shorter.
func (h Harness) saveReplaces(t *testing.T) {
	open := h.New(t)
	st := open().Store("sessions/marsmaze.json")
	for _, v := range []string{"first, and longer than the next", "second", ""} {
		require.NoError(t, st.Save([]byte(v)))
		b, err := open().Store("sessions/marsmaze.json").Load()
		require.NoError(t, err)
		assert.Equal(t, v, string(b))
	}
}

// largeSavesComeBackWhole checks that saves bigger than any buffer come
// back unchanged.
func (h Harness) largeSavesComeBackWhole(t *testing.T) {
	open := h.New(t)
	// Bigger than any buffer a reader or copier might use at once.
	for _, size := range []int{32<<10 - 1, 32 << 10, 64<<10 + 7, 700 << 10} {
		data := bytes.Repeat([]byte("0123456789abcdef"), size/16+1)[:size]
		require.NoError(t, open().Store("sessions/adele.json").Save(data))
		b, err := open().Store("sessions/adele.json").Load()
		require.NoError(t, err)
		require.Len(t, b, size)
		assert.True(t, bytes.Equal(data, b), "%d bytes come back unchanged", size)
	}
}

// missingSaveIsNotExist checks that loading what was never saved is
// fs.ErrNotExist.
func (h Harness) missingSaveIsNotExist(t *testing.T) {
	open := h.New(t)
	for _, name := range []string{"sessions/none.json", "none.json", "deep/er/none.json"} {
		_, err := open().Store(name).Load()
		assert.ErrorIs(t, err, fs.ErrNotExist, name)
	}
}

// cutSaveLeavesPreviousOrNew checks that a save cut off before it
// replaces the save leaves the previous one (the whole new one where the
// store rolls forward), and that the next save works.
func (h Harness) cutSaveLeavesPreviousOrNew(t *testing.T) {
	open := h.New(t)
	st := open().Store("sessions/marsmaze.json")
	require.NoError(t, st.Save([]byte("previous")))
	crash := errors.New("the tab was closed")
	h.Cut(t, st, crash)
	assert.ErrorIs(t, st.Save([]byte("new, never acknowledged")), crash)

	restarted := open().Store("sessions/marsmaze.json")
	if r, ok := restarted.(companion.LeftoverRemover); ok {
		r.RemoveLeftovers()
	}
	b, err := restarted.Load()
	require.NoError(t, err)
	if h.RollsForward {
		assert.Equal(t, "new, never acknowledged", string(b), "the save is finished")
	} else {
		assert.Equal(t, "previous", string(b))
	}

	require.NoError(t, restarted.Save([]byte("after the restart")), "the next save works")
	b, err = open().Store("sessions/marsmaze.json").Load()
	require.NoError(t, err)
	assert.Equal(t, "after the restart", string(b))
}

// cutFirstSaveLeavesNoneOrNew checks that a first save cut off leaves no
// save, or the whole new one.
func (h Harness) cutFirstSaveLeavesNoneOrNew(t *testing.T) {
	open := h.New(t)
	st := open().Store("sessions/marsmaze.json")
	h.Cut(t, st, errors.New("killed"))
	require.Error(t, st.Save([]byte("never acknowledged")))
	restarted := open().Store("sessions/marsmaze.json")
	if r, ok := restarted.(companion.LeftoverRemover); ok {
		r.RemoveLeftovers()
	}
	b, err := restarted.Load()
	if h.RollsForward {
		require.NoError(t, err)
		assert.Equal(t, "never acknowledged", string(b), "the save is finished")
	} else {
		assert.ErrorIs(t, err, fs.ErrNotExist)
	}
}

// setAsideKeepsTheBytes checks that a save set aside is kept under a new
// name, and that a new game saves in its place.
func (h Harness) setAsideKeepsTheBytes(t *testing.T) {
	open := h.New(t)
	st := open().Store("sessions/marsmaze.json")
	require.NoError(t, st.Save([]byte(`{"format":1,"ga`)))
	where, err := st.SetAside(now)
	require.NoError(t, err)
	aside := companion.AsideName("sessions/marsmaze.json", now)
	assert.Equal(t, "sessions/marsmaze.json.unreadable-20261121-200000", aside)
	assert.True(t, strings.HasSuffix(where, aside), "the player is told where: %s", where)

	_, err = open().Store("sessions/marsmaze.json").Load()
	assert.ErrorIs(t, err, fs.ErrNotExist, "the next start begins clean")
	kept, err := open().Store(aside).Load()
	require.NoError(t, err, "the unreadable save is kept")
	assert.Equal(t, `{"format":1,"ga`, string(kept))

	require.NoError(t, st.Save([]byte("a new game")), "a new game saves in its place")
	kept, err = open().Store(aside).Load()
	require.NoError(t, err)
	assert.Equal(t, `{"format":1,"ga`, string(kept), "and the kept one stays")
}

// setAsideOfMissingFails checks that there is nothing to set aside where
// nothing was saved.
func (h Harness) setAsideOfMissingFails(t *testing.T) {
	open := h.New(t)
	_, err := open().Store("sessions/none.json").SetAside(now)
	assert.Error(t, err)
}

// remove checks that Remove takes that save away, and only that one, and
// that removing what is not there is fine.
func (h Harness) remove(t *testing.T) {
	open := h.New(t)
	st := open().Store("sessions/marsmaze.sharing")
	require.NoError(t, st.Remove(), "removing what is not there is fine")
	require.NoError(t, st.Save([]byte("7777\n")))
	require.NoError(t, open().Store("sessions/marsmaze.json").Save([]byte("the game")))
	require.NoError(t, st.Remove())
	_, err := open().Store("sessions/marsmaze.sharing").Load()
	assert.ErrorIs(t, err, fs.ErrNotExist)
	b, err := open().Store("sessions/marsmaze.json").Load()
	require.NoError(t, err)
	assert.Equal(t, "the game", string(b), "only that save goes")
}
