package adele

import (
	"flag"
	"strings"

	"boardside/app/kit"
	"boardside/companion"
	ad "boardside/companion/adele"
)

// host is the set-up `boardside serve --game adele` takes. A laptop has
// no ADELE console: she keeps hers on paper, and the table's rounds end
// without waiting for her phase on a device.
var host = &kit.Host{Flags: func(fl *flag.FlagSet) func(companion.State, companion.Env) error {
	players := fl.Int("players", 4, "2 to 5 players, ADELE included")
	ship := fl.String("ship", "deimos", "deimos or phobos")
	return func(st companion.State, env companion.Env) error {
		return st.Apply(&ad.SetUpGame{Players: *players, Ship: strings.ToLower(strings.TrimSpace(*ship)), PaperConsole: true}, env)
	}
}}
