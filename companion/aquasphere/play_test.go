package aquasphere

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
	"boardside/companion/plays"
	"boardside/timers"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// evening is when the recorded games are played, in UTC, as BG Stats is
// sent a play's date: the golden files read the same in every time zone.
var evening = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

const playID = "c7a9e1b3d5f7402684a6c8e0b2d4f6a8"

// seat is a player of a finished sheet: the knowledge points before round
// 1 and the final scoring's lines.
type seat struct {
	name  string
	start int
	final map[string]int
}

// finished is a sheet begun at evening whose 4 rounds scored nothing, each
// 20 minutes after the last, and whose final scoring ended the game 95
// minutes in; it is looked at 5 minutes later.
func finished(t *testing.T, seats ...seat) (*companion.Session, *timers.Fake) {
	t.Helper()
	clock := timers.NewFake(evening)
	s := companion.New(Rules, New(), clock)
	for i, p := range seats {
		require.NoError(t, s.Dispatch(&AddPlayer{Name: p.name}))
		require.NoError(t, s.Dispatch(&SetStart{Player: i, Value: p.start}))
	}
	for range 4 {
		clock.Advance(20 * time.Minute)
		require.NoError(t, s.Dispatch(&ScoreRound{}))
	}
	for i, p := range seats {
		for field, v := range p.final {
			require.NoError(t, s.Dispatch(&SetEntry{Player: i, Field: field, Value: v}))
		}
	}
	clock.Advance(15 * time.Minute)
	require.NoError(t, s.Dispatch(&ScoreFinal{}))
	clock.Advance(5 * time.Minute)
	return s, clock
}

// threePlayers is a game Ben won with 21 knowledge points, Anna second
// with 16 and Clara third with 10.
func threePlayers(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	return finished(t,
		seat{"Anna", 10, map[string]int{"letters": 3}},
		seat{"Ben Okafor", 20, map[string]int{"timeMarkers": 1}},
		seat{"Clara", 5, map[string]int{"allSubmarines": 1}})
}

func score(n int) *int { return &n }

// recorded is the play recorded in s, its times in UTC (a state read back
// from JSON may name the same instant's zone apart).
func recorded(t *testing.T, s *companion.Session) plays.Play {
	t.Helper()
	p, ok := st(s).Recorded()
	require.True(t, ok, "the play is recorded")
	p.Start, p.End = p.Start.UTC(), p.End.UTC()
	return p
}

