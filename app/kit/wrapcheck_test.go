package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// drawn is where the canvas objects of type T that o draws lie, from o's
// top left, in drawing order; texts only where they have some.
func drawn[T fyne.CanvasObject](o fyne.CanvasObject) (at []fyne.Position, size []fyne.Size) {
	var walk func(o fyne.CanvasObject, origin fyne.Position)
	walk = func(o fyne.CanvasObject, origin fyne.Position) {
		if !o.Visible() {
			return
		}
		p := origin.Add(o.Position())
		if _, ok := o.(T); ok && o.Size().Width > 0 {
			if txt, ok := o.(*canvas.Text); !ok || txt.Text != "" {
				at, size = append(at, p), append(size, o.Size())
			}
		}
		switch x := o.(type) {
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c, p)
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c, p)
			}
		}
	}
	walk(o, fyne.NewPos(-o.Position().X, -o.Position().Y))
	return at, size
}

// TestWrapCheck_TextBesideItsBox: a check box whose text wraps has its
// box and text as far apart as Fyne's own check box, not the width of an
// empty check's padding further; on a phone, where the text takes three
// lines, the box stays beside the first.
func TestWrapCheck_TextBesideItsBox(t *testing.T) {
	test.NewTempApp(t).Settings().SetTheme(ThemeFor("light"))
	_, row := NewWrapCheck("Sound at alerts", nil)
	plain := widget.NewCheck("Sound at alerts", nil)
	w := test.NewTempWindow(t, container.NewVBox(row, plain))
	w.Resize(fyne.NewSize(400, 300))

	boxes, boxSizes := drawn[*canvas.Image](row)
	plainBoxes, _ := drawn[*canvas.Image](plain)
	texts, _ := drawn[*canvas.Text](row)
	plainTexts, _ := drawn[*canvas.Text](plain)
	require.NotEmpty(t, boxes)
	require.NotEmpty(t, plainBoxes)
	require.Len(t, texts, 1)
	require.Len(t, plainTexts, 1)
	gap, plainGap := texts[0].X-(boxes[0].X+boxSizes[0].Width), plainTexts[0].X-plainBoxes[0].X-boxSizes[0].Width
	t.Logf("from the box to the text: %.1f, Fyne's check box %.1f", gap, plainGap)
	assert.InDelta(t, plainGap, gap, 0.5, "the text starts where Fyne's check box starts its own")
	assert.InDelta(t, plainBoxes[0].X, boxes[0].X, 0.5, "the box where Fyne's check box has it")

	long, longRow := NewWrapCheck("Experienced players: remove 2 special cards of your choice instead of the 2 marked with an exclamation mark", nil)
	w.SetContent(longRow)
	w.Resize(fyne.NewSize(300, 300))
	boxes, boxSizes = drawn[*canvas.Image](longRow)
	texts, textSizes := drawn[*canvas.Text](longRow)
	require.GreaterOrEqual(t, len(texts), 3, "the text wraps onto three lines or more")
	mid := boxes[0].Y + boxSizes[0].Height/2
	assert.True(t, mid > texts[0].Y && mid < texts[0].Y+textSizes[0].Height, "the box (middle at %.1f) beside the first line (%.1f to %.1f)", mid, texts[0].Y, texts[0].Y+textSizes[0].Height)
	assert.InDelta(t, plainGap, texts[0].X-(boxes[0].X+boxSizes[0].Width), 0.5)
	assert.GreaterOrEqual(t, long.Size().Width, float32(44), "the box is a finger's tap wide")
	assert.GreaterOrEqual(t, long.Size().Height, float32(44), "and high")

	test.Tap(findTapLabel(t, longRow))
	assert.True(t, long.Checked, "a tap on the text ticks the box")
}

func findTapLabel(t *testing.T, o fyne.CanvasObject) *tapLabel {
	for _, c := range o.(*fyne.Container).Objects {
		if l, ok := c.(*tapLabel); ok {
			return l
		}
	}
	require.Fail(t, "no text to tap")
	return nil
}
