package kit

import (
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// Cards drawn as cards (Mission Control's AI and unlock cards, ADELE's
// hand) are ink on paper in either theme, as printed.
var (
	CardPaper = color.NRGBA{R: 0xf4, G: 0xf1, B: 0xe8, A: 0xff}
	CardInk   = color.NRGBA{R: 0x1d, G: 0x35, B: 0x57, A: 0xff}
)

// InkText is text printed on a card.
func InkText(s string, size float32, bold bool) *canvas.Text {
	t := canvas.NewText(s, CardInk)
	t.TextSize = size
	t.TextStyle = fyne.TextStyle{Bold: bold}
	return t
}

// SetCanvasText changes a canvas text only when its text changes, so a
// clock's tick does not repaint what did not move.
func SetCanvasText(t *canvas.Text, s string) {
	if t.Text != s {
		t.Text = s
		t.Refresh()
	}
}

// JoinInts lists numbers as "1, 2, 3".
func JoinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
