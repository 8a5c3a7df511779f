// Package adele is ADELE's screens: the setup, the crew's table (board,
// round track, rooms), the secret console of the player who is ADELE
// behind its slide cover, and the owner's own card data. The rules are in
// companion/adele; Game is the home screen's tile, which app/catalog hands
// to the shell.
package adele

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

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
	"boardside/companion/share"
)

// coverAfter is how long the console may sit untouched before the privacy
// cover comes down by itself.
const coverAfter = 30 * time.Second

// Game is ADELE as the home screen lists it.
func Game() *kit.Game {
	g := &kit.Game{ID: ad.Game, Name: "ADELE",
		Blurb: "A secret console for the player who is ADELE: energy, obstacles, hand and anomalies."}
	// The shipped data is read with the first game, not for the home
	// screen (see ad.Rules); an owner's own replaces it (LoadData).
	g.Rules = ad.Rules
	g.NewState = func() companion.State { return ad.New() }
	g.Screen = func(u kit.Window, s *companion.Session) fyne.CanvasObject { return newAdeleScreen(u, g, s).content }
	g.Describe = describeAdele
	g.Share = &share.Game{Public: ad.Public, PublicActions: ad.PublicActions}
	g.Join = joinAdele
	g.Host = host
	g.LoadData = loadAdeleData
	return g
}

// adeleScreen is ADELE's tablet: the setup, then two tabs — the crew's
// table, and ADELE's secret console behind its privacy cover.
type adeleScreen struct {
	u       kit.Window
	g       *kit.Game
	s       *companion.Session
	content fyne.CanvasObject
	bar     *kit.GameBar
	acts    *kit.Acts // every change the screen makes
	live    *kit.Live

	setup   *adeleSetup
	tabs    *container.AppTabs
	board   *adeleBoard
	console *adeleConsole
	record  *kit.PlayPanel // the game's end: its record, on the Table tab under the result
	playing fyne.CanvasObject
	vis     kit.Visibility
}

func newAdeleScreen(u kit.Window, g *kit.Game, s *companion.Session) *adeleScreen {
	a := &adeleScreen{u: u, g: g, s: s}
	a.bar, a.acts = kit.NewScreenBar(u, g, s, func(bool) {})
	a.bar.Turn.Hide() // the tablet is ADELE's own; nothing to turn to the crew
	edit := widget.NewButtonWithIcon(lang.L("Game data"), theme.DocumentCreateIcon(), func() {
		e := newAdeleDataScreen(u, g, a.state().Data(), func() { u.OpenGame(g) })
		u.Show(e.content)
	})
	a.setup = newAdeleSetup(u, a.state().Data(), a.dispatch, edit)
	a.record = kit.NewPlayPanel(u, g, s, a.dispatch)
	a.board = newAdeleBoard(u.Win(), a.dispatch, a.record.Content)
	a.console = newAdeleConsole(u, a.dispatch)
	a.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon(lang.L("Table"), theme.GridIcon(), a.board.content),
		container.NewTabItemWithIcon(lang.L("ADELE's console"), theme.VisibilityOffIcon(), a.console.content))
	// Leaving the console covers it, so the tablet can be shown to the crew.
	a.tabs.OnSelected = func(*container.TabItem) { a.console.cover(true) }
	a.playing = kit.Narrowable(a.tabs)
	body := container.NewStack(kit.NewScroll(a.setup.content), a.playing)
	a.content = container.NewBorder(a.bar.Content, nil, nil, nil, body)
	a.live = kit.StartLive(u.Clock(), s, a.render)
	a.console.wake = a.live.Tick
	u.SetOnAway(func() { a.console.cover(true) })
	u.SetLeave(func() {
		a.live.Stop()
		u.SetOnAway(nil)
	})
	return a
}

func (a *adeleScreen) state() *ad.State { return a.s.View().State.(*ad.State) }

// dispatch applies act to the game as the screen showed it (kit.Acts):
// the crew's board and ADELE's console alike, so a move made on what the
// crew just changed is refused rather than applied on top of it.
func (a *adeleScreen) dispatch(act companion.Action) { a.acts.Dispatch(act) }

