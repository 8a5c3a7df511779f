package missioncontrol

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

const playID = "5c1e9a7f3b2d4e6081a9c3e5f7b1d2a4"

// startedAt starts a game at evening, on difficulty with the AI deck
// playing aiRoles.
func startedAt(t *testing.T, difficulty string, aiRoles ...string) (*companion.Session, *timers.Fake) {
	t.Helper()
	clock := timers.NewFake(evening)
	s := companion.New(Rules, New(), clock)
	require.NoError(t, s.Dispatch(&SetDifficulty{Difficulty: difficulty}))
	require.NoError(t, s.Dispatch(&SetAIRoles{Roles: aiRoles}))
	require.NoError(t, s.Dispatch(&Start{}))
	return s, clock
}

// accomplished is a game on hard with the AI deck playing Bengaluru: a
// turn played, a pause of 3 minutes, the mission accomplished after 14
// minutes of play with 6:00 left.
func accomplished(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	s, clock := startedAt(t, "hard", Bengaluru)
	require.NoError(t, s.Dispatch(&SetDice{Values: []int{1, 2, 3}}))
	require.NoError(t, s.Dispatch(&Lock{Role: Houston}))
	require.NoError(t, s.Dispatch(&Lock{Role: Cologne}))
	require.NoError(t, s.Dispatch(&NextTurn{}))
	clock.Advance(2 * time.Minute)
	require.NoError(t, s.Dispatch(&Pause{}))
	clock.Advance(3 * time.Minute)
	require.NoError(t, s.Dispatch(&Resume{}))
	clock.Advance(12 * time.Minute)
	require.NoError(t, s.Dispatch(&Accomplish{}))
	clock.Advance(time.Minute) // the table looks up, then records
	return s, clock
}

// timeUp is a game on easy without the AI deck whose 20 minutes ran out;
// it is recorded 5 minutes later.
func timeUp(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	s, clock := startedAt(t, "easy")
	clock.Advance(25 * time.Minute)
	return s, clock
}

// recorded is the play recorded in s, its times in UTC (a state read back
// from JSON may name the same instant's zone apart).
func recorded(t *testing.T, s *companion.Session) plays.Play {
	t.Helper()
	p, ok := current(s).Recorded()
	require.True(t, ok, "the play is recorded")
	p.Start, p.End = p.Start.UTC(), p.End.UTC()
	return p
}

// details are label, value pairs.
func details(pairs ...string) []plays.Detail {
	var out []plays.Detail
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, plays.Detail{Label: pairs[i], Value: pairs[i+1]})
	}
	return out
}

func TestRecordPlay_MissionAccomplished(t *testing.T) {
	s, clock := accomplished(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{" Anna ", "Ben", "Clara"}, Roles: []string{Astronaut, Houston, Cologne}}))
	assert.Equal(t, plays.Play{
		ID: playID, Game: "missioncontrol", GameName: "Mission Control: Critical Orbit",
		Start: evening, End: evening.Add(17 * time.Minute),
		Cooperative: true, Won: true, Result: "Mission accomplished with 6:00 left", Board: "Hard",
		Details: details("AI roles", "Bengaluru", "Turns", "2", "Time left", "6:00", "Playing time", "14:00"),
		Players: []plays.Player{
			{Name: "Anna", Winner: true, Role: "Astronaut"},
			{Name: "Ben", Winner: true, Role: "Houston"},
			{Name: "Clara", Winner: true, Role: "Cologne"},
		},
	}, recorded(t, s))

	p, err := current(s).Play(clock.Now())
	require.NoError(t, err)
	want, _ := current(s).Recorded()
	assert.Equal(t, want, p, "once recorded, the game's play is the one recorded")
}

