package marsmaze

import (
	"testing"

	"boardside/app/gametest"
)

// newTestEnv is a test app with this game alone.
func newTestEnv(t testing.TB) *testEnv { return gametest.NewEnv(t, Game()) }

type testEnv = gametest.Env

func TestMain(m *testing.M) { gametest.Main(m) }