func TestRecordPlay_AFinishedSheet(t *testing.T) {
	s, _ := threePlayers(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.Equal(t, plays.Play{
		ID: playID, Game: "aquasphere", GameName: "AquaSphere",
		Start: evening, End: evening.Add(95 * time.Minute),
		Result: "Ben Okafor wins with 21 points",
		Players: []plays.Player{
			{Name: "Anna", Score: score(16), Rank: 2},
			{Name: "Ben Okafor", Score: score(21), Rank: 1, Winner: true},
			{Name: "Clara", Score: score(10), Rank: 3},
		},
	}, recorded(t, s))
}

func TestRecordPlay_Ties(t *testing.T) {
	tests := []struct {
		name    string
		seats   []seat
		result  string
		details []plays.Detail
		places  []int
	}{
		{name: "broken by occupied control fields",
			seats:   []seat{{"Anna", 20, map[string]int{"timeMarkers": 1, "controlFields": 1}}, {"Ben", 21, map[string]int{"controlFields": 2}}, {"Clara", 5, nil}},
			result:  "Ben wins with 21 points",
			details: []plays.Detail{{Label: "Tie-break", Value: "occupied control fields"}},
			places:  []int{2, 1, 3}},
		{name: "then by crystals",
			seats:   []seat{{"Anna", 21, map[string]int{"controlFields": 2, "crystals": 3}}, {"Ben", 21, map[string]int{"controlFields": 2, "crystals": 1}}},
			result:  "Anna wins with 21 points",
			details: []plays.Detail{{Label: "Tie-break", Value: "crystals"}},
			places:  []int{1, 2}},
		{name: "still tied: first place shared",
			seats:  []seat{{"Anna", 30, map[string]int{"controlFields": 1}}, {"Ben", 30, map[string]int{"controlFields": 1}}, {"Clara", 30, map[string]int{"controlFields": 1}}, {"Dana", 12, nil}},
			result: "Anna, Ben and Clara share first place with 30 points",
			places: []int{1, 1, 1, 4}},
		{name: "a shared second place",
			seats:  []seat{{"Anna", 30, nil}, {"Ben", 20, map[string]int{"crystals": 2}}, {"Clara", 20, map[string]int{"crystals": 2}}},
			result: "Anna wins with 30 points",
			places: []int{1, 2, 2}},
		{name: "two share first place",
			seats:  []seat{{"Anna", 30, nil}, {"Ben", 30, nil}, {"Clara", 12, nil}},
			result: "Anna and Ben share first place with 30 points",
			places: []int{1, 1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := finished(t, tt.seats...)
			require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
			p := recorded(t, s)
			var places []int
			for i, pl := range p.Players {
				places = append(places, pl.Rank)
				assert.Equal(t, pl.Rank == 1, pl.Winner, "%s wins when first", pl.Name)
				assert.Equal(t, tt.seats[i].name, pl.Name)
			}
			assert.Equal(t, tt.places, places, "as the sheet ranks them")
			rep, err := st(s).Report()
			require.NoError(t, err)
			for i, x := range rep.Final {
				assert.Equal(t, x.Place, p.Players[i].Rank)
				assert.Equal(t, x.To, *p.Players[i].Score)
			}
			assert.Equal(t, tt.result, p.Result)
			assert.Equal(t, tt.details, p.Details)
		})
	}
}

func TestRecordPlay_BeforeItIsRecordedThePlayHasNoID(t *testing.T) {
	s, clock := threePlayers(t)
	p, err := st(s).Play(clock.Now())
	require.NoError(t, err)
	assert.Empty(t, p.ID)
	assert.Equal(t, "Ben Okafor wins with 21 points", p.Result)
	assert.True(t, p.End.Equal(evening.Add(95*time.Minute)), "the sheet knows when the game ended")
}

// A game that ended before Boardside kept when games end is recorded as
// ending when it is recorded.
func TestRecordPlay_AGameWithoutItsEndEndsWhenRecorded(t *testing.T) {
	s, _ := threePlayers(t)
	old := st(s)
	old.EndedAt = time.Time{}
	require.NoError(t, old.Apply(&RecordPlay{ID: playID}, companion.Env{Now: evening.Add(3 * time.Hour)}))
	p, ok := old.Recorded()
	require.True(t, ok)
	assert.Equal(t, evening.Add(3*time.Hour), p.End)
}

func TestRecordPlay_Refusals(t *testing.T) {
	s := sheet(t, "Anna", "Ben")
	assert.ErrorIs(t, s.Dispatch(&RecordPlay{ID: playID}), ErrNotEnded, "a sheet being kept")
	for range 4 {
		require.NoError(t, s.Dispatch(&ScoreRound{}))
	}
	assert.ErrorIs(t, s.Dispatch(&RecordPlay{ID: playID}), ErrNotEnded, "before the final scoring")
	assert.ErrorIs(t, New().Apply(&RecordPlay{ID: playID}, companion.Env{Now: evening}), ErrNotEnded, "an empty sheet")

	done, _ := threePlayers(t)
	before := done.View().Version
	assert.ErrorIs(t, done.Dispatch(&RecordPlay{ID: " "}), ErrNoPlayID)
	assert.Equal(t, before, done.View().Version, "a refused record changes nothing")
	_, ok := st(done).Recorded()
	assert.False(t, ok)
}

func TestRecordPlay_TheGameItselfStaysOver(t *testing.T) {
	s, _ := threePlayers(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.ErrorIs(t, s.Dispatch(&SetEntry{Player: 0, Field: "letters", Value: 1}), ErrOver)
}

func TestRecordPlay_SameIDAgainIsTheSamePlay(t *testing.T) {
	s, clock := threePlayers(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	first := recorded(t, s)
	clock.Advance(time.Hour)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.Equal(t, first, recorded(t, s), "recorded twice, one play")
	assert.ErrorIs(t, s.Dispatch(&RecordPlay{ID: plays.NewID()}), ErrOtherPlay)
	assert.Equal(t, first, recorded(t, s))
}

func TestRecordPlay_Undo(t *testing.T) {
	s, _ := threePlayers(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.Equal(t, "recordPlay", s.View().UndoKind)
	require.NoError(t, s.Undo())
	_, ok := st(s).Recorded()
	assert.False(t, ok, "undone, the play is not recorded")
	require.NoError(t, s.Undo(), "then the final scoring")
	assert.False(t, st(s).Over)
	assert.True(t, st(s).EndedAt.IsZero(), "and with it when the game ended")
}

func TestRecordPlay_HandsOutACopy(t *testing.T) {
	s, _ := threePlayers(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	p, _ := st(s).Recorded()
	*p.Players[0].Score = 99
	p.Players[1].Name = "Someone"
	assert.Equal(t, 16, *recorded(t, s).Players[0].Score)
	assert.Equal(t, "Ben Okafor", recorded(t, s).Players[1].Name)
}

func TestRecordPlay_JSONRoundTrip(t *testing.T) {
	a := &RecordPlay{ID: playID}
	raw, err := json.Marshal(map[string]any{"kind": a.Kind(), "data": a})
	require.NoError(t, err)
	assert.JSONEq(t, `{"kind":"recordPlay","data":{"id":"`+playID+`"}}`, string(raw))
	got, err := Rules.DecodeAction(raw)
	require.NoError(t, err)
	assert.Equal(t, a, got)

	s, _ := threePlayers(t)
	require.NoError(t, s.Dispatch(a))
	log := s.Log()
	last := log[len(log)-1]
	fromLog, err := Rules.Decode(last.Kind, last.Data)
	require.NoError(t, err)
	assert.Equal(t, a, fromLog, "the log keeps the action as it was")
}

// The record is saved with the game: a game read back after a crash has it.
func TestRecordPlay_SurvivesASave(t *testing.T) {
	s, clock := threePlayers(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	data, err := s.Encode()
	require.NoError(t, err)
	back, err := companion.Decode(data, Rules, clock)
	require.NoError(t, err)
	assert.Equal(t, recorded(t, s), recorded(t, back))
}

// testdata/bgstats.json is what BG Stats is sent for the three players'
// game, byte for byte; go test ./companion/aquasphere -update writes it.
func TestRecordPlay_BGStatsGolden(t *testing.T) {
	s, _ := threePlayers(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	got, err := recorded(t, s).BGStats()
	require.NoError(t, err)
	got = append(got, '\n')
	path := filepath.Join("testdata", "bgstats.json")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./companion/aquasphere -update writes it")
	assert.Equal(t, string(want), string(got))
}
