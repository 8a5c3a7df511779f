package missioncontrol

import (
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	mc "boardside/companion/missioncontrol"
)

// tetrominoes are the cells of Houston's shapes on a 3×3 grid.
var tetrominoes = map[string][][2]int{
	"L": {{0, 0}, {0, 1}, {0, 2}, {1, 2}},
	"J": {{1, 0}, {1, 1}, {1, 2}, {0, 2}},
	"S": {{1, 0}, {2, 0}, {0, 1}, {1, 1}},
	"Z": {{0, 0}, {1, 0}, {1, 1}, {2, 1}},
	"T": {{0, 0}, {1, 0}, {2, 0}, {1, 1}},
}

var (
	starGold = color.NRGBA{R: 0xe9, G: 0xb8, B: 0x4a, A: 0xff}
)

// roleName is a Mission Control role as players say it.
func roleName(role string) string {
	switch role {
	case mc.Houston:
		return "Houston"
	case mc.Bengaluru:
		return "Bengaluru"
	case mc.Cologne:
		return lang.L("Cologne")
	default:
		return lang.L("Astronaut")
	}
}

// newAICard draws an AI card as a card: for each AI-played role its die
// value, its two actions as pictures, and a star where the card has one.
// Parts of roles played by people are left out.
func newAICard(card mc.AICard, aiRoles []string) fyne.CanvasObject {
	bg := canvas.NewRectangle(kit.CardPaper)
	bg.CornerRadius = 12
	bg.StrokeColor = kit.CardInk
	bg.StrokeWidth = 2
	rows := []fyne.CanvasObject{kit.InkText(lang.L("AI card {{.ID}}", map[string]any{"ID": card.ID}), 12, false)}
	for _, role := range aiRoles {
		rows = append(rows, newAIPart(role, card.Part(role)))
	}
	return container.NewStack(bg, container.NewPadded(container.NewVBox(rows...)))
}

func newAIPart(role string, p mc.Part) fyne.CanvasObject {
	head := []fyne.CanvasObject{kit.InkText(roleName(role), 18, true), layout.NewSpacer(), dieBadge(p.Die)}
	if p.Star != "" {
		head = append(head, kit.InkText("★ "+roleName(p.Star), 16, true))
	}
	var actions []fyne.CanvasObject
	switch role {
	case mc.Houston:
		for _, s := range p.Shapes {
			actions = append(actions, tetromino(s))
		}
	case mc.Bengaluru:
		for _, sq := range p.Squares {
			actions = append(actions, gridSquare(sq))
		}
	case mc.Cologne:
		for _, c := range p.Columns {
			actions = append(actions, columnBar(c))
		}
	}
	return container.NewVBox(container.NewHBox(head...), container.NewHBox(actions...), widget.NewSeparator())
}

// dieBadge shows a die value the AI claims.
func dieBadge(v int) fyne.CanvasObject {
	bg := canvas.NewRectangle(kit.CardInk)
	bg.CornerRadius = 6
	t := canvas.NewText(strconv.Itoa(v), kit.CardPaper)
	t.TextSize = 20
	t.TextStyle = fyne.TextStyle{Bold: true}
	t.Alignment = fyne.TextAlignCenter
	return container.NewGridWrap(fyne.NewSize(34, 34), container.NewStack(bg, container.NewCenter(t)))
}

// fixedBox places rectangles at fixed positions in a box of a fixed size.
func fixedBox(w, h float32, objs ...fyne.CanvasObject) fyne.CanvasObject {
	return container.NewGridWrap(fyne.NewSize(w, h), container.NewWithoutLayout(objs...))
}

func cell(x, y, size float32, c color.Color) *canvas.Rectangle {
	r := canvas.NewRectangle(c)
	r.Move(fyne.NewPos(x, y))
	r.Resize(fyne.NewSize(size, size))
	return r
}

