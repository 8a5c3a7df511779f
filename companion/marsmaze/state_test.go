package marsmaze

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/assets"
	"boardside/companion"
	"boardside/timers"
)

var epoch = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

// at is an action applied some time into the game.
type at struct {
	after time.Duration
	do    companion.Action
	err   string
}

func play(t *testing.T, steps []at) (*companion.Session, *timers.Fake, error) {
	t.Helper()
	clock := timers.NewFake(epoch)
	s := companion.New(Rules, New(), clock)
	var last error
	for _, st := range steps {
		clock.Set(epoch.Add(st.after))
		last = s.Dispatch(st.do)
		if st.err != "" {
			require.Error(t, last)
			assert.Equal(t, st.err, last.Error())
		} else {
			require.NoError(t, last, "%s", st.do.Kind())
		}
	}
	return s, clock, last
}

func state(s *companion.Session) *State { return s.View().State.(*State) }

func TestRules(t *testing.T) {
	sec := time.Second
	tests := []struct {
		name    string
		steps   []at
		check   func(t *testing.T, st *State, now time.Time)
		checkAt time.Duration
	}{
		{name: "missions 1 to 5 have 1, 2, 3, 4, 4 hourglass markers", steps: nil, check: func(t *testing.T, _ *State, _ time.Time) {
			for n, want := range map[int]int{1: 1, 2: 2, 3: 3, 4: 4, 5: 4} {
				st := New()
				require.NoError(t, st.Apply(&ChooseMission{Mission: n}, companion.Env{Now: epoch}))
				assert.Equal(t, want, st.MarkersLeft, "mission %d", n)
			}
		}},
		{name: "there is no mission 6", steps: []at{{do: &ChooseMission{Mission: 6}, err: "there is no mission 6; choose 1 to 5"}}},
		{name: "the sand runs about 3 minutes by default", steps: []at{{do: &Start{}}}, checkAt: 60 * sec, check: func(t *testing.T, st *State, now time.Time) {
			assert.Equal(t, 2*time.Minute, st.Sand.Remaining(now))
		}},
		{name: "a flip turns elapsed sand into remaining and uses a marker",
			steps:   []at{{do: &ChooseMission{Mission: 3}}, {do: &Start{}}, {after: 100 * sec, do: &Flip{}}},
			checkAt: 100 * sec,
			check: func(t *testing.T, st *State, now time.Time) {
				assert.Equal(t, 100*sec, st.Sand.Remaining(now))
				assert.Equal(t, 2, st.MarkersLeft)
				assert.Equal(t, 1, st.Flips)
			}},
		{name: "a flip must happen even when it shortens the time",
			steps:   []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {after: 20 * sec, do: &Flip{}}},
			checkAt: 20 * sec,
			check:   func(t *testing.T, st *State, now time.Time) { assert.Equal(t, 20*sec, st.Sand.Remaining(now)) }},
		{name: "no flip without a marker left",
			steps: []at{{do: &Start{}}, {after: 100 * sec, do: &Flip{}}, {after: 101 * sec, do: &Flip{}, err: "no hourglass marker is left in this mission"}}},
		{name: "no flip after the colonists have landed",
			steps: []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {after: sec, do: &Land{Landed: true}}, {after: 2 * sec, do: &Flip{}, err: "the colonists have landed: the sand timer may not be flipped any more"}}},
		{name: "no flip before the start",
			steps: []at{{do: &Flip{}, err: "turn the sand timer over to start the game first"}}},
		{name: "no flip once the sand has run out",
			steps: []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {after: 180 * sec, do: &Flip{}, err: "the game is over"}},
			check: func(t *testing.T, st *State, now time.Time) {
				over, won := st.Over(now)
				assert.True(t, over)
				assert.False(t, won, "sand ran out: the game is lost")
			}, checkAt: 180 * sec},
		{name: "after a flip players may talk until somebody acts",
			steps: []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {after: sec, do: &Flip{}}},
			check: func(t *testing.T, st *State, _ time.Time) { assert.Equal(t, TalkAfterFlip, st.Talk) }},
		{name: "acting closes the talk window",
			steps: []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {after: sec, do: &Flip{}}, {after: 9 * sec, do: &Act{}}},
			check: func(t *testing.T, st *State, _ time.Time) { assert.Empty(t, st.Talk) }},
		{name: "in mission 1 everybody talks freely: no talk window",
			steps: []at{{do: &Start{}}, {after: sec, do: &Flip{}}},
			check: func(t *testing.T, st *State, _ time.Time) { assert.Empty(t, st.Talk) }},
		{name: "a joker opens the same talk window",
			steps: []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {after: sec, do: &UseJoker{}}},
			check: func(t *testing.T, st *State, _ time.Time) {
				assert.Equal(t, TalkAfterJoker, st.Talk)
				assert.Equal(t, 2, st.JokersLeft)
				assert.Equal(t, 2, st.MarkersLeft, "a joker is not a flip")
			}},
		{name: "three jokers per game",
			steps: []at{{do: &ChooseMission{Mission: 2}}, {do: &Start{}}, {do: &UseJoker{}}, {do: &UseJoker{}}, {do: &UseJoker{}}, {do: &UseJoker{}, err: "no joker is left"}}},
		{name: "the expert rule reminds to pass action tiles on each flip",
			steps: []at{{do: &ChooseMission{Mission: 2}}, {do: &SetOptions{Expert: true}}, {do: &Start{}}, {after: sec, do: &Flip{}}},
			check: func(t *testing.T, st *State, _ time.Time) { assert.True(t, st.PassTiles) }},
		{name: "solo mode runs a stopwatch from the start",
			steps: []at{{do: &SetOptions{Solo: true}}, {do: &Start{}}}, checkAt: 25 * sec,
			check: func(t *testing.T, st *State, now time.Time) { assert.Equal(t, 25*sec, st.Watch.Elapsed(now)) }},
		{name: "pause holds sand and stopwatch",
			steps: []at{{do: &SetOptions{Solo: true}}, {do: &Start{}}, {after: 30 * sec, do: &Pause{}}}, checkAt: time.Hour,
			check: func(t *testing.T, st *State, now time.Time) {
				assert.Equal(t, 150*sec, st.Sand.Remaining(now))
				assert.Equal(t, 30*sec, st.Watch.Elapsed(now))
			}},
		{name: "options and mission are fixed once the game starts",
			steps: []at{{do: &Start{}}, {do: &ChooseMission{Mission: 2}, err: "this can only be changed before the game starts"}, {do: &SetSand{Seconds: 60}, err: "this can only be changed before the game starts"}}},
		{name: "winning stops the clock and keeps the sand left",
			steps: []at{{do: &Start{}}, {after: 70 * sec, do: &Win{}}}, checkAt: time.Hour,
			check: func(t *testing.T, st *State, now time.Time) {
				over, won := st.Over(now)
				assert.True(t, over && won)
				assert.Equal(t, 110*sec, st.SandLeftAtWin)
				assert.Equal(t, 110*sec, st.Sand.Remaining(now))
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, _ := play(t, tt.steps)
			if tt.check != nil {
				tt.check(t, state(s), epoch.Add(tt.checkAt))
			}
		})
	}
}

