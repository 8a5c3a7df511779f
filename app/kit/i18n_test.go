package kit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// German texts are read where any of the player's languages is German,
// as the tags Fyne's language list gives them.
func TestIsGerman(t *testing.T) {
	for tag, want := range map[string]bool{
		"de": true, "de-DE": true, "de-AT": true, "de_CH": true, "DE-de": true,
		"en": false, "en-US": false, "dsb": false, "": false, "C": false,
	} {
		assert.Equal(t, want, isGerman(tag), tag)
	}
}
