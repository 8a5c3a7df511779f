package missioncontrol

import (
	"errors"
	"flag"
	"strings"

	"boardside/app/kit"
	"boardside/companion"
	mc "boardside/companion/missioncontrol"
)

// host is the set-up `boardside serve --game missioncontrol` takes.
var host = &kit.Host{Flags: func(fl *flag.FlagSet) func(companion.State, companion.Env) error {
	difficulty := fl.String("difficulty", "normal", "easy, normal or hard")
	ai := fl.String("ai", "", "roles the AI deck plays, e.g. houston,cologne")
	return func(st companion.State, env companion.Env) error {
		var roles []string
		for _, r := range strings.Split(*ai, ",") {
			if r = strings.TrimSpace(strings.ToLower(r)); r != "" {
				roles = append(roles, r)
			}
		}
		return errors.Join(st.Apply(&mc.SetDifficulty{Difficulty: *difficulty}, env), st.Apply(&mc.SetAIRoles{Roles: roles}, env))
	}
}}
