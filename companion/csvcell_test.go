package companion

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCSVCell_KeepsFormulasAsText(t *testing.T) {
	for in, want := range map[string]string{
		"Anna": "Anna", "": "", "=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")", "+1": "'+1", "-2": "'-2",
		"@sum": "'@sum", "\tx": "'\tx", "Jörg": "Jörg", "a=b": "a=b",
	} {
		assert.Equal(t, want, CSVCell(in), in)
	}
}