func TestRecordPlay_TimeIsUp(t *testing.T) {
	s, clock := timeUp(t)
	p, err := current(s).Play(clock.Now())
	require.NoError(t, err)
	assert.Empty(t, p.ID, "before it is recorded the play has no ID…")
	assert.Empty(t, p.Players, "…and no players")

	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben"}}))
	assert.Equal(t, plays.Play{
		ID: playID, Game: "missioncontrol", GameName: "Mission Control: Critical Orbit",
		Start: evening, End: evening.Add(20 * time.Minute),
		Cooperative: true, Won: false, Result: "Time's up", Board: "Easy",
		Details: details("AI roles", "none", "Turns", "1", "Time left", "0:00", "Playing time", "20:00"),
		Players: []plays.Player{{Name: "Anna"}, {Name: "Ben"}},
	}, recorded(t, s), "the game ended when the time ran out, not when it was recorded")
}

// A game saved before its start was kept starts its play its playing time
// before its end.
func TestRecordPlay_AGameWithoutItsStartStartsItsPlayingTimeBeforeItsEnd(t *testing.T) {
	s, clock := accomplished(t)
	st := current(s)
	st.StartedAt = time.Time{}
	p, err := st.Play(clock.Now())
	require.NoError(t, err)
	assert.Equal(t, evening.Add(3*time.Minute), p.Start)
	assert.Equal(t, 14*time.Minute, p.Duration())
}

