package aquasphere

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	aq "boardside/companion/aquasphere"
)

// winner names the winner (or the players sharing first place) once the
// final scoring is in, with the export.
func (a *aquaSphereScreen) winner(rep *aq.Report) []fyne.CanvasObject {
	if rep.Final == nil {
		return nil
	}
	var first []string
	for _, i := range rep.Winners() {
		first = append(first, rep.Players[i].Name)
	}
	w := widget.NewLabelWithStyle(lang.L("Winner: {{.Names}}", map[string]any{"Names": strings.Join(first, ", ")}), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	w.Wrapping = fyne.TextWrapWord
	w.SizeName = theme.SizeNameHeadingText
	export := widget.NewButtonWithIcon(lang.L("Export as CSV"), theme.DocumentSaveIcon(), func() {
		a.u.SaveFile("aquasphere-scores.csv", rep.WriteCSV, a.u.ShowError)
	})
	return []fyne.CanvasObject{w, container.NewCenter(export)}
}

// Colours of the bars, one per source of knowledge points, and of what
// octopods took away and the red lines stopped; each goes with its word
// in the legend.
var (
	startColour = color.NRGBA{R: 0x8d, G: 0x6e, B: 0x63, A: 0xff} // at the start, before round 1
	barColours  = []color.NRGBA{
		{R: 0x1e, G: 0x6f, B: 0xd9, A: 0xff}, // majority
		{R: 0x2e, G: 0x9e, B: 0x44, A: 0xff}, // supply
		{R: 0xe9, G: 0xb8, B: 0x4a, A: 0xff}, // crystals
		{R: 0x8e, G: 0x44, B: 0xad, A: 0xff}, // final scoring
	}
	// lostColour covers, at the end of the interim scorings' points, those
	// octopods took away; stoppedColour, after it, those the red lines stopped.
	lostColour    = color.NRGBA{R: 0xd6, G: 0x28, B: 0x28, A: 0xc0}
	stoppedColour = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xe0}
)

