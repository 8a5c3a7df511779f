package adele

import (
	"encoding/json"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
	ad "boardside/companion/adele"
)

// sectorColours are the ship's sector colours as printed.
var sectorColours = map[string]color.NRGBA{
	"yellow": {R: 0xf2, G: 0xc2, B: 0x1b, A: 0xff},
	"blue":   {R: 0x2f, G: 0x80, B: 0xd8, A: 0xff},
	"red":    {R: 0xd6, G: 0x3c, B: 0x3c, A: 0xff},
	"green":  {R: 0x3f, G: 0xa3, B: 0x4d, A: 0xff},
	"grey":   {R: 0x8a, G: 0x8f, B: 0x98, A: 0xff},
}

// tint is a sector colour faint enough to write on in either theme.
func tint(c color.NRGBA) color.NRGBA { c.A = 0x40; return c }

// sectorName is a sector colour in words.
func sectorName(s string) string {
	switch s {
	case "yellow":
		return lang.L("yellow")
	case "blue":
		return lang.L("blue")
	case "red":
		return lang.L("red")
	case "green":
		return lang.L("green")
	default:
		return lang.L("grey")
	}
}

// obstacleName is an obstacle type in words.
func obstacleName(t string) string {
	switch t {
	case ad.Spy:
		return lang.L("Spy")
	case ad.DoorLocked:
		return lang.L("Door locked")
	case ad.OxygenLoss:
		return lang.L("Oxygen loss")
	case ad.Fire:
		return lang.L("Fire")
	case ad.Darkness:
		return lang.L("Darkness")
	default:
		return lang.L("Computer failure")
	}
}

// placedName is an obstacle with its place: "Door locked (to 7)".
func placedName(p ad.Placed) string {
	switch {
	case strings.HasPrefix(p.Spot, "door:"):
		return lang.L("{{.Obstacle}} (to {{.Room}})", map[string]any{"Obstacle": obstacleName(p.Type), "Room": strings.TrimPrefix(p.Spot, "door:")})
	case p.Spot == "terminal":
		return lang.L("{{.Obstacle}} (terminal)", map[string]any{"Obstacle": obstacleName(p.Type)})
	}
	return obstacleName(p.Type)
}

// emergencyName is an emergency kind in words.
func emergencyName(kind string) string {
	switch kind {
	case ad.Stress:
		return lang.L("Stress")
	case ad.SystemFailure:
		return lang.L("System failure")
	case ad.CourseDeviation:
		return lang.L("Course deviation")
	case ad.Silence:
		return lang.L("Silence")
	default:
		return lang.L("Impact")
	}
}

// anomalyName is an anomaly in words.
func anomalyName(id string) string {
	switch id {
	case "airlocksLocked":
		return lang.L("Airlocks locked")
	case ad.AlarmTerminalsOff:
		return lang.L("Alarm terminals off")
	case "weakBatteries":
		return lang.L("Weak batteries")
	case "explosions":
		return lang.L("Explosions")
	case "panic":
		return lang.L("Panic")
	case ad.TargetedAttack:
		return lang.L("Targeted attack")
	}
	return id // an owner's own anomaly
}

func sectorList(sectors []string) string {
	var names []string
	for _, s := range sectors {
		names = append(names, sectorName(s))
	}
	return strings.Join(names, ", ")
}

// adeleBoard is the crew's view of ADELE: the round track, the emergency
// deck, the mission conditions and the ship's rooms. It is drawn from the
// public projection only, on the host and on every joined device alike,
// and sends the crew's public actions through send.
type adeleBoard struct {
	content fyne.CanvasObject
	send    func(companion.Action)
	win     fyne.Window
	shown   string // the projection last drawn, encoded

	phase     *widget.Label
	track     *fyne.Container
	current   *fyne.Container
	next      *fyne.Container
	missions  *widget.Label
	anomalies *widget.Label
	rooms     *fyne.Container
	roll      *widget.Label
	result    *widget.Label

	emergency *widget.Button
	endRound  *widget.Button
	alarm     [2]*widget.Button
	command   *widget.Button
	d20       *widget.Button
	finish    *widget.Button
	p         ad.PublicState
}

