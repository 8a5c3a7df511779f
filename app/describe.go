package app

import (
	"encoding/json"
	"strings"

	"boardside/companion"
)

// DecodeEntry turns a log entry back into its typed action.
func DecodeEntry(rules *companion.Rules, e companion.Entry) (companion.Action, error) {
	return rules.DecodeAction([]byte(`{"kind":"` + e.Kind + `","data":` + string(orNull(e.Data)) + `}`))
}

func orNull(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}

// Capitalise starts a sentence with a capital letter, as the rules'
// errors (lower-case, as Go writes them) must when a player reads them.
func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
