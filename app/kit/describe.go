package kit

import (
	"strings"

	"boardside/companion"
)

// DecodeEntry turns a log entry back into its typed action: the empty
// action of the entry's kind, filled from the entry's data, as
// Rules.DecodeAction does for an action that arrives as JSON (both through
// Rules.Decode). An entry of
// a kind the rules do not know (an undo, say) is an error.
func DecodeEntry(rules *companion.Rules, e companion.Entry) (companion.Action, error) {
	return rules.Decode(e.Kind, e.Data)
}

// Capitalise starts a sentence with a capital letter, as the rules'
// errors (lower-case, as Go writes them) must when a player reads them.
func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
