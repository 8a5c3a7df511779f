package marsmaze

import (
	"errors"
	"flag"

	"boardside/app/kit"
	"boardside/companion"
	mm "boardside/companion/marsmaze"
)

// host is the set-up `boardside serve --game marsmaze` takes.
var host = &kit.Host{Flags: func(fl *flag.FlagSet) func(companion.State, companion.Env) error {
	mission := fl.Int("mission", 1, "mission 1 to 5")
	solo := fl.Bool("solo", false, "solo mode")
	expert := fl.Bool("expert", false, "the expert rule")
	return func(st companion.State, env companion.Env) error {
		return errors.Join(st.Apply(&mm.ChooseMission{Mission: *mission}, env), st.Apply(&mm.SetOptions{Solo: *solo, Expert: *expert}, env))
	}
}}