func TestRecordPlay_NamesAndRolesAreOptional(t *testing.T) {
	s, _ := accomplished(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.Empty(t, recorded(t, s).Players)
}

func TestRecordPlay_Refusals(t *testing.T) {
	tests := []struct {
		name string
		game func(t *testing.T) (*companion.Session, *timers.Fake)
		do   *RecordPlay
		want error
	}{
		{"before the start", func(t *testing.T) (*companion.Session, *timers.Fake) {
			clock := timers.NewFake(evening)
			return companion.New(Rules, New(), clock), clock
		}, &RecordPlay{ID: playID}, ErrNotEnded},
		{"while the timer runs", func(t *testing.T) (*companion.Session, *timers.Fake) { return startedAt(t, "normal") }, &RecordPlay{ID: playID}, ErrNotEnded},
		{"without an ID", accomplished, &RecordPlay{ID: " "}, ErrNoPlayID},
		{"a name left empty", accomplished, &RecordPlay{ID: playID, Names: []string{"Anna", " "}}, ErrPlayerNames},
		{"a name twice", accomplished, &RecordPlay{ID: playID, Names: []string{"Anna", "anna "}}, ErrPlayerNames},
		{"more names than people's roles", accomplished, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara", "Dana"}}, ErrTooManyPlayers},
		{"a role for some names only", accomplished, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben"}, Roles: []string{Astronaut}}, ErrPlayerRoles},
		{"a role the AI deck played", accomplished, &RecordPlay{ID: playID, Names: []string{"Anna"}, Roles: []string{Bengaluru}}, ErrPlayerRoles},
		{"a role twice", accomplished, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben"}, Roles: []string{Houston, Houston}}, ErrPlayerRoles},
		{"no such role", accomplished, &RecordPlay{ID: playID, Names: []string{"Anna"}, Roles: []string{"commander"}}, ErrPlayerRoles},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := tt.game(t)
			before := s.View().Version
			assert.ErrorIs(t, s.Dispatch(tt.do), tt.want)
			assert.Equal(t, before, s.View().Version, "a refused record changes nothing")
			_, ok := current(s).Recorded()
			assert.False(t, ok)
		})
	}
}

func TestRecordPlay_TheGameItselfStaysOver(t *testing.T) {
	s, _ := timeUp(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.ErrorIs(t, s.Dispatch(&Accomplish{}), ErrGameOver)
}

func TestRecordPlay_SameIDAgainIsTheSamePlay(t *testing.T) {
	s, clock := accomplished(t)
	record := &RecordPlay{ID: playID, Names: []string{"Anna", "Ben"}}
	require.NoError(t, s.Dispatch(record))
	first := recorded(t, s)

	clock.Advance(10 * time.Minute)
	require.NoError(t, s.Dispatch(record))
	assert.Equal(t, first, recorded(t, s), "recorded twice, one play")

	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Benedikt"}}))
	again := recorded(t, s)
	assert.Equal(t, "Benedikt", again.Players[1].Name, "a name put right")
	assert.Equal(t, first.End, again.End)

	assert.ErrorIs(t, s.Dispatch(&RecordPlay{ID: plays.NewID()}), ErrOtherPlay)
	assert.Equal(t, again, recorded(t, s))
}

func TestRecordPlay_Undo(t *testing.T) {
	s, _ := timeUp(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna"}}))
	assert.Equal(t, "recordPlay", s.View().UndoKind)
	require.NoError(t, s.Undo())
	_, ok := current(s).Recorded()
	assert.False(t, ok, "undone, the play is not recorded")
	require.NoError(t, s.Dispatch(&RecordPlay{ID: plays.NewID()}), "and may be recorded anew")
}

// Any device at the table may name the players of the play the host
// recorded at the end (the version it saw keeps two from applying twice).
func TestRecordPlay_IsAPublicAction(t *testing.T) {
	assert.Contains(t, PublicActions, (&RecordPlay{}).Kind())
}

func TestRecordPlay_JSONRoundTrip(t *testing.T) {
	a := &RecordPlay{ID: playID, Names: []string{"Anna", "Zoë"}, Roles: []string{Astronaut, Cologne}}
	raw, err := json.Marshal(map[string]any{"kind": a.Kind(), "data": a})
	require.NoError(t, err)
	assert.JSONEq(t, `{"kind":"recordPlay","data":{"id":"`+playID+`","names":["Anna","Zoë"],"roles":["astronaut","cologne"]}}`, string(raw))
	got, err := Rules.DecodeAction(raw)
	require.NoError(t, err)
	assert.Equal(t, a, got)

	s, _ := accomplished(t)
	require.NoError(t, s.Dispatch(a))
	log := s.Log()
	last := log[len(log)-1]
	fromLog, err := Rules.Decode(last.Kind, last.Data)
	require.NoError(t, err)
	assert.Equal(t, a, fromLog, "the log keeps the action as it was")
}

// The record is saved with the game: a game read back after a crash has it.
func TestRecordPlay_SurvivesASave(t *testing.T) {
	s, clock := accomplished(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna"}, Roles: []string{Astronaut}}))
	data, err := s.Encode()
	require.NoError(t, err)
	back, err := companion.Decode(data, Rules, clock)
	require.NoError(t, err)
	assert.Equal(t, recorded(t, s), recorded(t, back))
}

// testdata/bgstats.json is what BG Stats is sent for the accomplished
// game, byte for byte; go test ./companion/missioncontrol -update writes it.
func TestRecordPlay_BGStatsGolden(t *testing.T) {
	s, _ := accomplished(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara"}, Roles: []string{Astronaut, Houston, Cologne}}))
	got, err := recorded(t, s).BGStats()
	require.NoError(t, err)
	got = append(got, '\n')
	path := filepath.Join("testdata", "bgstats.json")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./companion/missioncontrol -update writes it")
	assert.Equal(t, string(want), string(got))
}

// A joined device or a quick-viewer phone shows names without roles: the
// names it gives keep the roles the host gave, seat by seat, while the
// number of players stays; other names drop them.
func TestRecordPlay_NamesWithoutRolesKeepTheRolesGiven(t *testing.T) {
	s, _ := accomplished(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben"}, Roles: []string{Astronaut, Houston}}))
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Bea"}}))
	assert.Equal(t, []plays.Player{
		{Name: "Anna", Winner: true, Role: "Astronaut"},
		{Name: "Bea", Winner: true, Role: "Houston"},
	}, recorded(t, s).Players)

	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Bea", "Cem"}}))
	for _, p := range recorded(t, s).Players {
		assert.Empty(t, p.Role, "three names for two roles: which is whose is not known")
	}
}