// render draws the game; it wakes again when the console's idle cover is due.
func (a *adeleScreen) render(now time.Time) (time.Duration, bool) {
	v := kit.DrawView(a.s, a.acts, a.bar)
	st := v.State.(*ad.State)
	a.acts.Means(boardMeanings(ad.Public(st).(ad.PublicState), v.Version))
	a.vis.Set(!st.SetUp(), a.setup.content)
	a.vis.Set(st.SetUp(), a.playing)
	a.vis.Apply(a.content)
	if !st.SetUp() {
		a.console.cover(true)
		return 0, false
	}
	a.board.set(ad.Public(st).(ad.PublicState))
	a.record.Render(&a.vis, st, now, kit.PlayForm{Seats: kit.PlayerSeats(st.Players), AllOrNone: true, AskAdele: true})
	a.vis.Apply(a.board.content)
	return a.console.render(st, now)
}

// adeleSetup is the one setup screen: players, ship, options, PIN.
type adeleSetup struct {
	content     fyne.CanvasObject
	players     *widget.RadioGroup
	ship        *widget.RadioGroup
	experienced *widget.Check
	remove      *widget.CheckGroup
	pin         *kit.NumberEntry
	start       *widget.Button
	specials    map[string]string // check label → card ID
}

func newAdeleSetup(u kit.Window, d *ad.Data, dispatch func(companion.Action), edit *widget.Button) *adeleSetup {
	s := &adeleSetup{specials: map[string]string{}}
	s.players = widget.NewRadioGroup([]string{lang.L("2 (duel)"), "3", "4", "5"}, nil)
	// One under the other: side by side, "2 (duel)" made each of the four
	// as wide as itself, too wide for a phone.
	s.players.Required = true
	s.players.SetSelected("4")
	var ships []string
	for _, sh := range d.Ships.Ships {
		ships = append(ships, kit.Capitalise(sh.ID))
	}
	s.ship = widget.NewRadioGroup(ships, nil)
	s.ship.Horizontal, s.ship.Required = true, true
	s.ship.SetSelected(ships[0])
	var labels []string
	for _, c := range d.Cards.Cards {
		if c.Special() {
			l := fmt.Sprintf("%s (%s)", c.Name, c.ID)
			s.specials[l] = c.ID
			labels = append(labels, l)
		}
	}
	s.remove = widget.NewCheckGroup(labels, nil)
	s.remove.Hide()
	var experienced fyne.CanvasObject
	s.experienced, experienced = kit.NewWrapCheck(lang.L("Experienced players: remove 2 special cards of your choice instead of the 2 marked with an exclamation mark"), func(on bool) {
		s.remove.Hidden = !on
		s.remove.Refresh()
	})
	s.pin = kit.NewPINEntry()
	s.pin.SetPlaceHolder(lang.L("PIN (4 to 8 digits, optional)"))
	s.start = kit.BigButton(lang.L("Set up the game"), theme.MediaPlayIcon(), func() {
		act, err := s.action(d)
		if err != nil {
			u.ShowError(err)
			return
		}
		dispatch(act)
	})
	pinNote := widget.NewLabel(lang.L("A PIN lifts the console's privacy cover; without one, a slide does."))
	pinNote.Wrapping = fyne.TextWrapWord
	note := widget.NewLabel(lang.L("Boardside draws the anomalies and obstacles, shuffles ADELE's cards and the emergency deck, and rolls the crew's starting rooms. Decks marked as defaults can be corrected under Game data."))
	note.Wrapping = fyne.TextWrapWord
	s.content = container.NewPadded(container.NewVBox(
		widget.NewLabelWithStyle(lang.L("New game of ADELE"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		widget.NewLabel(lang.L("Players")), s.players,
		widget.NewLabel(lang.L("Ship")), s.ship,
		experienced, s.remove,
		pinNote, s.pin,
		note, container.NewHBox(layout.NewSpacer(), edit), s.start))
	return s
}

// action is the setup chosen on screen.
func (s *adeleSetup) action(d *ad.Data) (*ad.SetUpGame, error) {
	players, _ := strconv.Atoi(strings.Fields(s.players.Selected)[0])
	act := &ad.SetUpGame{Players: players, PIN: s.pin.Text, Experienced: s.experienced.Checked}
	for _, sh := range d.Ships.Ships {
		if kit.Capitalise(sh.ID) == s.ship.Selected {
			act.Ship = sh.ID
		}
	}
	if act.Experienced {
		for _, l := range s.remove.Selected {
			act.Remove = append(act.Remove, s.specials[l])
		}
	}
	return act, nil
}

// adeleConsole is ADELE's secret console: energy, the obstacle slots, the
// hand and the anomalies, and the end of her phase. A privacy cover hides
// it after coverAfter untouched, on a tap, and whenever the tab is left.
type adeleConsole struct {
	u        kit.Window
	dispatch func(companion.Action)
	content  fyne.CanvasObject

	energy    *canvas.Text
	phase     *widget.Label
	slots     *fyne.Container
	hand      *fyne.Container
	anomalies *fyne.Container
	endPhase  *widget.Button
	targeted  *widget.Button
	discard   map[string]bool // cards chosen to discard at the end of the phase

	covered   bool
	coverBox  fyne.CanvasObject
	pinEntry  *kit.NumberEntry
	slide     *kit.SlideLock
	lastTouch time.Time
	wake      func() // renders again, to time the idle cover
	shown     string
	st        *ad.State
}

func newAdeleConsole(u kit.Window, dispatch func(companion.Action)) *adeleConsole {
	c := &adeleConsole{u: u, discard: map[string]bool{}, covered: true}
	c.dispatch = func(a companion.Action) { c.touch(); dispatch(a) }
	c.energy = canvas.NewText("", theme.Color(theme.ColorNamePrimary))
	c.energy.TextSize = 44
	c.energy.TextStyle.Bold = true
	c.phase = widget.NewLabel("")
	c.phase.Wrapping = fyne.TextWrapWord
	c.slots = container.NewVBox()
	c.hand = container.NewGridWrap(fyne.NewSize(170, 200))
	c.anomalies = container.NewVBox()
	c.endPhase = kit.BigButton("", theme.ConfirmIcon(), c.onEndPhase)
	c.targeted = widget.NewButtonWithIcon(lang.L("Targeted attack"), theme.WarningIcon(), c.onTargeted)
	hide := widget.NewButtonWithIcon(lang.L("Hide"), theme.VisibilityOffIcon(), func() { c.cover(true) })

	// The phase's sentence goes under the energy, the full width: beside
	// it, on a phone, it had a word a line and ran over the console.
	top := container.NewVBox(container.NewBorder(nil, nil, c.energy, hide), c.phase)
	left := container.NewVBox(widget.NewLabelWithStyle(lang.L("Console"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), c.slots,
		widget.NewLabelWithStyle(lang.L("Anomalies on the console"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), c.anomalies)
	right := container.NewVBox(widget.NewLabelWithStyle(lang.L("Hand"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), c.hand, c.targeted)
	split := kit.NewScrollSplit(0.45, left, right)
	console := container.New(kit.TwoPass{Inner: layout.NewBorderLayout(top, c.endPhase, nil, nil)}, top, c.endPhase, split)

	c.pinEntry = kit.NewPINEntry()
	c.pinEntry.SetPlaceHolder(lang.L("PIN"))
	c.pinEntry.OnSubmitted = func(string) { c.tryPIN() }
	c.slide = kit.NewSlideLock(lang.L("Slide to the right to show"), func() { c.cover(false) })
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	c.coverBox = container.NewStack(bg, container.NewCenter(container.NewVBox(
		widget.NewLabelWithStyle(lang.L("ADELE's console is hidden"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true}),
		container.NewGridWrap(fyne.NewSize(320, 48), c.slide),
		container.NewGridWrap(fyne.NewSize(320, 40), c.pinEntry))))
	c.content = container.NewStack(console, c.coverBox)
	return c
}

// touch keeps the console open: ADELE is using it.
func (c *adeleConsole) touch() { c.lastTouch = c.u.Clock().Now() }

// cover hides (true) or shows (false) the console.
func (c *adeleConsole) cover(on bool) {
	c.covered = on
	if on {
		c.coverBox.Show()
	} else {
		c.coverBox.Hide()
	}
	c.pinEntry.SetText("")
	c.coverBox.Refresh()
	if !on {
		c.touch()
		if c.wake != nil {
			c.wake() // so the idle cover is timed from now
		}
	}
}

func (c *adeleConsole) tryPIN() {
	if c.st != nil && c.st.PIN != "" && c.pinEntry.Text == c.st.PIN {
		c.cover(false)
		return
	}
	c.pinEntry.SetText("")
	c.u.ShowError(kit.ErrWrongPIN)
}

// render draws ADELE's secrets and returns when the idle cover is due.
func (c *adeleConsole) render(st *ad.State, now time.Time) (time.Duration, bool) {
	c.st = st
	withPIN := st.PIN != ""
	c.pinEntry.Hidden, c.slide.Hidden = !withPIN, withPIN
	if !c.covered && now.Sub(c.lastTouch) >= coverAfter {
		c.cover(true)
	}
	key, _ := json.Marshal(st)
	if string(key) != c.shown {
		c.shown = string(key)
		c.draw(st)
	}
	if c.covered {
		return 0, false
	}
	return c.lastTouch.Add(coverAfter).Sub(now), true
}

func (c *adeleConsole) draw(st *ad.State) {
	kit.SetCanvasText(c.energy, lang.L("{{.Energy}} energy", map[string]any{"Energy": st.Energy}))
	kit.SetLabel(c.phase, phaseText(st))
	canAct := st.EmergencyDone && !st.AdeleDone && !st.Over()
	c.drawSlots(st)
	c.drawHand(st, canAct)
	c.drawAnomalies(st, canAct)
	c.targeted.Hidden = !(slices.Contains(st.InPlay, ad.TargetedAttack) && canAct && !st.TargetedDone)
	c.refreshEndPhase(canAct)
}

// phaseText says where ADELE's phase stands, and where drawn obstacles
// found no free slot.
func phaseText(st *ad.State) string {
	phase := ""
	switch {
	case st.Over():
		phase = lang.L("The game is over.")
	case !st.EmergencyDone:
		phase = lang.L("Waiting for the emergency phase. Your cards are played after it.")
	case !st.AdeleDone:
		phase = lang.L("Your phase: play cards and bring anomalies into play. Ending it, you draw to 4, gain energy and draw obstacles.")
	default:
		phase = lang.L("Your phase is over; the next obstacles are on the console.")
	}
	if st.BackInBag > 0 {
		phase += " " + lang.L("{{.N}} drawn obstacle(s) found no free slot and went back into the bag.", map[string]any{"N": st.BackInBag})
	}
	return phase
}

// drawSlots draws the console's slots, a row for each obstacle type.
func (c *adeleConsole) drawSlots(st *ad.State) {
	var rows []fyne.CanvasObject
	console := st.ConsoleData()
	for _, t := range ad.ObstacleTypes {
		var cells []fyne.CanvasObject
		for i, cost := range console.Slots[t] {
			cells = append(cells, slotCell(cost, i < st.Console[t]))
		}
		name := widget.NewLabel(obstacleName(t))
		rows = append(rows, container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSize(150, name.MinSize().Height), name), nil, container.NewHBox(cells...)))
	}
	c.slots.Objects = rows
	c.slots.Refresh()
}

// drawHand draws ADELE's hand, forgetting the discards chosen of cards no
// longer in it.
func (c *adeleConsole) drawHand(st *ad.State, canAct bool) {
	for id := range c.discard {
		if !slices.Contains(st.Hand, id) {
			delete(c.discard, id)
		}
	}
	var cards []fyne.CanvasObject
	for _, id := range st.Hand {
		card, _ := st.Data().Card(id)
		cards = append(cards, c.handCard(card, canAct))
	}
	// Cards of one size, as many to a row as the width takes: two on a
	// phone, four on a tablet.
	cell := fyne.NewSize(170, 0)
	for i, shown := range cards {
		cell = cell.Max(shown.MinSize())
		if card, _ := st.Data().Card(st.Hand[i]); card.Special() {
			cell.Height = max(cell.Height, shown.MinSize().Height+wrappedExtra(card.Text, cell.Width))
		}
	}
	c.hand.Layout = layout.NewGridWrapLayout(cell)
	c.hand.Objects = cards
	c.hand.Refresh()
}

// drawAnomalies lists the anomalies on the console, each with the button
// that brings it into play where the rules allow it now.
func (c *adeleConsole) drawAnomalies(st *ad.State, canAct bool) {
	var anomalies []fyne.CanvasObject
	for _, id := range st.Anomalies {
		a, _ := st.Data().Anomaly(id)
		bring := widget.NewButton(lang.L("Bring into play (5)"), func() { c.onAnomaly(a) })
		if !canAct || !st.CanBringAnomaly(id) {
			bring.Disable() // refused now: a sector without an obstacle, or too little energy
		}
		text := widget.NewLabel(fmt.Sprintf("%s — %s", anomalyName(a.ID), sectorList(a.Sectors)))
		text.Wrapping = fyne.TextWrapWord
		anomalies = append(anomalies, container.NewBorder(nil, nil, nil, bring, text))
	}
	c.anomalies.Objects = anomalies
	c.anomalies.Refresh()
}

func (c *adeleConsole) refreshEndPhase(canAct bool) {
	n := len(c.discard)
	// Short enough for a phone's width; what ending does is said above.
	text := lang.L("End ADELE's phase")
	if n > 0 {
		text = lang.L("Discard {{.N}} and end ADELE's phase", map[string]any{"N": n})
	}
	c.endPhase.SetText(text)
	if canAct {
		c.endPhase.Enable()
	} else {
		c.endPhase.Disable()
	}
}

// wrappedExtra is the height a special card's text needs beyond the one
// line a wrapping label asks for before it has been laid out, in a card
// w wide: its lines at the caption size, counted on the text's width.
func wrappedExtra(text string, w float32) float32 {
	th := fyne.CurrentApp().Settings().Theme()
	size := th.Size(theme.SizeNameCaptionText)
	pad := th.Size(theme.SizeNamePadding)*2 + th.Size(theme.SizeNameInnerPadding)*2
	line := fyne.MeasureText(text, size, fyne.TextStyle{})
	lines := math.Ceil(float64(line.Width/max(1, w-pad))) + 1 // a word that does not fit breaks early
	return float32(lines-1) * line.Height
}

// slotCell is one console slot with its cost, filled when an obstacle is on it.
func slotCell(cost int, filled bool) fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Transparent)
	bg.StrokeColor = theme.Color(theme.ColorNameForeground)
	bg.StrokeWidth = 1
	bg.CornerRadius = 4
	txt := canvas.NewText(strconv.Itoa(cost), theme.Color(theme.ColorNameForeground))
	if filled {
		bg.FillColor = theme.Color(theme.ColorNamePrimary)
		txt.Color = theme.Color(theme.ColorNameForegroundOnPrimary)
		txt.TextStyle.Bold = true
	}
	return container.NewGridWrap(fyne.NewSize(40, 36), container.NewStack(bg, container.NewCenter(txt)))
}

// handCard draws an ADELE card with its rooms (or its special text), a
// Play button and the choice to discard it at the end of the phase.
func (c *adeleConsole) handCard(card ad.Card, canAct bool) fyne.CanvasObject {
	bg := canvas.NewRectangle(kit.CardPaper)
	bg.CornerRadius = 10
	bg.StrokeColor = kit.CardInk
	bg.StrokeWidth = 2
	var face []fyne.CanvasObject
	if card.Special() {
		// A default card's name and text are in the translations; an
		// owner's own card shows as written.
		face = append(face, kit.InkText(lang.L(card.Name), 15, true), kit.InkText(lang.L("Cost {{.Cost}}", map[string]any{"Cost": card.Cost}), 13, false))
		text := widget.NewLabel(lang.L(card.Text))
		text.Wrapping = fyne.TextWrapWord
		text.SizeName = theme.SizeNameCaptionText
		// Card paper is light in either theme, so its text is drawn light-themed.
		face = append(face, container.NewThemeOverride(text, kit.ThemeFor("light")))
	} else {
		rooms := kit.InkText(fmt.Sprintf("%d · %d", card.Rooms[0], card.Rooms[1]), 30, true)
		rooms.Alignment = fyne.TextAlignCenter
		face = append(face, kit.InkText(lang.L("Rooms"), 12, false), rooms)
	}
	if card.Marked {
		face = append(face, kit.InkText("!", 14, true))
	}
	play := widget.NewButton(lang.L("Play"), func() { c.onPlay(card) })
	play.Importance = widget.HighImportance
	playable := canAct
	if _, places := card.Placement(); card.Special() && places && canAct && len(c.st.SpecialOptions(card.ID)) == 0 {
		playable = false // its rule allows nothing now: say so on the card
		face = append(face, kit.InkText(lang.L("Nothing to place now"), 12, true))
	}
	if !playable {
		play.Disable()
	}
	discard := widget.NewCheck(lang.L("Discard"), nil)
	discard.SetChecked(c.discard[card.ID])
	discard.OnChanged = func(on bool) {
		c.touch()
		if on {
			c.discard[card.ID] = true
		} else {
			delete(c.discard, card.ID)
		}
		c.refreshEndPhase(canAct)
	}
	return container.NewBorder(nil, container.NewVBox(play, discard), nil, nil,
		container.NewStack(bg, container.NewPadded(container.NewVBox(face...))))
}

func (c *adeleConsole) onEndPhase() {
	var ids []string
	for _, id := range c.st.Hand {
		if c.discard[id] {
			ids = append(ids, id)
		}
	}
	c.dispatch(&ad.EndPhase{Discard: ids})
}

// onPlay asks where a card's obstacle goes, then plays it.
func (c *adeleConsole) onPlay(card ad.Card) {
	c.touch()
	if _, places := card.Placement(); card.Special() && !places {
		dialog.ShowConfirm(lang.L(card.Name), lang.L("Play this card for {{.Cost}} energy?", map[string]any{"Cost": card.Cost}), func(ok bool) {
			if ok {
				c.dispatch(&ad.PlaySpecial{Card: card.ID})
			}
		}, c.u.Win())
		return
	}
	if card.Special() {
		c.askPlacement(lang.L(card.Name), lang.L("Play"), c.st.SpecialOptions(card.ID), func(p ad.Placed) {
			c.dispatch(&ad.PlaySpecial{Card: card.ID, Room: p.Room, Type: p.Type, Spot: p.Spot})
		})
		return
	}
	c.askPlacement(lang.L("Place an obstacle"), lang.L("Play"), consoleOptions(c.st, card.Rooms), func(p ad.Placed) {
		c.dispatch(&ad.PlayCard{Card: card.ID, Room: p.Room, Type: p.Type, Spot: p.Spot})
	})
}

// consoleOptions offers every obstacle type on ADELE's console in rooms.
func consoleOptions(st *ad.State, rooms []int) []ad.Option {
	var out []ad.Option
	for _, t := range ad.ObstacleTypes {
		if _, ok := st.Cost(t); ok {
			out = append(out, ad.Option{Type: t, Rooms: rooms})
		}
	}
	return out
}

func (c *adeleConsole) onTargeted() {
	c.touch()
	cur, _ := c.st.Current()
	card, _ := c.st.Data().Emergency(cur.Card)
	var rooms []int
	for r := 1; r <= ad.Rooms; r++ {
		if c.st.ShipData().Sector(r) == card.Sector {
			rooms = append(rooms, r)
		}
	}
	c.askPlacement(lang.L("Targeted attack"), lang.L("Place"), consoleOptions(c.st, rooms), func(p ad.Placed) {
		c.dispatch(&ad.Targeted{Room: p.Room, Type: p.Type, Spot: p.Spot})
	})
}

// askPlacement asks which of opts to place where, and hands the choice to
// place. The form scrolls where the window is too low for it, so that the
// buttons are always in view.
func (c *adeleConsole) askPlacement(title, confirm string, opts []ad.Option, place func(ad.Placed)) {
	if len(opts) == 0 {
		dialog.ShowInformation(title, lang.L("There is nothing this card can place now."), c.u.Win())
		return
	}
	f := newPlacementForm(c.st, opts)
	body := container.NewVScroll(f.content)
	body.SetMinSize(fyne.NewSize(f.content.MinSize().Width, min(f.content.MinSize().Height, c.u.Win().Canvas().Size().Height-240)))
	d := dialog.NewCustomConfirm(title, confirm, lang.L("Cancel"), body, func(ok bool) {
		if !ok {
			return
		}
		p, err := f.placed()
		if err != nil {
			c.u.ShowError(err)
			return
		}
		place(p)
	}, c.u.Win())
	d.Show()
}

// onAnomaly asks which placed obstacle leaves each required sector.
func (c *adeleConsole) onAnomaly(a ad.Anomaly) {
	c.touch()
	f := newAnomalyForm(c.st, a)
	dialog.ShowCustomConfirm(anomalyName(a.ID), lang.L("Bring into play"), lang.L("Cancel"), f.content, func(ok bool) {
		if ok {
			c.dispatch(f.action())
		}
	}, c.u.Win())
}

// placementForm asks for an obstacle type on the console with its cost
// (named, not asked, when only one is allowed), a room the rule allows for
// it, and for a locked door the room it faces or for a computer failure
// whether it goes on the room's terminal.
type placementForm struct {
	content  fyne.CanvasObject
	typ      *widget.RadioGroup
	room     *widget.RadioGroup // a few rooms: one tap each
	rooms    *widget.Select     // many rooms: a list
	door     *widget.Select
	terminal *widget.Check
	types    map[string]string // label → type
	opts     []ad.Option
	st       *ad.State
}

// fewRooms is the most rooms offered as buttons side by side.
const fewRooms = 5

func newPlacementForm(st *ad.State, opts []ad.Option) *placementForm {
	f := &placementForm{types: map[string]string{}, opts: opts, st: st}
	if len(opts) == 0 {
		f.content = widget.NewLabel(lang.L("There is nothing this card can place now."))
		return f
	}
	var typeLabels []string
	for _, o := range opts {
		cost, _ := st.Cost(o.Type)
		l := lang.L("{{.Obstacle}} — {{.Cost}} energy", map[string]any{"Obstacle": obstacleName(o.Type), "Cost": cost})
		f.types[l] = o.Type
		typeLabels = append(typeLabels, l)
	}
	f.typ = widget.NewRadioGroup(typeLabels, nil)
	f.room = widget.NewRadioGroup(nil, nil)
	f.room.Horizontal = true
	f.rooms = widget.NewSelect(nil, nil)
	f.rooms.PlaceHolder = lang.L("Choose a room")
	f.door = widget.NewSelect(nil, nil)
	f.door.PlaceHolder = lang.L("The room behind the door")
	f.terminal = widget.NewCheck(lang.L("On the terminal, not the computer"), nil)
	f.typ.OnChanged = func(string) { f.offerRooms() }
	f.room.OnChanged = func(string) { f.update() }
	f.rooms.OnChanged = func(string) { f.update() }

	obstacle := fyne.CanvasObject(f.typ)
	if len(typeLabels) == 1 { // the card names it: nothing to choose
		obstacle = widget.NewLabelWithStyle(typeLabels[0], fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	f.content = container.NewVBox(widget.NewLabel(lang.L("Obstacle")), obstacle,
		widget.NewLabel(lang.L("Room")), f.room, f.rooms, f.door, f.terminal)
	f.typ.SetSelected(typeLabels[0])
	return f
}

// offerRooms offers the rooms the chosen type may go in, the first chosen.
func (f *placementForm) offerRooms() {
	var labels []string
	for _, o := range f.opts {
		if o.Type == f.types[f.typ.Selected] {
			for _, r := range o.Rooms {
				labels = append(labels, strconv.Itoa(r))
			}
		}
	}
	few := len(labels) <= fewRooms
	f.room.Hidden, f.rooms.Hidden = !few, few
	f.room.Options, f.rooms.Options = labels, labels
	f.room.Selected, f.rooms.Selected = "", ""
	if len(labels) > 0 {
		f.room.SetSelected(labels[0])
		f.rooms.SetSelected(labels[0])
	}
	f.room.Refresh()
	f.rooms.Refresh()
	f.update()
}

// update shows the door and terminal questions where they apply.
func (f *placementForm) update() {
	t := f.types[f.typ.Selected]
	room := f.selectedRoom()
	f.door.Hidden = t != ad.DoorLocked
	if !f.door.Hidden {
		var others []string
		next := f.st.ShipData().Adjacent(room)
		for r := 1; r <= ad.Rooms; r++ {
			if r != room && (len(next) == 0 || slices.Contains(next, r)) {
				others = append(others, strconv.Itoa(r))
			}
		}
		f.door.Options = others
		if !slices.Contains(others, f.door.Selected) {
			f.door.ClearSelected()
		}
	}
	f.terminal.Hidden = t != ad.ComputerFailure || f.st.ShipData().Terminal(room) == ""
	if f.content != nil {
		f.content.Refresh()
	}
}

func (f *placementForm) selectedRoom() int {
	sel := f.room.Selected
	if f.room.Hidden {
		sel = f.rooms.Selected
	}
	r, _ := strconv.Atoi(sel)
	return r
}

// placed is the placement chosen in the form.
func (f *placementForm) placed() (ad.Placed, error) {
	if f.typ == nil {
		return ad.Placed{}, kit.ErrChooseRoomAndObstacle
	}
	room := f.selectedRoom()
	t, ok := f.types[f.typ.Selected]
	if room == 0 || !ok {
		return ad.Placed{}, kit.ErrChooseRoomAndObstacle
	}
	p := ad.Placed{Room: room, Type: t}
	switch {
	case t == ad.DoorLocked:
		if f.door.Selected == "" {
			return p, ad.ErrDoor
		}
		p.Spot = "door:" + f.door.Selected
	case t == ad.ComputerFailure && !f.terminal.Hidden && f.terminal.Checked:
		p.Spot = "terminal"
	}
	return p, nil
}

// anomalyForm chooses one placed obstacle from each sector an anomaly needs.
type anomalyForm struct {
	content fyne.CanvasObject
	anomaly string
	picks   []*widget.Select
	options []map[string]ad.Placed
}

func newAnomalyForm(st *ad.State, a ad.Anomaly) *anomalyForm {
	f := &anomalyForm{anomaly: a.ID}
	rows := []fyne.CanvasObject{widget.NewLabel(lang.L("Remove one obstacle from each sector and pay 5 energy."))}
	sh := st.ShipData()
	for _, sector := range a.Sectors {
		opts := map[string]ad.Placed{}
		var labels []string
		for _, p := range st.Placed {
			in := sh.Sector(p.Room) == sector
			var other int
			if _, err := fmt.Sscanf(p.Spot, "door:%d", &other); err == nil && sh.Sector(other) == sector {
				in = true
			}
			if in {
				l := lang.L("Room {{.Room}}: {{.Obstacle}}", map[string]any{"Room": p.Room, "Obstacle": placedName(p)})
				opts[l] = p
				labels = append(labels, l)
			}
		}
		sel := widget.NewSelect(labels, nil)
		sel.PlaceHolder = lang.L("No obstacle in this sector")
		if len(labels) > 0 {
			sel.PlaceHolder = lang.L("Choose an obstacle")
			sel.SetSelectedIndex(0)
		}
		f.picks = append(f.picks, sel)
		f.options = append(f.options, opts)
		rows = append(rows, container.NewBorder(nil, nil, widget.NewLabel(sectorName(sector)), nil, sel))
	}
	f.content = container.NewVBox(rows...)
	return f
}

func (f *anomalyForm) action() *ad.BringAnomaly {
	act := &ad.BringAnomaly{Anomaly: f.anomaly}
	for i, sel := range f.picks {
		if p, ok := f.options[i][sel.Selected]; ok {
			act.Remove = append(act.Remove, p)
		}
	}
	return act
}

// describeAdele is a history line. ADELE's own moves are told without
// their secrets, so the history can be shown at the table.
func describeAdele(e companion.Entry) string {
	switch e.Kind {
	case "recordPlay":
		return lang.L("Play recorded")
	case "setUp":
		return lang.L("Game set up")
	case "playCard", "playSpecial", "targeted":
		var p ad.PlayCard
		_ = json.Unmarshal(e.Data, &p)
		return lang.L("ADELE placed an obstacle in room {{.Room}}", map[string]any{"Room": p.Room})
	case "bringAnomaly":
		var b ad.BringAnomaly
		_ = json.Unmarshal(e.Data, &b)
		return lang.L("ADELE brought {{.Anomaly}} into play", map[string]any{"Anomaly": anomalyName(b.Anomaly)})
	case "endPhase":
		return lang.L("ADELE ended her phase")
	case "emergency":
		return lang.L("Emergency phase")
	case "alarmTerminal":
		return lang.L("An alarm terminal averted the next emergency")
	case "removeObstacle":
		return lang.L("The crew removed an obstacle")
	case "removeImpact":
		return lang.L("The crew removed an impact marker")
	case "commandTerminal":
		return lang.L("Command terminal: no-return marker down")
	case "endRound":
		return lang.L("End of round")
	case "rollD20":
		return lang.L("D20 rolled")
	case "finish":
		return lang.L("Game over")
	}
	return e.Kind
}