// newAdeleBoard is the crew's board, sending its taps through send; record
// is what shows under the result at the game's end: the record panel, on
// ADELE's own tablet and on a device that joined alike.
func newAdeleBoard(win fyne.Window, send func(companion.Action), record fyne.CanvasObject) *adeleBoard {
	b := &adeleBoard{send: send, win: win}
	b.phase = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	b.phase.SizeName = theme.SizeNameSubHeadingText
	// Cells that share the width: twelve of 30 did not fit a phone.
	b.track = container.NewGridWithRows(1)
	b.current = container.NewStack()
	b.next = container.NewStack()
	b.missions = widget.NewLabel("")
	b.anomalies = widget.NewLabel("")
	b.anomalies.Wrapping = fyne.TextWrapWord
	b.rooms = container.NewGridWithColumns(5)
	b.roll = widget.NewLabel("")
	b.result = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	b.result.SizeName = theme.SizeNameHeadingText

	b.emergency = kit.BigButton(lang.L("Emergency phase"), theme.WarningIcon(), func() { b.send(&ad.EmergencyPhase{}) })
	b.endRound = kit.BigButton(lang.L("End of round"), theme.MediaSkipNextIcon(), func() { b.send(&ad.EndRound{}) })
	b.buildTerminals()
	b.d20 = widget.NewButtonWithIcon(lang.L("Roll the D20"), theme.ViewRefreshIcon(), func() { b.send(&ad.RollD20{}) })
	b.finish = widget.NewButtonWithIcon(lang.L("The game ended…"), theme.ConfirmIcon(), b.onFinish)

	b.phase.Wrapping = fyne.TextWrapWord
	b.missions.Wrapping = fyne.TextWrapWord
	cards := container.New(&kit.FoldGrid{},
		container.NewBorder(widget.NewLabel(lang.L("This round's emergency")), nil, nil, nil, b.current),
		container.NewBorder(widget.NewLabel(lang.L("Next emergency")), nil, nil, nil, b.next))
	left := container.NewVBox(b.result, b.phase, b.track,
		cards, b.missions, b.anomalies, b.alarm[0], b.alarm[1], b.command,
		kit.NewFoldRow(b.roll, b.d20), b.finish)
	if record != nil {
		left.Objects = append([]fyne.CanvasObject{b.result, record}, left.Objects[1:]...)
	}
	// Emergency phase and End of round, one at a time in one place, stay
	// at the foot in reach of a thumb; the rest scrolls above, the rooms
	// beside it on a tablet and below it on a phone.
	foot := container.New(&kit.FoldGrid{Height: 64}, b.emergency, b.endRound)
	b.content = container.New(kit.TwoPass{Inner: layout.NewBorderLayout(nil, foot, nil, nil)}, foot,
		kit.NewScrollSplit(0.45, left, b.rooms))
	return b
}

// buildTerminals makes the alarm terminals' and the command terminal's
// buttons, each asking first what it does.
func (b *adeleBoard) buildTerminals() {
	for i := range b.alarm {
		which := i + 1
		b.alarm[i] = widget.NewButtonWithIcon("", theme.VolumeUpIcon(), func() {
			dialog.ShowConfirm(lang.L("Alarm terminal"), lang.L("Did a crew member use alarm terminal {{.N}}? The face-up emergency is averted and the terminal moves.", map[string]any{"N": which}),
				func(ok bool) {
					if ok {
						b.send(&ad.AlarmTerminal{Which: which})
					}
				}, b.win)
		})
	}
	// A short button, a question that says what it does: the whole
	// sentence on the button was wider than a phone.
	b.command = widget.NewButtonWithIcon(lang.L("Command terminal used"), theme.MoveDownIcon(), func() {
		dialog.ShowConfirm(lang.L("Command terminal"), lang.L("Did a crew member use the command terminal? The no-return marker moves down."),
			func(ok bool) {
				if ok {
					b.send(&ad.CommandTerminal{})
				}
			}, b.win)
	})
}

