package kit

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// WCAG 2's least contrast ratios: text (4.5:1), and the parts of a
// control that show it is there, such as a box's outline (3:1).
const (
	textContrast    = 4.5
	controlContrast = 3.0
)

// luminance is WCAG 2's relative luminance of an opaque colour.
func luminance(c color.Color) float64 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(n.R) + 0.7152*lin(n.G) + 0.0722*lin(n.B)
}

// contrast is WCAG 2's contrast ratio of two opaque colours, 1 to 21.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// over is c painted over the opaque bg: what shows where c is partly
// transparent (a hover tint, a button with no fill).
func over(c, bg color.Color) color.NRGBA {
	f := color.NRGBAModel.Convert(c).(color.NRGBA)
	b := color.NRGBAModel.Convert(bg).(color.NRGBA)
	a := float64(f.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.NRGBA{R: mix(f.R, b.R), G: mix(f.G, b.G), B: mix(f.B, b.B), A: 0xff}
}

func hex(c color.Color) string {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return fmt.Sprintf("#%02x%02x%02x", n.R, n.G, n.B)
}

// TestContrast_RatioIsWCAGs: the ratio agrees with WCAG's extremes and
// with the figures contrast checkers give for well-known pairs.
func TestContrast_RatioIsWCAGs(t *testing.T) {
	white, black := color.White, color.Black
	assert.InDelta(t, 21, contrast(white, black), 0.001)
	assert.InDelta(t, 1, contrast(white, white), 0.001)
	assert.InDelta(t, 4.54, contrast(rgb(0x76, 0x76, 0x76), white), 0.005, "#767676 is the lightest grey at 4.5:1 on white")
	assert.InDelta(t, 1.48, contrast(white, rgb(0x43, 0xf4, 0x36)), 0.005, "white on Fyne's green, as the issue measured it")
	assert.Equal(t, rgb(0xff, 0xff, 0xff), over(color.Transparent, white), "nothing over white")
	assert.Equal(t, rgb(0x12, 0x34, 0x56), over(rgb(0x12, 0x34, 0x56), white), "an opaque colour covers")
	assert.Equal(t, rgb(0x7f, 0x7f, 0x7f), over(color.NRGBA{A: 0x80}, white), "black at 128/255 over white")
}

// themed starts an app in the theme's light or dark variant and returns
// the screen's background.
func themed(t *testing.T, variant string) (fyne.App, color.Color) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(ThemeFor(variant))
	return a, a.Settings().Theme().Color(theme.ColorNameBackground, a.Settings().ThemeVariant())
}

// textColour is the colour Fyne drew o's first text in.
func textColour(t *testing.T, o fyne.CanvasObject) color.Color {
	for _, c := range test.LaidOutObjects(o) {
		if txt, ok := c.(*canvas.Text); ok && txt.Text != "" {
			return txt.Color
		}
	}
	require.Fail(t, "no text drawn")
	return nil
}

// TestContrast_EveryButtonsText: the text of a button of every importance,
// as Fyne draws it in each theme, at rest, under the mouse and focused,
// stands at 4.5:1 or more against the button's fill (or, for a flat
// button, the screen). A disabled button's text, all that shows it on a
// fill close to the screen's, stands at 3:1 against both, and well apart
// from an enabled button's text, so it still reads as disabled.
func TestContrast_EveryButtonsText(t *testing.T) {
	importances := []struct {
		imp  widget.Importance
		name string
	}{
		{widget.MediumImportance, "medium"}, {widget.HighImportance, "high (primary)"}, {widget.LowImportance, "low (flat)"},
		{widget.DangerImportance, "danger (error)"}, {widget.WarningImportance, "warning"}, {widget.SuccessImportance, "success"},
	}
	for _, variant := range []string{"light", "dark"} {
		t.Run(variant, func(t *testing.T) {
			_, bg := themed(t, variant)
			for _, i := range importances {
				imp, name := i.imp, i.name
				var enabledText color.Color
				for _, state := range []string{"at rest", "hovered", "focused", "disabled"} {
					b := widget.NewButtonWithIcon("Houston Locked!", theme.ConfirmIcon(), func() {})
					b.Importance = imp
					w := test.NewTempWindow(t, container.NewVBox(b))
					switch state {
					case "hovered":
						b.MouseIn(&desktop.MouseEvent{})
					case "focused":
						w.Canvas().Focus(b)
					case "disabled":
						b.Disable()
					}
					fill := over(test.WidgetRenderer(b).Objects()[0].(*canvas.Rectangle).FillColor, bg)
					text := textColour(t, b)
					got := contrast(text, fill)
					t.Logf("%s, %s: text %s on %s, %.2f:1", name, state, hex(text), hex(fill), got)
					if state != "disabled" {
						enabledText = text
						assert.GreaterOrEqual(t, got, textContrast, "%s button %s: %s on %s", name, state, hex(text), hex(fill))
						continue
					}
					assert.GreaterOrEqual(t, got, controlContrast, "disabled %s button: %s on its fill %s", name, hex(text), hex(fill))
					assert.GreaterOrEqual(t, contrast(text, bg), controlContrast, "disabled %s button: %s on the screen %s", name, hex(text), hex(bg))
					assert.GreaterOrEqual(t, contrast(text, enabledText), 1.5, "disabled %s button: %s reads as the enabled %s", name, hex(text), hex(enabledText))
				}
			}
		})
	}
}

