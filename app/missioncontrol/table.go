package missioncontrol

import (
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
	"boardside/companion"
	mc "boardside/companion/missioncontrol"
)

// mcTable is the part of the Mission Control screen beside or under the
// timer: the turn (dice, AI card, locks), the unlock deck and the
// half-valve bag, each a tab; and the turn's two main actions, Roll and
// Next turn, which the screen keeps at its foot.
type mcTable struct {
	dispatch func(companion.Action)
	// relayout lays the screen out again, when a tab's height changed: the
	// tabs sit in the screen's one scroll.
	relayout func()
	tabs     *container.AppTabs
	bagTab   *container.TabItem
	// Each tab lays out again on its own when something in it is shown or
	// hidden: refreshing the whole screen re-renders every icon.
	turnArea, unlockArea, bagArea fyne.CanvasObject
	turnVis, unlockVis, bagVis    kit.Visibility

	turn      *widget.Label
	dice      [3]*widget.Label
	diceBg    [3]*canvas.Rectangle
	realDice  fyne.CanvasObject // the row to tap in the dice rolled at the table
	diceIn    [3]*widget.Select
	canSet    bool // dice may be set now: playing, not yet rolled this turn
	roll      *widget.Button
	useDice   *widget.Button
	forced    *widget.Label
	aiCard    *fyne.Container
	shownCard string // ID of the AI card drawn in aiCard
	aiSource  *widget.Label
	locks     map[string]*widget.Button
	allLocked *widget.Label
	nextTurn  *widget.Button

	unlockTop    *fyne.Container
	unlockSource *widget.Label
	shownUnlock  string
	unlockLeft   *widget.Label
	reveal       *widget.Button
	peek         *widget.Button
	peekRow      *fyne.Container
	choose       []*widget.Button // "Put this on top", one for each peeked card
	peekShown    string
	revealedList *widget.Label

	bagCounts  *widget.Label
	drawBlind  *widget.Button
	take       map[string]*widget.Button
	starDraw   *widget.Button
	starBox    fyne.CanvasObject
	starValve  *widget.Label
	starRemove *widget.Button
	starReturn *widget.Button
	taken      *widget.Label
}

var valveColours = []string{"black", "white", "red"}

func newMCTable(dispatch func(companion.Action), relayout func()) *mcTable {
	t := &mcTable{dispatch: dispatch, relayout: relayout, locks: map[string]*widget.Button{}, take: map[string]*widget.Button{}}
	t.buildTurn()
	t.buildUnlocks()
	t.buildBag()
	t.bagTab = container.NewTabItemWithIcon(lang.L("Half-valves"), theme.StorageIcon(), newTabPage(t.bagArea))
	t.tabs = container.NewAppTabs(
		// Icons also make a phone's tabs (icon above words) a finger high.
		container.NewTabItemWithIcon(lang.L("Turn"), theme.MediaReplayIcon(), newTabPage(t.turnArea)),
		container.NewTabItemWithIcon(lang.L("Unlocks"), theme.VisibilityIcon(), newTabPage(t.unlockArea)),
		t.bagTab,
	)
	t.tabs.OnSelected = func(*container.TabItem) { t.relayout() } // another page, another height
	return t
}