// set draws p; it does nothing when p is what is already shown.
func (b *adeleBoard) set(p ad.PublicState) {
	key, _ := json.Marshal(p)
	if string(key) == b.shown {
		return
	}
	b.shown, b.p = string(key), p
	over := p.Result != ""
	b.drawResult(p)
	kit.SetLabel(b.phase, roundText(p, over))
	b.drawTrack(p)
	b.drawEmergencies(p)
	kit.SetLabel(b.missions, fmt.Sprintf("%s %s\n%s %s",
		tick(p.BlueOK), lang.L("Blue mission: no impact marker on the ship"),
		tick(p.RedOK), lang.L("Red mission: round marker not below the no-return marker")))
	kit.SetLabel(b.anomalies, inPlayText(p))
	b.showButtons(p, over)
	// The crew's starting rooms are on the board; beside the D20 is only
	// what the D20 itself last rolled.
	if p.LastRoll != nil && p.LastRoll.What != "crew" {
		kit.SetLabel(b.roll, rollText(*p.LastRoll))
	} else {
		kit.SetLabel(b.roll, "")
	}
	b.drawRooms(p)
	b.content.Refresh()
}

// drawResult says who won, once the game is over.
func (b *adeleBoard) drawResult(p ad.PublicState) {
	switch {
	case p.Result == "crew":
		kit.SetLabel(b.result, lang.L("The crew wins"))
	case p.Result == "adele":
		kit.SetLabel(b.result, lang.L("ADELE wins"))
	default:
		kit.SetLabel(b.result, "")
	}
	b.result.Hidden = p.Result == ""
}

// roundText is the round and no-return markers, and what comes next while
// the game is not over.
func roundText(p ad.PublicState, over bool) string {
	round := lang.L("Round marker {{.Round}} · no-return marker {{.NoReturn}}", map[string]any{"Round": p.Round, "NoReturn": p.NoReturn})
	switch {
	case over:
	case p.Phase == "emergency":
		round += " · " + lang.L("next: the emergency phase")
	case p.Phase == "adele":
		round += " · " + lang.L("next: planning and ADELE's phase")
	default:
		round += " · " + lang.L("next: the crew's actions, then the end of the round")
	}
	return round
}

// drawEmergencies draws this round's emergency and the next one, face up,
// face down (averted), or none left.
func (b *adeleBoard) drawEmergencies(p ad.PublicState) {
	b.current.Objects = []fyne.CanvasObject{emergencyCard(p.Current, false)}
	b.current.Refresh()
	var next *ad.PublicEmergency
	if p.Next != nil {
		next = &ad.PublicEmergency{Kind: p.Next.Kind, Sector: p.Next.Sector, Symbols: p.Next.Symbols}
	}
	b.next.Objects = []fyne.CanvasObject{emergencyCard(next, p.NextAverted)}
	if p.Next == nil && !p.NextAverted {
		b.next.Objects = []fyne.CanvasObject{widget.NewLabel(lang.L("The emergency deck is empty"))}
	}
	b.next.Refresh()
}

// inPlayText lists the anomalies in play.
func inPlayText(p ad.PublicState) string {
	var in []string
	for _, a := range p.InPlay {
		in = append(in, anomalyName(a.ID))
	}
	if len(in) == 0 {
		return lang.L("No anomaly in play")
	}
	return lang.L("Anomalies in play: {{.List}}", map[string]any{"List": strings.Join(in, ", ")})
}

// showButtons shows the crew's buttons that apply: the phase's own, the
// alarm terminals (with a next emergency to avert), the command terminal
// and the end of the game, none once it is over.
func (b *adeleBoard) showButtons(p ad.PublicState, over bool) {
	b.emergency.Hidden = over || p.Phase != "emergency"
	b.endRound.Hidden = over || p.Phase != "endRound"
	for i, btn := range b.alarm {
		btn.SetText(lang.L("Alarm terminal {{.N}} used (room {{.Room}})", map[string]any{"N": i + 1, "Room": p.Alarms[i]}))
		btn.Hidden = over || p.AlarmsOff
		if p.Next == nil {
			btn.Disable()
		} else {
			btn.Enable()
		}
	}
	b.command.Hidden = over
	b.finish.Hidden = over
}

func tick(ok bool) string {
	if ok {
		return "✓"
	}
	return "✗"
}