// tetromino draws one of Houston's shapes.
func tetromino(shape string) fyne.CanvasObject {
	const unit = 20
	var objs []fyne.CanvasObject
	for _, c := range tetrominoes[shape] {
		objs = append(objs, cell(float32(c[0])*unit+4, float32(c[1])*unit+4, unit-2, kit.CardInk))
	}
	return fixedBox(3*unit+8, 3*unit+8, objs...)
}

// gridSquare draws one of Bengaluru's squares with the grids it highlights.
func gridSquare(grids []string) fyne.CanvasObject {
	sq := canvas.NewRectangle(color.Transparent)
	sq.StrokeColor, sq.StrokeWidth, sq.CornerRadius = kit.CardInk, 2, 4
	t := kit.InkText(strings.Join(grids, "/"), 18, true)
	t.Alignment = fyne.TextAlignCenter
	return container.NewGridWrap(fyne.NewSize(56, 56), container.NewStack(sq, container.NewCenter(t)))
}

// columnBar draws one of Cologne's column sizes as a stack of boxes.
func columnBar(size int) fyne.CanvasObject {
	const unit = 11
	var objs []fyne.CanvasObject
	for i := range size {
		objs = append(objs, cell(4, float32(5-1-i)*unit+2, unit-2, kit.CardInk))
	}
	n := kit.InkText(strconv.Itoa(size), 16, true)
	n.Move(fyne.NewPos(18, 5*unit/2-8))
	objs = append(objs, n)
	return fixedBox(34, 5*unit+4, objs...)
}

// unlockLook is how an unlock card is shown.
func unlockLook(kind string) (text string, fill color.Color, ink color.Color) {
	switch kind {
	case mc.UnlockYellow:
		return lang.L("Yellow container"), color.NRGBA{R: 0xf4, G: 0xc4, B: 0x30, A: 0xff}, color.Black
	case mc.UnlockBlue:
		return lang.L("Blue container"), color.NRGBA{R: 0x1e, G: 0x6f, B: 0xd9, A: 0xff}, color.White
	case mc.UnlockGreen:
		return lang.L("Green container"), color.NRGBA{R: 0x2e, G: 0x9e, B: 0x44, A: 0xff}, color.White
	default:
		return lang.L("Red X: no container may move"), color.NRGBA{R: 0xd6, G: 0x28, B: 0x28, A: 0xff}, color.White
	}
}

// newUnlockCard draws an unlock card big enough to read across the table:
// its colour, a mark and a name in large type, what it does below.
func newUnlockCard(kind string, size float32) fyne.CanvasObject {
	_, fill, ink := unlockLook(kind)
	bg := canvas.NewRectangle(fill)
	bg.CornerRadius = 12
	title := canvas.NewText(unlockMark(kind)+" "+unlockName(kind), ink)
	title.TextSize = size * 1.6
	title.TextStyle = fyne.TextStyle{Bold: true}
	title.Alignment = fyne.TextAlignCenter
	note := canvas.NewText(unlockNote(kind), ink)
	note.TextSize = size * 0.8
	note.Alignment = fyne.TextAlignCenter
	return container.NewStack(bg, container.NewCenter(container.NewVBox(title, note)))
}

func unlockMark(kind string) string {
	if kind == mc.UnlockRedX {
		return "✕"
	}
	return "▣"
}

func unlockName(kind string) string {
	switch kind {
	case mc.UnlockYellow:
		return lang.L("Yellow")
	case mc.UnlockBlue:
		return lang.L("Blue")
	case mc.UnlockGreen:
		return lang.L("Green")
	default:
		return lang.L("Red X")
	}
}

func unlockNote(kind string) string {
	if kind == mc.UnlockRedX {
		return lang.L("no container may move")
	}
	return lang.L("this container is unlocked")
}

// showUnlockCard puts the unlock card of this kind in c, when it is not the
// one shown already; shown keeps which one is.
func showUnlockCard(c *fyne.Container, shown *string, kind string, size float32) {
	if kind == *shown {
		return
	}
	*shown = kind
	c.Objects = nil
	if kind != "" {
		c.Objects = []fyne.CanvasObject{newUnlockCard(kind, size)}
	}
	c.Refresh()
}
