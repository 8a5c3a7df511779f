package e2e

import (
	"flag"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardside/app/catalog"
	"boardside/companion"
	"boardside/companion/share"
	"boardside/companion/table/tabletest"
)

// The tables these tests start are hosted as `boardside serve` hosts them
// (companion/table), with the games the catalog gives a way to share.

// hostedGame is a game as a headless host shares it: its public
// projection with its rules, its first state, and its set-up with the
// command line's defaults.
type hostedGame struct {
	game     share.Game
	newState func() companion.State
	setUp    func(companion.State, companion.Env) error
}

// shared is each game a headless host can serve, by ID.
var shared = func() map[string]hostedGame {
	out := map[string]hostedGame{}
	for _, g := range catalog.Games() {
		if g.Host == nil || g.Share == nil {
			continue
		}
		sg := *g.Share
		sg.Rules = g.Rules
		fl := flag.NewFlagSet(g.ID, flag.ContinueOnError)
		setUp := g.Host.Flags(fl)
		if err := fl.Parse(nil); err != nil {
			panic(err)
		}
		out[g.ID] = hostedGame{game: sg, newState: g.NewState, setUp: setUp}
	}
	return out
}()

// serveGame hosts game id from dir on a loopback port, as boardside serve
// does with its set-up's defaults, until the test ends.
func serveGame(t *testing.T, dir, id string) *tabletest.Served {
	t.Helper()
	g := shared[id]
	newState := func() companion.State {
		st := g.newState()
		require.NoError(t, g.setUp(st, companion.Env{Now: time.Now().Round(0)}))
		return st
	}
	return tabletest.Serve(t, dir, id, g.game, newState)
}