func rollText(r ad.Roll) string {
	var what string
	switch r.What {
	case "crew":
		what = lang.L("Crew start")
	case "alarm1", "alarm2":
		what = lang.L("Alarm terminal {{.N}} moved", map[string]any{"N": strings.TrimPrefix(r.What, "alarm")})
	default:
		what = lang.L("D20")
	}
	s := fmt.Sprintf("%s: %d", what, r.Room)
	if len(r.Rerolls) > 0 {
		s += " " + lang.L("(rolled again after {{.Rolls}})", map[string]any{"Rolls": kit.JoinInts(r.Rerolls)})
	}
	return s
}

// drawTrack draws the round track from the first round down to 1, with
// the round marker filled and the no-return marker outlined in red.
func (b *adeleBoard) drawTrack(p ad.PublicState) {
	var cells []fyne.CanvasObject
	for r := p.StartRound; r >= 1; r-- {
		bg := canvas.NewRectangle(color.Transparent)
		bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
		bg.StrokeWidth = 1
		txt := canvas.NewText(strconv.Itoa(r), theme.Color(theme.ColorNameForeground))
		txt.Alignment = fyne.TextAlignCenter
		if r == p.Round {
			bg.FillColor = theme.Color(theme.ColorNamePrimary)
			txt.Color = theme.Color(theme.ColorNameForegroundOnPrimary)
			txt.TextStyle.Bold = true
		}
		if r == p.NoReturn {
			bg.StrokeColor = sectorColours["red"]
			bg.StrokeWidth = 3
		}
		cells = append(cells, container.New(kit.TallLayout{Height: 30}, container.NewStack(bg, container.NewCenter(txt))))
	}
	b.track.Objects = cells
	b.track.Refresh()
}

// emergencyCard draws an emergency: kind, sector colour, anomaly symbols,
// and what it did. A nil card with averted set is the face-down card.
func emergencyCard(e *ad.PublicEmergency, averted bool) fyne.CanvasObject {
	bg := canvas.NewRectangle(kit.CardPaper)
	bg.CornerRadius = 10
	bg.StrokeColor = kit.CardInk
	bg.StrokeWidth = 2
	if e == nil {
		text := lang.L("None yet")
		if averted {
			bg.FillColor = kit.CardInk
			t := canvas.NewText(lang.L("Face down: averted next round"), kit.CardPaper)
			t.TextStyle.Bold = true
			return container.NewStack(bg, container.NewCenter(t))
		}
		return container.NewStack(bg, container.NewCenter(kit.InkText(text, 14, false)))
	}
	stripe := canvas.NewRectangle(sectorColours[e.Sector])
	stripe.SetMinSize(fyne.NewSize(12, 12))
	rows := []fyne.CanvasObject{kit.InkText(emergencyName(e.Kind), 20, true),
		kit.InkText(lang.L("Sector: {{.Sector}}", map[string]any{"Sector": sectorName(e.Sector)}), 12, false)}
	if len(e.Symbols) > 0 {
		var names []string
		for _, s := range e.Symbols {
			names = append(names, anomalyName(s))
		}
		rows = append(rows, kit.InkText(lang.L("Symbols: {{.List}}", map[string]any{"List": strings.Join(names, ", ")}), 12, false))
	}
	if e.Averted {
		rows = append(rows, kit.InkText(lang.L("Averted"), 14, true))
	}
	if len(e.Triggers) > 0 {
		var names []string
		for _, s := range e.Triggers {
			names = append(names, anomalyName(s))
		}
		rows = append(rows, kit.InkText(lang.L("Triggers: {{.List}}", map[string]any{"List": strings.Join(names, ", ")}), 12, true))
	}
	if e.ImpactRoom > 0 {
		line := lang.L("Impact in room {{.Room}}", map[string]any{"Room": e.ImpactRoom})
		if len(e.Rerolls) > 0 {
			line += " " + lang.L("(rolled again after {{.Rolls}})", map[string]any{"Rolls": kit.JoinInts(e.Rerolls)})
		}
		rows = append(rows, kit.InkText(line, 14, true))
	}
	return container.NewStack(bg, container.NewPadded(container.NewBorder(nil, nil, stripe, nil, container.NewVBox(rows...))))
}

