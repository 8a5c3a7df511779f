package adele

import (
	"encoding/json"
	"flag"
	"net/url"
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

const playID = "1f4b7d9a2c6e48b0935d7f1a3c5e7092"

// at is an action some minutes after the setup.
type at struct {
	minutes int
	do      companion.Action
}

// played sets a game up at evening for players on ship, ADELE's console
// on paper, and plays steps.
func played(t *testing.T, players int, ship string, steps ...at) (*companion.Session, *timers.Fake) {
	t.Helper()
	clock := timers.NewFake(evening)
	s := companion.New(Rules, New(), clock)
	require.NoError(t, s.Dispatch(&SetUpGame{Players: players, Ship: ship, PaperConsole: true}))
	for _, st := range steps {
		clock.Set(evening.Add(time.Duration(st.minutes) * time.Minute))
		require.NoError(t, s.Dispatch(st.do), "%s", st.do.Kind())
	}
	return s, clock
}

// crewWon is a game of 4 on the Phobos that the crew won in round 2.
func crewWon(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	return played(t, 4, "phobos",
		at{10, &EmergencyPhase{}}, at{20, &EndRound{}}, at{25, &EmergencyPhase{}}, at{50, &Finish{Winner: "crew"}})
}

// crewMemberDied is a game of 3 on the Deimos that ADELE won in round 1.
func crewMemberDied(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	return played(t, 3, "deimos", at{5, &EmergencyPhase{}}, at{30, &Finish{Winner: "adele"}})
}

// roundsRanOut is a game of 5 on the Deimos whose 10 rounds ran out, a
// round every 6 minutes.
func roundsRanOut(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	var steps []at
	for r := range Default().StartRound(5) {
		steps = append(steps, at{6*r + 1, &EmergencyPhase{}}, at{6*r + 6, &EndRound{}})
	}
	return played(t, 5, "deimos", steps...)
}

func current(s *companion.Session) *State { return s.View().State.(*State) }

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

func TestRecordPlay_EveryWayTheGameEnds(t *testing.T) {
	tests := []struct {
		name   string
		game   func(t *testing.T) (*companion.Session, *timers.Fake)
		record *RecordPlay
		want   plays.Play
	}{
		{name: "the crew won", game: crewWon,
			record: &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara", " Dana "}, Adele: "ben"},
			want: plays.Play{
				End: evening.Add(50 * time.Minute), Result: "The crew won", Board: "Phobos",
				Details: details("Players", "4", "Rounds", "2"),
				Players: []plays.Player{
					{Name: "Anna", Winner: true, Role: "Crew"},
					{Name: "Ben", Winner: false, Role: "ADELE"},
					{Name: "Clara", Winner: true, Role: "Crew"},
					{Name: "Dana", Winner: true, Role: "Crew"},
				},
			}},
		{name: "ADELE won: a crew member died", game: crewMemberDied,
			record: &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara"}, Adele: "Anna"},
			want: plays.Play{
				End: evening.Add(30 * time.Minute), Result: "ADELE won: a crew member died", Board: "Deimos",
				Details: details("Players", "3", "Rounds", "1"),
				Players: []plays.Player{
					{Name: "Anna", Winner: true, Role: "ADELE"},
					{Name: "Ben", Winner: false, Role: "Crew"},
					{Name: "Clara", Winner: false, Role: "Crew"},
				},
			}},
		{name: "ADELE won: the rounds ran out", game: roundsRanOut,
			record: &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara", "Dana", "Emil"}, Adele: "Emil"},
			want: plays.Play{
				End: evening.Add(60 * time.Minute), Result: "ADELE won: the rounds ran out", Board: "Deimos",
				Details: details("Players", "5", "Rounds", "10"),
				Players: []plays.Player{
					{Name: "Anna", Role: "Crew"}, {Name: "Ben", Role: "Crew"}, {Name: "Clara", Role: "Crew"}, {Name: "Dana", Role: "Crew"},
					{Name: "Emil", Winner: true, Role: "ADELE"},
				},
			}},
		{name: "without names", game: crewWon, record: &RecordPlay{ID: playID},
			want: plays.Play{
				End: evening.Add(50 * time.Minute), Result: "The crew won", Board: "Phobos",
				Details: details("Players", "4", "Rounds", "2"),
				Players: []plays.Player{},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := tt.game(t)
			require.NoError(t, s.Dispatch(tt.record))
			want := tt.want
			want.ID, want.Game, want.GameName, want.BGGID, want.Start = playID, "adele", "ADELE", 337324, evening
			assert.Equal(t, want, recorded(t, s))
		})
	}
}

// ADELE's game is not co-operative: the crew and the player who played
// ADELE are sides, and BG Stats gets a play without points in which each
// player has won or lost with their side.
func TestRecordPlay_BGStatsSeesTwoSides(t *testing.T) {
	s, _ := crewMemberDied(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara"}, Adele: "Anna"}))
	p := recorded(t, s)
	assert.False(t, p.Cooperative)
	data, err := p.BGStats()
	require.NoError(t, err)
	var got struct {
		Game struct {
			NoPoints bool `json:"noPoints"`
		} `json:"game"`
		Players []struct {
			Name   string `json:"name"`
			Winner bool   `json:"winner"`
			Role   string `json:"role"`
		} `json:"players"`
	}
	require.NoError(t, json.Unmarshal(data, &got))
	assert.True(t, got.Game.NoPoints)
	require.Len(t, got.Players, 3)
	assert.True(t, got.Players[0].Winner)
	assert.Equal(t, "ADELE", got.Players[0].Role)
	assert.False(t, got.Players[1].Winner)
	assert.False(t, got.Players[2].Winner)
}

func TestRecordPlay_BeforeItIsRecordedThePlayHasNoIDNorPlayers(t *testing.T) {
	s, clock := crewWon(t)
	clock.Advance(time.Hour)
	p, err := current(s).Play(clock.Now())
	require.NoError(t, err)
	assert.Empty(t, p.ID)
	assert.Empty(t, p.Players)
	assert.True(t, p.End.Equal(evening.Add(50*time.Minute)), "the game knows when it ended")
}

// A game that ended before Boardside kept when games end is recorded as
// ending when it is recorded.
func TestRecordPlay_AGameWithoutItsEndEndsWhenRecorded(t *testing.T) {
	s := setUp(t, 3)
	require.NoError(t, apply(s, &Finish{Winner: "crew"}))
	s.EndedAt = time.Time{}
	require.NoError(t, s.Apply(&RecordPlay{ID: playID}, companion.Env{Now: evening}))
	p, ok := s.Recorded()
	require.True(t, ok)
	assert.Equal(t, evening, p.End)
}

func TestRecordPlay_Refusals(t *testing.T) {
	notSetUp := func(t *testing.T) (*companion.Session, *timers.Fake) {
		clock := timers.NewFake(evening)
		return companion.New(Rules, New(), clock), clock
	}
	tests := []struct {
		name string
		game func(t *testing.T) (*companion.Session, *timers.Fake)
		do   *RecordPlay
		want error
	}{
		{"before the setup", notSetUp, &RecordPlay{ID: playID}, ErrNotEnded},
		{"while the game goes on", func(t *testing.T) (*companion.Session, *timers.Fake) {
			return played(t, 3, "deimos", at{5, &EmergencyPhase{}})
		}, &RecordPlay{ID: playID}, ErrNotEnded},
		{"without an ID", crewWon, &RecordPlay{}, ErrNoPlayID},
		{"a name twice", crewWon, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "anna", "Dana"}, Adele: "Ben"}, ErrPlayerNames},
		{"a name left empty", crewWon, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "", "Dana"}, Adele: "Ben"}, ErrPlayerNames},
		{"a player too few", crewWon, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara"}, Adele: "Ben"}, ErrPlayerCount},
		{"ADELE without the others", crewWon, &RecordPlay{ID: playID, Adele: "Ben"}, ErrPlayerCount},
		{"nobody played ADELE", crewWon, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara", "Dana"}}, ErrAdelePlayer},
		{"ADELE is not one of the players", crewWon, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara", "Dana"}, Adele: "Emil"}, ErrAdelePlayer},
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
	s, _ := crewWon(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.ErrorIs(t, s.Dispatch(&EmergencyPhase{}), ErrOver)
	require.NoError(t, s.Dispatch(&RollD20{}), "the plain D20 still rolls")
	_, ok := current(s).Recorded()
	assert.True(t, ok)
}

func TestRecordPlay_SameIDAgainIsTheSamePlay(t *testing.T) {
	s, clock := crewMemberDied(t)
	record := &RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara"}, Adele: "Clara"}
	require.NoError(t, s.Dispatch(record))
	first := recorded(t, s)

	clock.Advance(10 * time.Minute)
	require.NoError(t, s.Dispatch(record))
	assert.Equal(t, first, recorded(t, s), "recorded twice, one play")

	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara"}, Adele: "Ben"}))
	again := recorded(t, s)
	assert.Equal(t, "ADELE", again.Players[1].Role, "who played ADELE put right")
	assert.Equal(t, first.End, again.End)

	assert.ErrorIs(t, s.Dispatch(&RecordPlay{ID: plays.NewID()}), ErrOtherPlay)
	assert.Equal(t, again, recorded(t, s))
}

func TestRecordPlay_Undo(t *testing.T) {
	s, _ := crewWon(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.Equal(t, "recordPlay", s.View().UndoKind)
	require.NoError(t, s.Undo())
	_, ok := current(s).Recorded()
	assert.False(t, ok, "undone, the play is not recorded")
	require.NoError(t, s.Undo(), "then the game's end")
	assert.False(t, current(s).Over())
	assert.True(t, current(s).EndedAt.IsZero(), "and with it when the game ended")
}

// Any device at the table may name the players of the play the host
// recorded at the end (the version it saw keeps two from applying twice).
func TestRecordPlay_IsAPublicAction(t *testing.T) {
	assert.Contains(t, PublicActions, (&RecordPlay{}).Kind())
}

func TestRecordPlay_JSONRoundTrip(t *testing.T) {
	a := &RecordPlay{ID: playID, Names: []string{"Anna", "Zoë", "Ben"}, Adele: "Zoë"}
	raw, err := json.Marshal(map[string]any{"kind": a.Kind(), "data": a})
	require.NoError(t, err)
	assert.JSONEq(t, `{"kind":"recordPlay","data":{"id":"`+playID+`","names":["Anna","Zoë","Ben"],"adele":"Zoë"}}`, string(raw))
	got, err := Rules.DecodeAction(raw)
	require.NoError(t, err)
	assert.Equal(t, a, got)

	s, _ := crewMemberDied(t)
	require.NoError(t, s.Dispatch(a))
	log := s.Log()
	last := log[len(log)-1]
	fromLog, err := Rules.Decode(last.Kind, last.Data)
	require.NoError(t, err)
	assert.Equal(t, a, fromLog, "the log keeps the action as it was")
}

// The record is saved with the game: a game read back after a crash has it.
func TestRecordPlay_SurvivesASave(t *testing.T) {
	s, clock := crewWon(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara", "Dana"}, Adele: "Dana"}))
	data, err := s.Encode()
	require.NoError(t, err)
	back, err := companion.Decode(data, Rules, clock)
	require.NoError(t, err)
	assert.Equal(t, recorded(t, s), recorded(t, back))
}

// testdata/bgstats.json is what BG Stats is sent for the game the crew
// won, byte for byte; go test ./companion/adele -update writes it.
func TestRecordPlay_BGStatsGolden(t *testing.T) {
	s, _ := crewWon(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara", "Dana"}, Adele: "Ben"}))
	got, err := recorded(t, s).BGStats()
	require.NoError(t, err)
	got = append(got, '\n')
	path := filepath.Join("testdata", "bgstats.json")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./companion/adele -update writes it")
	assert.Equal(t, string(want), string(got))
}

// The crew's devices are shown the recorded play, and its BG Stats link
// carries public facts only: nothing of ADELE's console, hand or PIN.
func TestRecordPlay_ThePublicRecordKeepsADELEsSecrets(t *testing.T) {
	clock := timers.NewFake(evening)
	s := companion.New(Rules, New(), clock)
	require.NoError(t, s.Dispatch(&SetUpGame{Players: 3, Ship: "deimos", PIN: "4711"}))
	clock.Advance(10 * time.Minute)
	require.NoError(t, s.Dispatch(&EmergencyPhase{}))
	clock.Advance(20 * time.Minute)
	require.NoError(t, s.Dispatch(&Finish{Winner: "adele"}))
	assert.Nil(t, Public(current(s)).(PublicState).Record, "nothing recorded yet")
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Cem"}, Adele: "Cem"}))

	st := current(s)
	require.NotEmpty(t, st.Hand, "ADELE holds cards: secrets to keep")
	rec := Public(st).(PublicState).Record
	require.NotNil(t, rec)
	want, _ := st.Recorded()
	assert.Equal(t, want, rec.Play)
	assert.Equal(t, plays.Public{Seats: 3, AllOrNone: true, AskAdele: true}, plays.Public{Seats: rec.Seats, AllOrNone: rec.AllOrNone, AskAdele: rec.AskAdele})

	raw, err := json.Marshal(rec)
	require.NoError(t, err)
	for _, secret := range append([]string{"4711", `"energy"`, `"console"`, `"hand"`, `"anomalies"`, `"pin"`, `"rng"`}, st.Hand...) {
		assert.NotContains(t, string(raw), secret)
	}
	u, err := url.Parse(rec.BGStats)
	require.NoError(t, err)
	assert.Equal(t, "app.bgstatsapp.com", u.Host)
	var sent map[string]any
	require.NoError(t, json.Unmarshal([]byte(u.Query().Get("data")), &sent))
	var keys []string
	for k := range sent {
		keys = append(keys, k)
	}
	assert.ElementsMatch(t, []string{"sourceName", "sourcePlayId", "playDate", "durationMin", "comments", "board", "game", "players"}, keys)
	assert.Contains(t, rec.BGStatsApp, "bgstats://app.bgstatsapp.com/createPlay.html?data=")
}