func TestUndoOfAFlipRestoresDeadlineAndMarkers(t *testing.T) {
	s, clock, _ := play(t, []at{{do: &ChooseMission{Mission: 4}}, {do: &Start{}}})
	clock.Set(epoch.Add(50 * time.Second))
	before := state(s)
	require.NoError(t, s.Dispatch(&Flip{}))
	require.NotEqual(t, before.Sand.Deadline, state(s).Sand.Deadline)

	require.NoError(t, s.Undo())
	assert.Equal(t, before.Sand.Deadline, state(s).Sand.Deadline)
	assert.Equal(t, 4, state(s).MarkersLeft)
	assert.Empty(t, state(s).Talk)
}

func TestShippedData(t *testing.T) {
	b, err := assets.GameData("marsmaze")
	require.NoError(t, err)
	d, err := ParseData("marsmaze.json", b)
	require.NoError(t, err)
	require.Len(t, d.Missions, 5)
	assert.Equal(t, 180*time.Second, d.Sand())
	assert.Equal(t, 10*time.Second, d.SoloMark())
	for _, m := range d.Missions {
		assert.NotEmpty(t, m.Material, "mission %d has a checklist", m.Number)
		for _, it := range m.Material {
			assert.NotEmpty(t, it.EN)
			assert.NotEmpty(t, it.DE)
		}
	}
	assert.Contains(t, d.Source, "default", "the sand length is labelled as a default")
	assert.Equal(t, 283135, d.BGGID, "BoardGameGeek's number for the game")
	assert.Contains(t, d.BGGIDSource, "a default: check it", "labelled as a default to check")
}

func TestParseData_RefusesBadFiles(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"not JSON", `{`, "marsmaze.json: not valid JSON"},
		{"unknown schema", `{"schema":2}`, "marsmaze.json: schema 2 is not known (expected 1)"},
		{"negative BoardGameGeek number", `{"schema":1,"game":"marsmaze","bggId":-3}`, "marsmaze.json: bggId -3 is not a BoardGameGeek number (0 when not known)"},
		{"another game", `{"schema":1,"game":"adele"}`, `marsmaze.json: game is "adele", expected "marsmaze"`},
		{"sand too short", `{"schema":1,"game":"marsmaze","sandSeconds":2,"soloMarkSeconds":10,"missions":[{"number":1}]}`, "marsmaze.json: sandSeconds 2 must be between 10 and 3600"},
		{"missions out of order", `{"schema":1,"game":"marsmaze","sandSeconds":180,"soloMarkSeconds":10,"missions":[{"number":2}]}`, "marsmaze.json: mission 1: numbers must run 1, 2, 3… in order"},
		{"negative markers", `{"schema":1,"game":"marsmaze","sandSeconds":180,"soloMarkSeconds":10,"missions":[{"number":1,"hourglassMarkers":-1}]}`, "marsmaze.json: mission 1: hourglassMarkers and jokers cannot be negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseData("marsmaze.json", []byte(tt.data))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// Every action the rules decode carries its own rule; any other action is
// refused as not one of this game.
func TestEveryActionHasItsRule(t *testing.T) {
	for kind, newAction := range Rules.Actions {
		_, ok := newAction().(rule)
		assert.True(t, ok, kind)
	}
	assert.EqualError(t, New().Apply(otherAction{}, companion.Env{}), `"other" is not an action of Magic Maze on Mars`)
}

type otherAction struct{}

func (otherAction) Kind() string { return "other" }