// images are the colours of the themed images Fyne drew for a check box
// or a radio button, in drawing order: the box's fill, then its outline
// over it; ticked, the tick, or the dot and its ring.
func images(t *testing.T, th fyne.Theme, v fyne.ThemeVariant, o fyne.CanvasObject) []color.Color {
	var cols []color.Color
	for _, c := range test.LaidOutObjects(o) {
		if img, ok := c.(*canvas.Image); ok {
			res, ok := img.Resource.(fyne.ThemedResource)
			require.True(t, ok, "%T is not themed", img.Resource)
			cols = append(cols, th.Color(res.ThemeColorName(), v))
		}
	}
	require.Len(t, cols, 2, "a box and what is drawn over it")
	return cols
}

// TestContrast_CheckBoxesAndRadioButtons: an unticked check box and an
// empty radio button show their outline at 3:1 or more against the screen
// and against the box's own fill, enabled and disabled; ticked, every part
// drawn in a colour other than the screen's stands at 3:1 against it. A
// disabled one's label stands at 3:1, apart from an enabled label.
func TestContrast_CheckBoxesAndRadioButtons(t *testing.T) {
	for _, variant := range []string{"light", "dark"} {
		t.Run(variant, func(t *testing.T) {
			a, bg := themed(t, variant)
			th, v := a.Settings().Theme(), a.Settings().ThemeVariant()
			fg := th.Color(theme.ColorNameForeground, v)
			for _, ticked := range []bool{false, true} {
				for _, disabled := range []bool{false, true} {
					c := widget.NewCheck("Solo mode", nil)
					c.Checked = ticked
					r := widget.NewRadioGroup([]string{"Easy"}, nil)
					if ticked {
						r.Selected = "Easy"
					}
					if disabled {
						c.Disable()
						r.Disable()
					}
					test.NewTempWindow(t, container.NewVBox(c, r))
					for _, k := range []struct {
						kind string
						o    fyne.CanvasObject
					}{{"check box", c}, {"radio button", r}} {
						what := fmt.Sprintf("%s, ticked %v, disabled %v", k.kind, ticked, disabled)
						parts := images(t, th, v, k.o)
						if !ticked {
							fill, outline := over(parts[0], bg), parts[1]
							t.Logf("%s: outline %s on %s, %.2f:1; on the screen %s, %.2f:1", what, hex(outline), hex(fill), contrast(outline, fill), hex(bg), contrast(outline, bg))
							assert.GreaterOrEqual(t, contrast(outline, bg), controlContrast, "%s: outline %s on the screen %s", what, hex(outline), hex(bg))
							assert.GreaterOrEqual(t, contrast(outline, fill), controlContrast, "%s: outline %s on its fill %s", what, hex(outline), hex(fill))
						}
						for _, p := range parts {
							if p = over(p, bg); ticked && p != over(bg, bg) {
								t.Logf("%s: %s on the screen %s, %.2f:1", what, hex(p), hex(bg), contrast(p, bg))
								assert.GreaterOrEqual(t, contrast(p, bg), controlContrast, "%s: %s on the screen %s", what, hex(p), hex(bg))
							}
						}
						label := textColour(t, k.o)
						if disabled {
							assert.GreaterOrEqual(t, contrast(label, bg), controlContrast, "%s: label %s on %s", what, hex(label), hex(bg))
							assert.GreaterOrEqual(t, contrast(label, fg), 1.5, "%s: label %s reads as enabled %s", what, hex(label), hex(fg))
						} else {
							assert.GreaterOrEqual(t, contrast(label, bg), textContrast, "%s: label %s on %s", what, hex(label), hex(bg))
						}
					}
				}
			}
		})
	}
}

// TestContrast_ColoursAsText: where the screens put the theme's colours as
// text on the screen, or its text on them, it reads at 4.5:1 or more:
// labels of each importance (the joined screen's success banner), the
// timer's digits (success at "Mission accomplished", error at "Time's
// up"), the selected tab and links (primary), and Mission Control's dice
// (the text colour on the input background, and on warning for a die the
// AI forces).
func TestContrast_ColoursAsText(t *testing.T) {
	for _, variant := range []string{"light", "dark"} {
		t.Run(variant, func(t *testing.T) {
			a, bg := themed(t, variant)
			th, v := a.Settings().Theme(), a.Settings().ThemeVariant()
			for _, i := range []struct {
				imp  widget.Importance
				name string
			}{{widget.MediumImportance, "medium"}, {widget.HighImportance, "high"}, {widget.DangerImportance, "danger"}, {widget.SuccessImportance, "success"}} {
				name := i.name
				l := widget.NewLabel("Mission Control is Locked!")
				l.Importance = i.imp
				test.NewTempWindow(t, l)
				text := textColour(t, l)
				t.Logf("%s label: %s on %s, %.2f:1", name, hex(text), hex(bg), contrast(text, bg))
				assert.GreaterOrEqual(t, contrast(text, bg), textContrast, "%s label: %s on %s", name, hex(text), hex(bg))
			}
			for _, p := range []struct{ text, on fyne.ThemeColorName }{
				{theme.ColorNameSuccess, theme.ColorNameBackground},
				{theme.ColorNameError, theme.ColorNameBackground},
				{theme.ColorNamePrimary, theme.ColorNameBackground},
				{theme.ColorNameHyperlink, theme.ColorNameBackground},
				{theme.ColorNameForeground, theme.ColorNameInputBackground},
				{theme.ColorNameForeground, theme.ColorNameWarning},
			} {
				text, on := th.Color(p.text, v), over(th.Color(p.on, v), bg)
				t.Logf("%s on %s: %s on %s, %.2f:1", p.text, p.on, hex(text), hex(on), contrast(text, on))
				assert.GreaterOrEqual(t, contrast(text, on), textContrast, "%s %s on %s %s", p.text, hex(text), p.on, hex(on))
			}
		})
	}
}
