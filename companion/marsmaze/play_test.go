package marsmaze

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

const playID = "8d3f5a1c7e9b4d20a6c8e0f2b4d6a8c1"

// playedAt plays steps from evening on, each some time after the start.
func playedAt(t *testing.T, steps []at) (*companion.Session, *timers.Fake) {
	t.Helper()
	clock := timers.NewFake(evening)
	s := companion.New(Rules, New(), clock)
	for _, st := range steps {
		clock.Set(evening.Add(st.after))
		require.NoError(t, s.Dispatch(st.do), "%s", st.do.Kind())
	}
	return s, clock
}

// won is mission 3 won 2:40 in, with one flip and 0:40 of sand left.
func won(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	return playedAt(t, []at{
		{do: &ChooseMission{Mission: 3}}, {do: &Start{}},
		{after: 100 * time.Second, do: &Flip{}}, {after: 160 * time.Second, do: &Win{}},
	})
}

// lost is mission 2 lost: flipped a minute in, the sand ran out a minute
// later; recorded 3 minutes after that.
func lost(t *testing.T) (*companion.Session, *timers.Fake) {
	t.Helper()
	s, clock := playedAt(t, []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {after: time.Minute, do: &Flip{}}})
	clock.Set(evening.Add(5 * time.Minute))
	return s, clock
}

// details are label, value pairs.
func details(pairs ...string) []plays.Detail {
	var out []plays.Detail
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, plays.Detail{Label: pairs[i], Value: pairs[i+1]})
	}
	return out
}

// recorded is the play recorded in s, its times in UTC (a state read back
// from JSON may name the same instant's zone apart).
func recorded(t *testing.T, s *companion.Session) plays.Play {
	t.Helper()
	p, ok := state(s).Recorded()
	require.True(t, ok, "the play is recorded")
	p.Start, p.End = p.Start.UTC(), p.End.UTC()
	return p
}

func TestRecordPlay_EveryWayTheGameEnds(t *testing.T) {
	sec := time.Second
	tests := []struct {
		name  string
		game  func(t *testing.T) (*companion.Session, *timers.Fake)
		names []string
		want  plays.Play
	}{
		{name: "won", game: won, names: []string{"Anna", " Ben ", "Clara"}, want: plays.Play{
			End: evening.Add(160 * sec), Won: true, Result: "Won with 0:40 of sand left", Board: "Mission 3",
			Details: details("Sand left", "0:40", "Flips", "1"),
			Players: []plays.Player{{Name: "Anna", Winner: true}, {Name: "Ben", Winner: true}, {Name: "Clara", Winner: true}},
		}},
		{name: "lost to the sand", game: lost, names: []string{"Anna", "Ben"}, want: plays.Play{
			End: evening.Add(2 * time.Minute), Won: false, Result: "Lost: the sand ran out", Board: "Mission 2",
			Details: details("Flips", "1"),
			Players: []plays.Player{{Name: "Anna"}, {Name: "Ben"}},
		}},
		{name: "solo, won", game: func(t *testing.T) (*companion.Session, *timers.Fake) {
			return playedAt(t, []at{{do: &SetOptions{Solo: true}}, {do: &Start{}}, {after: 30 * sec, do: &Pause{}}, {after: 90 * sec, do: &Resume{}}, {after: 130 * sec, do: &Win{}}})
		}, names: []string{"Anna"}, want: plays.Play{
			End: evening.Add(130 * sec), Won: true, Result: "Won with 1:50 of sand left", Board: "Mission 1",
			Details: details("Sand left", "1:50", "Flips", "0", "Solo", "yes", "Playing time", "1:10"),
			Players: []plays.Player{{Name: "Anna", Winner: true}},
		}},
		{name: "solo, lost", game: func(t *testing.T) (*companion.Session, *timers.Fake) {
			s, clock := playedAt(t, []at{{do: &SetOptions{Solo: true}}, {do: &Start{}}})
			clock.Set(evening.Add(time.Hour))
			return s, clock
		}, names: []string{"Anna"}, want: plays.Play{
			End: evening.Add(3 * time.Minute), Won: false, Result: "Lost: the sand ran out", Board: "Mission 1",
			Details: details("Flips", "0", "Solo", "yes", "Playing time", "3:00"),
			Players: []plays.Player{{Name: "Anna"}},
		}},
		{name: "expert", game: func(t *testing.T) (*companion.Session, *timers.Fake) {
			return playedAt(t, []at{{do: &ChooseMission{Mission: 4}}, {do: &SetOptions{Expert: true}}, {do: &Start{}},
				{after: 30 * sec, do: &Flip{}}, {after: 31 * sec, do: &Act{}}, {after: 45 * sec, do: &Win{}}})
		}, names: []string{"Anna", "Ben"}, want: plays.Play{
			End: evening.Add(45 * sec), Won: true, Result: "Won with 0:15 of sand left", Board: "Mission 4",
			Details: details("Sand left", "0:15", "Flips", "1", "Expert rule", "yes"),
			Players: []plays.Player{{Name: "Anna", Winner: true}, {Name: "Ben", Winner: true}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := tt.game(t)
			require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: tt.names}))
			want := tt.want
			want.ID, want.Game, want.GameName, want.BGGID = playID, "marsmaze", "Magic Maze on Mars", 283135
			want.Start, want.Cooperative = evening, true
			assert.Equal(t, want, recorded(t, s))
		})
	}
}

