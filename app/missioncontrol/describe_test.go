package missioncontrol

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"boardside/companion"
)

func TestHistory_SaysAPlayWasRecorded(t *testing.T) {
	assert.Equal(t, "Play recorded", describeMissionControl(companion.Entry{Kind: "recordPlay", Data: []byte(`{"id":"0123"}`)}))
}
