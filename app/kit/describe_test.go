package kit

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/companion"
)

// describeAction is an action of the rules below, for DecodeEntry.
type describeAction struct {
	Name string `json:"name"`
}

func (*describeAction) Kind() string { return "name" }

var describeRules = &companion.Rules{
	Game:    "describe",
	Actions: map[string]func() companion.Action{"name": func() companion.Action { return &describeAction{} }},
}

// A history line is told from the action its log entry decodes to; an
// entry that is no action of the game (an undo) is not one.
func TestDecodeEntry_GivesTheTypedAction(t *testing.T) {
	a, err := DecodeEntry(describeRules, companion.Entry{Kind: "name", Data: json.RawMessage(`{"name":"Ada \"the\" first"}`)})
	require.NoError(t, err)
	assert.Equal(t, &describeAction{Name: `Ada "the" first`}, a)

	for _, data := range []string{"", "null"} {
		a, err := DecodeEntry(describeRules, companion.Entry{Kind: "name", Data: json.RawMessage(data)})
		require.NoError(t, err, "data %q", data)
		assert.Equal(t, &describeAction{}, a, "no data: the empty action")
	}

	_, err = DecodeEntry(describeRules, companion.Entry{Kind: companion.KindUndo, Undoes: 1})
	assert.Error(t, err, "an undo is no action of the game")
	_, err = DecodeEntry(describeRules, companion.Entry{Kind: `name","x":"`})
	assert.Error(t, err, "a kind is a name, not a piece of JSON")
	_, err = DecodeEntry(describeRules, companion.Entry{Kind: "name", Data: json.RawMessage(`{"name":`)})
	assert.Error(t, err, "data cut short")
}

// The action a log entry decodes to is the one DecodeAction gives for the
// same kind and data arriving as JSON.
func TestDecodeEntry_AsDecodeAction(t *testing.T) {
	data := json.RawMessage(`{"name":"Grace"}`)
	want, err := describeRules.DecodeAction([]byte(`{"kind":"name","data":{"name":"Grace"}}`))
	require.NoError(t, err)
	got, err := DecodeEntry(describeRules, companion.Entry{Kind: "name", Data: data})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