// drawRooms draws the 20 rooms in their sector colours with what is in
// them; tapping a room lets the crew take something out of it.
func (b *adeleBoard) drawRooms(p ad.PublicState) {
	var tiles []fyne.CanvasObject
	for room := 1; room <= len(p.Sectors); room++ {
		colour := sectorColours[p.Sectors[room-1]]
		var lines []string
		for _, pl := range p.Placed {
			if pl.Room == room {
				lines = append(lines, placedName(pl))
			}
		}
		if slices.Contains(p.Impacts, room) {
			lines = append(lines, lang.L("IMPACT"))
		}
		for i, a := range p.Alarms {
			if a == room {
				lines = append(lines, lang.L("Alarm terminal {{.N}}", map[string]any{"N": i + 1}))
			}
		}
		if i := slices.Index(p.CrewRooms, room); i >= 0 && p.RoundsPlayed == 0 {
			lines = append(lines, lang.L("Crew {{.N}} starts here", map[string]any{"N": i + 1}))
		}
		bg := canvas.NewRectangle(tint(colour))
		bg.StrokeColor = colour
		bg.StrokeWidth = 2
		num := canvas.NewText(strconv.Itoa(room), theme.Color(theme.ColorNameForeground))
		num.TextStyle.Bold = true
		num.TextSize = 16
		// The sector in words too: not by colour alone.
		lines = append([]string{sectorName(p.Sectors[room-1])}, lines...)
		body := widget.NewLabel(strings.Join(lines, "\n"))
		body.SizeName = theme.SizeNameCaptionText
		body.Wrapping = fyne.TextWrapWord
		body.Alignment = fyne.TextAlignCenter
		r := room
		tap := widget.NewButton("", func() { b.onRoom(r) })
		tap.Importance = widget.LowImportance
		// A room's lines in little padding, and room enough for three of
		// them: a phone's room is about 68 wide.
		text := container.NewThemeOverride(body, kit.CompactTheme{Theme: fyne.CurrentApp().Settings().Theme()})
		tiles = append(tiles, container.New(kit.TallLayout{Height: 112}, container.NewStack(bg, tap,
			container.NewBorder(container.NewHBox(layout.NewSpacer(), num, layout.NewSpacer()), nil, nil, nil, text))))
	}
	b.rooms.Objects = tiles
	b.rooms.Refresh()
}

// choice is one button of a dialog that sends a public action.
type choice struct {
	label string
	act   companion.Action
}

// choose shows the choices; tapping one closes the dialog and sends it.
func (b *adeleBoard) choose(title string, choices []choice) {
	var d dialog.Dialog
	var buttons []fyne.CanvasObject
	for _, c := range choices {
		buttons = append(buttons, widget.NewButton(c.label, func() {
			d.Hide()
			b.send(c.act)
		}))
	}
	d = dialog.NewCustom(title, lang.L("Cancel"), container.NewVBox(buttons...), b.win)
	d.Show()
}

// onRoom offers what the crew can take out of a room.
func (b *adeleBoard) onRoom(room int) {
	var choices []choice
	for _, pl := range b.p.Placed {
		if pl.Room == room {
			choices = append(choices, choice{lang.L("Remove {{.Obstacle}}", map[string]any{"Obstacle": placedName(pl)}), &ad.RemoveObstacle{Room: pl.Room, Type: pl.Type, Spot: pl.Spot}})
		}
	}
	if slices.Contains(b.p.Impacts, room) {
		choices = append(choices, choice{lang.L("Remove the impact marker"), &ad.RemoveImpact{Room: room}})
	}
	title := lang.L("Room {{.Room}}", map[string]any{"Room": room})
	if len(choices) == 0 {
		dialog.ShowInformation(title, lang.L("Nothing to remove in this room."), b.win)
		return
	}
	b.choose(title, choices)
}

func (b *adeleBoard) onFinish() {
	b.choose(lang.L("How did the game end?"), []choice{
		{lang.L("The crew completed a mission"), &ad.Finish{Winner: "crew"}},
		{lang.L("A crew member died: ADELE wins"), &ad.Finish{Winner: "adele"}},
	})
}