// buildTurn makes the Turn tab: the dice, the row to tap in real dice,
// the dice to keep, the AI card, a Locked! button for each role, and Roll
// and Next turn, which the screen shows at its foot.
func (t *mcTable) buildTurn() {
	t.turn = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	diceRow := t.buildDice()
	t.roll = widget.NewButtonWithIcon(lang.L("Roll 3 dice"), theme.ViewRefreshIcon(), func() { t.dispatch(&mc.RollDice{}) })
	t.roll.Importance = widget.HighImportance
	t.useDice = widget.NewButton(lang.L("Use these dice"), t.onUseDice)
	t.useDice.Disable() // until each die is set
	t.forced = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.forced.Wrapping = fyne.TextWrapWord
	t.aiCard = container.NewStack()
	t.aiSource = widget.NewLabel("")
	t.aiSource.TextStyle = fyne.TextStyle{Italic: true}
	t.aiSource.Wrapping = fyne.TextWrapWord
	var lockRow []fyne.CanvasObject
	for _, r := range mc.ControlRoles {
		b := widget.NewButton(lang.L("{{.City}} Locked!", map[string]any{"City": roleName(r)}), func() { t.dispatch(&mc.Lock{Role: r}) })
		t.locks[r] = b
		lockRow = append(lockRow, b)
	}
	t.allLocked = widget.NewLabelWithStyle(lang.L("Mission Control is Locked!"), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	t.nextTurn = widget.NewButtonWithIcon(lang.L("Next turn"), theme.NavigateNextIcon(), func() { t.dispatch(&mc.NextTurn{}) })
	t.nextTurn.Importance = widget.HighImportance
	t.realDice = kit.NewFoldRow(widget.NewLabel(lang.L("Real dice:")), container.NewHBox(t.diceIn[0], t.diceIn[1], t.diceIn[2]), t.useDice)
	// No scroll of its own: the turn, the card under the dice, is in the
	// screen's scroll; an inner one left the card a strip on a phone.
	t.turnArea = container.NewVBox(
		container.NewHBox(diceRow...), t.realDice,
		t.forced, t.aiCard, t.aiSource,
		container.New(&kit.FoldGrid{}, lockRow...), t.allLocked,
	)
}

// buildDice makes the turn's number and its three dice, as a row, and a
// choice for each die rolled at the table.
func (t *mcTable) buildDice() []fyne.CanvasObject {
	diceRow := []fyne.CanvasObject{container.NewCenter(t.turn)}
	for i := range 3 {
		t.dice[i] = widget.NewLabelWithStyle("–", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		t.dice[i].SizeName = theme.SizeNameHeadingText
		t.diceBg[i] = canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
		t.diceBg[i].CornerRadius = 8
		diceRow = append(diceRow, container.NewGridWrap(fyne.NewSize(64, 64), container.NewStack(t.diceBg[i], t.dice[i])))
		t.diceIn[i] = widget.NewSelect([]string{"1", "2", "3", "4", "5", "6"}, func(string) { t.enableUseDice() })
		t.diceIn[i].PlaceHolder = "?"
	}
	return diceRow
}

// buildUnlocks makes the Unlocks tab: the top card, the cards left,
// Reveal and the star's look at the top two, the cards looked at, and
// those revealed so far.
func (t *mcTable) buildUnlocks() {
	t.unlockTop = container.NewStack()
	t.unlockLeft = widget.NewLabel("")
	t.reveal = widget.NewButtonWithIcon(lang.L("Reveal the top card"), theme.VisibilityIcon(), func() { t.dispatch(&mc.RevealUnlock{}) })
	t.reveal.Importance = widget.HighImportance
	t.peek = widget.NewButtonWithIcon(lang.L("Star: look at the top 2"), theme.SearchIcon(), func() { t.dispatch(&mc.PeekUnlock{}) })
	t.peekRow = container.NewGridWithRows(1)
	t.revealedList = widget.NewLabel("")
	t.revealedList.Wrapping = fyne.TextWrapWord
	t.unlockSource = widget.NewLabel("")
	t.unlockSource.TextStyle = fyne.TextStyle{Italic: true}
	t.unlockSource.Wrapping = fyne.TextWrapWord
	t.unlockArea = container.NewVBox(
		container.NewGridWrap(fyne.NewSize(320, 150), t.unlockTop), t.unlockSource,
		t.unlockLeft, container.NewGridWithRows(1, t.reveal, t.peek), t.peekRow, t.revealedList)
}

// buildBag makes the Half-valves tab: what is in the bag, drawing blind,
// taking a colour, the star's draw to remove or return, and what the
// astronaut took.
func (t *mcTable) buildBag() {
	t.bagCounts = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.drawBlind = widget.NewButtonWithIcon(lang.L("Draw blind"), theme.HelpIcon(), func() { t.dispatch(&mc.DrawValve{}) })
	t.drawBlind.Importance = widget.HighImportance
	var takeRow []fyne.CanvasObject
	for _, c := range valveColours {
		b := widget.NewButton(lang.L("Take {{.Colour}}", map[string]any{"Colour": lang.L(kit.Capitalise(c))}), func() { t.dispatch(&mc.TakeValve{Colour: c}) })
		t.take[c] = b
		takeRow = append(takeRow, b)
	}
	t.starDraw = widget.NewButton(lang.L("Star: draw to remove or return"), func() { t.dispatch(&mc.StarDraw{}) })
	t.starValve = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	t.starRemove = widget.NewButton(lang.L("Remove from the game"), func() { t.dispatch(&mc.StarDecide{Remove: true}) })
	t.starReturn = widget.NewButton(lang.L("Put it back"), func() { t.dispatch(&mc.StarDecide{Remove: false}) })
	t.starBox = container.NewVBox(t.starValve, container.NewGridWithRows(1, t.starRemove, t.starReturn))
	t.taken = widget.NewLabel("")
	t.taken.Wrapping = fyne.TextWrapWord
	t.bagArea = container.NewVBox(
		t.bagCounts, t.drawBlind,
		widget.NewLabel(lang.L("Look in and choose:")), container.NewGridWithRows(1, takeRow...),
		widget.NewSeparator(), t.starDraw, t.starBox, t.taken)
}

// enableUseDice enables "Use these dice" once each die is set, while dice
// may be set.
func (t *mcTable) enableUseDice() {
	set := t.canSet
	for _, s := range t.diceIn {
		set = set && s.Selected != ""
	}
	kit.Enable(set, t.useDice)
}

func (t *mcTable) onUseDice() {
	var vals []int
	for _, s := range t.diceIn {
		v, err := strconv.Atoi(s.Selected)
		if err != nil {
			t.dispatch(&mc.SetDice{}) // refused with the plain reason
			return
		}
		vals = append(vals, v)
	}
	t.dispatch(&mc.SetDice{Values: vals})
	for _, s := range t.diceIn {
		s.ClearSelected()
	}
	t.enableUseDice()
}

// render shows st, the table part of the state; once the game has ended
// (playing is false) every action is refused, so no button offers one.
func (t *mcTable) render(st *mc.State, playing bool) {
	t.renderTurn(st, playing, &t.turnVis)
	t.renderUnlocks(st, playing, &t.unlockVis)
	t.renderBag(st, playing, &t.bagVis)
	changed := t.turnVis.Changed || t.unlockVis.Changed || t.bagVis.Changed
	t.turnVis.Apply(t.turnArea)
	t.unlockVis.Apply(t.unlockArea)
	t.bagVis.Apply(t.bagArea)
	if changed {
		t.relayout()
	}
}

func (t *mcTable) renderTurn(st *mc.State, playing bool, vis *kit.Visibility) {
	kit.SetLabel(t.turn, lang.L("Turn {{.Turn}}", map[string]any{"Turn": st.Turn}))
	forced := st.ForcedDice()
	t.renderDice(st, forced)
	rolled := len(st.Dice) > 0
	t.canSet = playing && !rolled
	kit.Enable(t.canSet, t.roll)
	t.enableUseDice()
	for _, in := range t.diceIn {
		if t.canSet {
			in.Enable()
		} else {
			in.Disable()
		}
	}
	// Once the dice are in, the row to set them goes: the card takes its room.
	vis.Set(t.canSet, t.realDice)
	kit.SetLabel(t.forced, forcedText(forced))
	vis.Set(len(forced) > 0, t.forced)
	t.renderAICard(st, vis)
	t.renderLocks(st, playing && rolled, vis)
	// Next turn keeps its place beside Roll, enabled once Mission Control
	// is locked: it never appears where Roll was just tapped.
	vis.Set(st.AllLocked(), t.allLocked)
	kit.Enable(playing && st.AllLocked(), t.nextTurn)
}

// renderDice shows the dice rolled, those that must be kept on a warning
// colour.
func (t *mcTable) renderDice(st *mc.State, forced []mc.Forced) {
	for i := range 3 {
		text, hot := "–", false
		if i < len(st.Dice) {
			text = strconv.Itoa(st.Dice[i])
			hot = slices.ContainsFunc(forced, func(f mc.Forced) bool { return f.Value == st.Dice[i] })
		}
		kit.SetLabel(t.dice[i], text)
		want := theme.Color(theme.ColorNameInputBackground)
		if hot {
			want = theme.Color(theme.ColorNameWarning)
		}
		if t.diceBg[i].FillColor != want {
			t.diceBg[i].FillColor = want
			t.diceBg[i].Refresh()
		}
	}
}

// renderAICard draws the turn's AI card when it is another than the one
// drawn, and says when its deck is not the printed one.
func (t *mcTable) renderAICard(st *mc.State, vis *kit.Visibility) {
	card, ok := st.AICard()
	if !ok {
		card.ID = ""
	}
	if card.ID != t.shownCard {
		// A card replacing a card has the same size (the AI roles are fixed
		// for the game): only its appearing or going needs a new layout.
		if (card.ID == "") != (t.shownCard == "") {
			vis.Changed = true
		}
		t.shownCard = card.ID
		t.aiCard.Objects = nil
		if ok {
			t.aiCard.Objects = []fyne.CanvasObject{newAICard(card, st.AIRoles)}
			t.tabs.SelectIndex(0) // a new card: the turn shows it
		}
		t.aiCard.Refresh()
	}
	kit.SetLabel(t.aiSource, defaultNote())
	vis.Set(ok && st.Data().AIDeck.Source != kit.OwnSource, t.aiSource)
}

// renderLocks shows a Locked! button for each role the players play,
// ticked once locked; canLock is whether a role may be locked now.
func (t *mcTable) renderLocks(st *mc.State, canLock bool, vis *kit.Visibility) {
	for r, b := range t.locks {
		human := !slices.Contains(st.AIRoles, r)
		vis.Set(human, b)
		locked := slices.Contains(st.Locked, r)
		// A locked role says so with a tick, not by a greyed button alone
		// (a button is grey before the roll too).
		text := lang.L("{{.City}} Locked!", map[string]any{"City": roleName(r)})
		if locked {
			text = "✓ " + text
		}
		if b.Text != text {
			b.SetText(text)
		}
		kit.Enable(canLock && !locked, b)
	}
}

func (t *mcTable) renderUnlocks(st *mc.State, playing bool, vis *kit.Visibility) {
	top := ""
	if revealed := st.RevealedUnlocks(); len(revealed) > 0 {
		top = revealed[len(revealed)-1].Kind
		var names []string
		for _, c := range revealed {
			text, _, _ := unlockLook(c.Kind)
			names = append(names, text)
		}
		kit.SetLabel(t.revealedList, lang.L("Revealed so far: {{.Cards}}", map[string]any{"Cards": strings.Join(names, " · ")}))
	} else {
		kit.SetLabel(t.revealedList, "")
	}
	showUnlockCard(t.unlockTop, &t.shownUnlock, top, 22)
	kit.SetLabel(t.unlockSource, defaultNote())
	vis.Set(st.Data().UnlockDeck.Source != kit.OwnSource, t.unlockSource)
	kit.SetLabel(t.unlockLeft, lang.L("Unlock cards left: {{.Count}}", map[string]any{"Count": len(st.Unlock.Draw)}))
	peeking := len(st.Peeking) > 0
	kit.Enable(playing && !peeking && len(st.Unlock.Draw) > 0, t.reveal, t.peek)
	if key := strings.Join(st.Peeking, ","); key != t.peekShown {
		t.peekShown = key
		t.peekRow.Objects, t.choose = nil, nil
		for _, id := range st.Peeking {
			c, _ := st.Data().UnlockCard(id)
			choose := widget.NewButton(lang.L("Put this on top"), func() { t.dispatch(&mc.ArrangeUnlock{Top: id}) })
			t.choose = append(t.choose, choose)
			t.peekRow.Objects = append(t.peekRow.Objects, container.NewBorder(nil, choose, nil, nil,
				container.NewGridWrap(fyne.NewSize(200, 110), newUnlockCard(c.Kind, 16))))
		}
		t.peekRow.Refresh()
		vis.Changed = true
	}
	kit.Enable(playing, t.choose...)
}

func (t *mcTable) renderBag(st *mc.State, playing bool, vis *kit.Visibility) {
	if st.PhysicalBag {
		if len(t.tabs.Items) == 3 {
			t.tabs.Remove(t.bagTab)
		}
	} else if len(t.tabs.Items) == 2 {
		t.tabs.Append(t.bagTab)
	}
	kit.SetLabel(t.bagCounts, lang.L("In the bag: {{.Black}} black, {{.White}} white, {{.Red}} red",
		map[string]any{"Black": st.Bag.In["black"], "White": st.Bag.In["white"], "Red": st.Bag.In["red"]}))
	star := st.StarValve != ""
	kit.Enable(playing && !star && st.Bag.Len() > 0, t.drawBlind, t.starDraw)
	for c, b := range t.take {
		kit.Enable(playing && !star && st.Bag.In[c] > 0, b)
	}
	kit.Enable(playing, t.starRemove, t.starReturn)
	vis.Set(star, t.starBox)
	if star {
		kit.SetLabel(t.starValve, lang.L("Drawn for the star action: {{.Colour}}", map[string]any{"Colour": lang.L(kit.Capitalise(st.StarValve))}))
	}
	var taken []string
	for _, c := range st.Taken {
		taken = append(taken, lang.L(kit.Capitalise(c)))
	}
	kit.SetLabel(t.taken, lang.L("The astronaut took: {{.Valves}}", map[string]any{"Valves": strings.Join(taken, ", ")}))
	vis.Set(len(taken) > 0, t.taken)
}

// defaultNote says a deck is Boardside's default, not the printed one.
// The data file's own note on where it came from is English data: it is
// shown where the data is edited, not in a sentence on the game screen.
func defaultNote() string {
	return lang.L("Default deck, not the printed one: edit it under Game data to match your copy.")
}

func forcedText(forced []mc.Forced) string {
	var parts []string
	for _, f := range forced {
		parts = append(parts, lang.L("You must keep the {{.Value}} ({{.Role}})", map[string]any{"Value": f.Value, "Role": roleName(f.Role)}))
	}
	return strings.Join(parts, "\n") // a sentence a line
}
