package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"boardside/companion"
)

// DecodeEntry turns a log entry back into its typed action: the empty
// action of the entry's kind, filled from the entry's data, as
// Rules.DecodeAction does for an action that arrives as JSON. An entry of
// a kind the rules do not know (an undo, say) is an error.
func DecodeEntry(rules *companion.Rules, e companion.Entry) (companion.Action, error) {
	newAction, ok := rules.Actions[e.Kind]
	if !ok {
		return nil, fmt.Errorf("%q is not an action of %s", e.Kind, rules.Game)
	}
	a := newAction()
	if len(e.Data) > 0 && string(e.Data) != "null" {
		if err := json.Unmarshal(e.Data, a); err != nil {
			return nil, fmt.Errorf("the %q action's data is not valid: %w", e.Kind, err)
		}
	}
	return a, nil
}

// Capitalise starts a sentence with a capital letter, as the rules'
// errors (lower-case, as Go writes them) must when a player reads them.
func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