// bars shows each player's points as a bar stacked by where they came
// from; what octopods took and what the red lines stopped cover the end
// of the interim scorings' points, and the final scoring's, which neither
// can take, come after: the uncovered bar is what the player kept, the
// points on the track. The kept points are written under it, with what
// was gained and lost when something was, and a legend names every
// colour. Bars share one scale and take the width there is.
func (a *aquaSphereScreen) bars(rep *aq.Report) fyne.CanvasObject {
	most := 1
	all := make([]aq.Breakdown, len(rep.Players))
	started := false
	for i := range rep.Players {
		all[i] = rep.Breakdown(i)
		most = max(most, all[i].Gained())
		started = started || all[i].Start > 0
	}
	swatch := func(c color.Color, text string) fyne.CanvasObject {
		r := canvas.NewRectangle(c)
		r.SetMinSize(fyne.NewSize(16, 16))
		return container.NewHBox(container.NewCenter(r), widget.NewLabel(text))
	}
	var keys []fyne.CanvasObject
	if started {
		keys = append(keys, swatch(startColour, lang.L("At the start")))
	}
	keys = append(keys, swatch(barColours[0], lang.L("Majority")), swatch(barColours[1], lang.L("Supply")),
		swatch(barColours[2], lang.L("Crystals")), swatch(barColours[3], lang.L("Final scoring")),
		swatch(lostColour, lang.L("Taken by octopods")), swatch(stoppedColour, lang.L("Stopped at red lines")))
	// The legend's cells take the widest key's width, so no word runs into the next.
	cell := fyne.NewSize(200, widget.NewLabel("").MinSize().Height)
	for _, k := range keys {
		cell = cell.Max(k.MinSize())
	}
	legend := container.NewGridWrap(cell, keys...)
	rows := []fyne.CanvasObject{legend}
	a.sums = make([]*widget.Label, len(rep.Players))
	for i, p := range rep.Players {
		b := all[i]
		bl := &barLayout{most: most}
		var rects []fyne.CanvasObject
		for k, v := range []int{b.Start, b.Majority, b.Supply, b.Crystals, b.Final} {
			if v > 0 {
				c := startColour
				if k > 0 {
					c = barColours[k-1]
				}
				bl.parts = append(bl.parts, v)
				rects = append(rects, canvas.NewRectangle(c))
			}
		}
		if b.Final > 0 {
			bl.tail = 1 // the final scoring's part, last
		}
		bl.lost = []int{-b.Octopods, -b.RedLines}
		rects = append(rects, canvas.NewRectangle(lostColour), canvas.NewRectangle(stoppedColour))
		// The name, then its bar and sum below across the width: a name
		// beside the bar took a phone's width from it, and was cut.
		name := widget.NewLabelWithStyle(p.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		bar := container.NewGridWrap(fyne.NewSize(1, 22)) // the bar's height
		a.sums[i] = kit.Wrapped(barSum(b))
		rows = append(rows, name, container.NewStack(bar, container.New(bl, rects...)), a.sums[i])
	}
	return container.NewVBox(rows...)
}

// barSum is the line under a bar: the points kept, and when octopods or
// red lines took some, what was gained and what each took.
func barSum(b aq.Breakdown) string {
	var taken []string
	if b.Octopods != 0 {
		taken = append(taken, lang.L("{{.Points}} by octopods", map[string]any{"Points": signed(b.Octopods)}))
	}
	if b.RedLines != 0 {
		taken = append(taken, lang.L("{{.Points}} stopped at red lines", map[string]any{"Points": signed(b.RedLines)}))
	}
	if len(taken) == 0 {
		return points(b.Total())
	}
	return lang.L("{{.Kept}} ({{.Gained}} gained, {{.Taken}})",
		map[string]any{"Kept": points(b.Total()), "Gained": b.Gained(), "Taken": strings.Join(taken, ", ")})
}

// barLayout lays a bar's segments end to end, parts[i] points wide on a
// scale where most points fill the width. The last len(lost) objects
// cover, in order, the last points before the tail (the last tail parts),
// the last cover ending where the part before the tail does.
type barLayout struct {
	parts []int
	tail  int
	lost  []int
	most  int
}

func (l *barLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	unit := size.Width / float32(l.most)
	var x, end float32
	coverable := 0 // the points before the tail
	for i, v := range l.parts {
		objs[i].Move(fyne.NewPos(x, 0))
		objs[i].Resize(fyne.NewSize(float32(v)*unit, size.Height))
		x += float32(v) * unit
		if i < len(l.parts)-l.tail {
			end = x
			coverable += v
		}
	}
	covered := 0
	for _, v := range l.lost {
		covered += v
	}
	// Never more covered than there is: the covers start no further left
	// than the bar, and the last gives way first.
	left := min(covered, coverable)
	at := end - float32(left)*unit
	for k, v := range l.lost {
		w := min(v, left)
		left -= w
		cover := objs[len(l.parts)+k]
		cover.Move(fyne.NewPos(at, 0))
		cover.Resize(fyne.NewSize(float32(w)*unit, size.Height))
		at += float32(w) * unit
	}
}

func (l *barLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(60, 22) }

// results shows every computed line of every scoring so far, newest first.
func (a *aquaSphereScreen) results(rep *aq.Report) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	if rep.Final != nil {
		out = append(out, widget.NewLabelWithStyle(lang.L("Final scoring"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		// By place; players sharing one keep their seats' order.
		order := make([]int, len(rep.Final))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int { return rep.Final[a].Place - rep.Final[b].Place })
		for _, i := range order {
			x := rep.Final[i]
			out = append(out, kit.Wrapped(lang.L("{{.Place}}. {{.Name}}: {{.To}} (letters {{.Letters}}, time markers {{.Time}}, submarines {{.Subs}}, extensions {{.Ext}})",
				map[string]any{"Place": x.Place, "Name": rep.Players[i].Name, "To": x.To, "Letters": x.Letters, "Time": x.TimeMarkers, "Subs": x.Submarines, "Ext": x.Extensions})))
		}
	}
	for r := len(rep.Rounds) - 1; r >= 0; r-- {
		out = append(out, widget.NewLabelWithStyle(lang.L("Interim scoring {{.Round}}", map[string]any{"Round": r + 1}), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		for i, x := range rep.Rounds[r] {
			out = append(out, kit.Wrapped(roundLine(rep.Players[i].Name, x)))
		}
	}
	return out
}

// roundLine is one player's interim scoring: the points kept, made of
// parts that add up to them (what octopods took, what the red lines
// stopped), the counter's move, how each red line was met, and the time
// markers, which are not knowledge points and stand apart.
func roundLine(name string, x aq.InterimResult) string {
	p := x.Parts()
	parts := []string{
		lang.L("majority {{.N}}", map[string]any{"N": p.Majority}),
		lang.L("supply {{.N}}", map[string]any{"N": p.Supply}),
		lang.L("crystals {{.N}}", map[string]any{"N": p.Crystals}),
		lang.L("octopods {{.N}}", map[string]any{"N": signed(p.Octopods)}),
	}
	if p.RedLines != 0 {
		parts = append(parts, lang.L("red lines {{.N}}", map[string]any{"N": signed(p.RedLines)}))
	}
	line := lang.L("{{.Name}}: {{.Kept}} ({{.Parts}}); {{.From}} → {{.To}}",
		map[string]any{"Name": name, "Kept": points(x.Kept()), "Parts": strings.Join(parts, ", "), "From": x.From, "To": x.To})
	for _, l := range x.RedLines {
		line += "; " + redLineText(l)
	}
	if x.Held() > 0 {
		line += "; " + lang.L("the counter goes back no further than {{.At}}: octopods took {{.Took}} of {{.Cost}}",
			map[string]any{"At": x.To, "Took": -p.Octopods, "Cost": -x.Octopods})
	}
	if x.TimeMarkers == 1 {
		line += "; " + lang.L("+{{.N}} time marker", map[string]any{"N": x.TimeMarkers})
	} else if x.TimeMarkers > 1 {
		line += "; " + lang.L("+{{.N}} time markers", map[string]any{"N": x.TimeMarkers})
	}
	return line
}

// points is a number of knowledge points in words: "1 point", "−3 points".
func points(n int) string {
	if n == 1 || n == -1 {
		return lang.L("{{.Points}} point", map[string]any{"Points": signed(n)})
	}
	return lang.L("{{.Points}} points", map[string]any{"Points": signed(n)})
}

// signed writes a number that may be negative with a real minus sign.
func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

func redLineText(l aq.RedLine) string {
	switch l.Way {
	case aq.PaidCrystal:
		return lang.L("red line at {{.At}}: paid with a crystal", map[string]any{"At": l.At})
	case aq.PaidBot:
		return lang.L("red line at {{.At}}: a programmed bot went back", map[string]any{"At": l.At})
	default:
		return lang.L("red line at {{.At}}: stopped before it", map[string]any{"At": l.At})
	}
}