func TestRecordPlay_BeforeItIsRecordedThePlayHasNoIDNorPlayers(t *testing.T) {
	s, clock := won(t)
	p, err := state(s).Play(clock.Now())
	require.NoError(t, err)
	assert.Empty(t, p.ID)
	assert.Empty(t, p.Players)
	assert.Equal(t, "Won with 0:40 of sand left", p.Result)

	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna"}}))
	p, err = state(s).Play(clock.Now())
	require.NoError(t, err)
	want, _ := state(s).Recorded()
	assert.Equal(t, want, p, "once recorded, the game's play is the one recorded")
}

func TestRecordPlay_Refusals(t *testing.T) {
	solo := func(t *testing.T) (*companion.Session, *timers.Fake) {
		return playedAt(t, []at{{do: &SetOptions{Solo: true}}, {do: &Start{}}, {after: time.Minute, do: &Win{}}})
	}
	tests := []struct {
		name string
		game func(t *testing.T) (*companion.Session, *timers.Fake)
		do   *RecordPlay
		want error
	}{
		{"before the start", func(t *testing.T) (*companion.Session, *timers.Fake) { return playedAt(t, nil) }, &RecordPlay{ID: playID}, ErrNotEnded},
		{"while the sand runs", func(t *testing.T) (*companion.Session, *timers.Fake) {
			return playedAt(t, []at{{do: &Start{}}, {after: time.Minute, do: &Flip{}}})
		}, &RecordPlay{ID: playID}, ErrNotEnded},
		{"without an ID", won, &RecordPlay{}, ErrNoPlayID},
		{"a name left empty", won, &RecordPlay{ID: playID, Names: []string{""}}, ErrPlayerNames},
		{"a name twice", lost, &RecordPlay{ID: playID, Names: []string{"Ben", "BEN"}}, ErrPlayerNames},
		{"seven players", won, &RecordPlay{ID: playID, Names: []string{"A", "B", "C", "D", "E", "F", "G"}}, ErrPlayerCount},
		{"two players solo", solo, &RecordPlay{ID: playID, Names: []string{"Anna", "Ben"}}, ErrPlayerCount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := tt.game(t)
			before := s.View().Version
			assert.ErrorIs(t, s.Dispatch(tt.do), tt.want)
			assert.Equal(t, before, s.View().Version, "a refused record changes nothing")
			_, ok := state(s).Recorded()
			assert.False(t, ok)
		})
	}
}

func TestRecordPlay_SameIDAgainIsTheSamePlay(t *testing.T) {
	s, clock := lost(t)
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
	s, _ := won(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID}))
	assert.Equal(t, "recordPlay", s.View().UndoKind)
	require.NoError(t, s.Undo())
	_, ok := state(s).Recorded()
	assert.False(t, ok, "undone, the play is not recorded")
	require.NoError(t, s.Dispatch(&RecordPlay{ID: plays.NewID()}), "and may be recorded anew")
}

// Any device at the table may name the players of the play the host
// recorded at the end (the version it saw keeps two from applying twice).
func TestRecordPlay_IsAPublicAction(t *testing.T) {
	assert.Contains(t, PublicActions, (&RecordPlay{}).Kind())
}

func TestRecordPlay_JSONRoundTrip(t *testing.T) {
	a := &RecordPlay{ID: playID, Names: []string{"Anna", "Zoë"}}
	raw, err := json.Marshal(map[string]any{"kind": a.Kind(), "data": a})
	require.NoError(t, err)
	assert.JSONEq(t, `{"kind":"recordPlay","data":{"id":"`+playID+`","names":["Anna","Zoë"]}}`, string(raw))
	got, err := Rules.DecodeAction(raw)
	require.NoError(t, err)
	assert.Equal(t, a, got)

	s, _ := won(t)
	require.NoError(t, s.Dispatch(a))
	log := s.Log()
	last := log[len(log)-1]
	fromLog, err := Rules.Decode(last.Kind, last.Data)
	require.NoError(t, err)
	assert.Equal(t, a, fromLog, "the log keeps the action as it was")
}

// The record is saved with the game: a game read back after a crash has it.
func TestRecordPlay_SurvivesASave(t *testing.T) {
	s, clock := won(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna"}}))
	data, err := s.Encode()
	require.NoError(t, err)
	back, err := companion.Decode(data, Rules, clock)
	require.NoError(t, err)
	assert.Equal(t, recorded(t, s), recorded(t, back))
}

// testdata/bgstats.json is what BG Stats is sent for the game won, byte
// for byte; go test ./companion/marsmaze -update writes it.
func TestRecordPlay_BGStatsGolden(t *testing.T) {
	s, _ := won(t)
	require.NoError(t, s.Dispatch(&RecordPlay{ID: playID, Names: []string{"Anna", "Ben", "Clara"}}))
	got, err := recorded(t, s).BGStats()
	require.NoError(t, err)
	got = append(got, '\n')
	path := filepath.Join("testdata", "bgstats.json")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test ./companion/marsmaze -update writes it")
	assert.Equal(t, string(want), string(got))
}
