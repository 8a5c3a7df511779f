// Package missioncontrol is Mission Control: Critical Orbit's screens: the
// 20-minute countdown, the turn's dice and roles, the AI and unlock cards,
// the bag, and the owner's own deck data. The rules are in
// companion/missioncontrol; Game is the home screen's tile, which
// app/catalog hands to the shell.
package missioncontrol

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/timers"
)

// Game is Mission Control: Critical Orbit as the home screen lists it.
func Game() *kit.Game {
	g := &kit.Game{ID: mc.Game, Name: "Mission Control: Critical Orbit",
		Blurb: "Runs the 20-minute countdown, the AI and unlock decks and the half-valve bag."}
	g.Rules = mc.Rules
	g.NewState = func() companion.State { return mc.New() }
	g.Screen = func(u kit.Window, s *companion.Session) fyne.CanvasObject {
		return newMissionControlScreen(u, g, s).content
	}
	g.Describe = describeMissionControl
	g.Share = &share.Game{Public: mc.Public, PublicActions: mc.PublicActions}
	g.Join = joinMissionControl
	g.Host = host
	g.LoadData = loadMCData
	return g
}

// missionControlScreen is the 20-minute countdown beside the board.
type missionControlScreen struct {
	u       kit.Window
	s       *companion.Session
	content fyne.CanvasObject
	bar     *kit.GameBar
	acts    *kit.Acts // every change the screen makes

	digits     *kit.Digits
	status     *widget.Label // oxygen needed, or how the game ended
	detail     *widget.Label
	setup      fyne.CanvasObject
	difficulty *widget.RadioGroup
	length     *widget.Label
	shorter    *widget.Button
	longer     *widget.Button

	start           *widget.Button
	pause           *widget.Button
	resume          *widget.Button
	done            *widget.Button // "Mission accomplished"
	editTime        *widget.Button
	controls        fyne.CanvasObject // Pause, Resume, Accomplished, Edit time
	controlsLine    fyne.CanvasObject // between the table and them
	adjustRow       fyne.CanvasObject
	adjust          map[int]*widget.Button // by seconds
	editing         bool
	difficulty2code map[string]string

	aiRoles     *widget.CheckGroup
	roleCodes   map[string]string
	setupPick   *widget.Select
	setupRoll   *widget.Button
	setupShow   *widget.Label
	physicalBag *widget.Check
	editData    *widget.Button
	table       *mcTable
	tableArea   fyne.CanvasObject

	body    *kit.TimerLayout
	bodyBox *fyne.Container
	foot    fyne.CanvasObject // the main action: Start, then Roll and Next turn
	record  *kit.PlayPanel    // the game's end: its record

	alerts *kit.TimerAlerts
	flash  *kit.Flasher
	live   *kit.Live
	vis    kit.Visibility
}

func newMissionControlScreen(u kit.Window, g *kit.Game, s *companion.Session) *missionControlScreen {
	m := &missionControlScreen{u: u, s: s}
	m.flash, m.alerts = kit.NewCountdownSignals(u, lang.L("Time's up"), lang.L("Mission Control: the time is up."))
	m.bar, m.acts = kit.NewScreenBar(u, g, s, m.onTurn)
	m.record = kit.NewPlayPanel(u, g, s, m.dispatch)
	m.buildCountdown()
	m.buildSetup(g)
	m.table = newMCTable(m.dispatch, m.relayout)
	m.tableArea = kit.Narrowable(m.table.tabs)
	m.buildButtons()
	m.layOut()
	// Set the controls from the state before their handlers are attached,
	// so showing the screen dispatches nothing.
	m.live = kit.GoLive(u, s, m.render)
	m.attachHandlers()
	return m
}

// buildCountdown makes the countdown's digits and the lines under them:
// the oxygen needed or how the game ended, and the detail.
func (m *missionControlScreen) buildCountdown() {
	m.digits = kit.NewDigits("20:00")
	m.status = kit.NewStatusLabel()
	m.detail = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	m.detail.Wrapping = fyne.TextWrapWord // the end's summary is a sentence
}

// buildSetup makes the choices before the start: the difficulty, the
// length, the roles the AI deck plays, the starting setup, the real bag,
// and the way to the owner's game data.
func (m *missionControlScreen) buildSetup(g *kit.Game) {
	opts := []string{lang.L("Easy"), lang.L("Normal"), lang.L("Hard")}
	m.difficulty2code = map[string]string{opts[0]: "easy", opts[1]: "normal", opts[2]: "hard"}
	m.difficulty = widget.NewRadioGroup(opts, nil)
	m.difficulty.Horizontal = true
	m.difficulty.Required = true
	m.length = widget.NewLabel("")
	m.shorter = widget.NewButtonWithIcon(lang.L("1 min"), theme.ContentRemoveIcon(), func() { m.changeLength(-60) })
	m.longer = widget.NewButtonWithIcon(lang.L("1 min"), theme.ContentAddIcon(), func() { m.changeLength(60) })
	m.buildAIRoles()
	m.buildSetupChoice()
	var physicalBag fyne.CanvasObject
	m.physicalBag, physicalBag = kit.NewWrapCheck(lang.L("Keep the half-valves in the real bag"), nil)
	m.editData = widget.NewButtonWithIcon(lang.L("Game data"), theme.DocumentCreateIcon(), func() {
		e := newMCDataScreen(m.u, g, m.state().Data(), func() { m.u.OpenGame(g) })
		m.u.Show(e.content)
	})
	// A row each, short enough for a 360-wide phone.
	m.setup = container.NewVBox(
		widget.NewLabel(lang.L("Difficulty")), m.difficulty,
		container.NewHBox(widget.NewLabel(lang.L("Length")), m.shorter, m.length, m.longer),
		widget.NewLabel(lang.L("Played by the AI deck:")), m.aiRoles,
		widget.NewLabel(lang.L("Starting setup")), container.NewHBox(m.setupPick, m.setupRoll), m.setupShow,
		physicalBag, container.NewHBox(m.editData))
}

// buildAIRoles makes the choice of the roles the AI deck plays.
func (m *missionControlScreen) buildAIRoles() {
	m.roleCodes = map[string]string{}
	var roleOpts []string
	for _, r := range mc.ControlRoles {
		m.roleCodes[roleName(r)] = r
		roleOpts = append(roleOpts, roleName(r))
	}
	m.aiRoles = widget.NewCheckGroup(roleOpts, nil)
	m.aiRoles.Horizontal = false // four roles side by side do not fit a phone
}

// buildSetupChoice makes the choice of the starting setup, by its number
// or rolled, and the line that shows it.
func (m *missionControlScreen) buildSetupChoice() {
	var setups []string
	for _, e := range m.state().Data().Setups.Entries {
		setups = append(setups, strconv.Itoa(e.Number))
	}
	m.setupPick = widget.NewSelect(setups, nil)
	m.setupPick.PlaceHolder = lang.L("Choose")
	m.setupRoll = widget.NewButtonWithIcon(lang.L("Roll"), theme.ViewRefreshIcon(), func() { m.dispatch(&mc.RollSetup{}) })
	// A rolled setup is a sentence: on one line it made a phone's browser
	// window twice as wide as the phone.
	m.setupShow = kit.Wrapped("")
}

// buildButtons makes the countdown's buttons: Start, Pause and Resume,
// Accomplished (asked first), and Edit time with its row of changes.
func (m *missionControlScreen) buildButtons() {
	// Not "Start": in German the home button reads so too.
	m.start = kit.BigButton(lang.L("Start the countdown"), theme.MediaPlayIcon(), func() { m.dispatch(&mc.Start{}) })
	m.pause = widget.NewButtonWithIcon(lang.L("Pause"), theme.MediaPauseIcon(), func() { m.dispatch(&mc.Pause{}) })
	m.resume = widget.NewButtonWithIcon(lang.L("Resume"), theme.MediaPlayIcon(), func() { m.dispatch(&mc.Resume{}) })
	// "Accomplished" on the button: "Mission accomplished" made it too wide
	// for two buttons side by side on a phone; the question says it whole.
	m.done = kit.NewWinButton(m.u, lang.L("Accomplished"), lang.L("Mission accomplished"), lang.L("Has the astronaut reached the oxygen needed?"),
		func() { m.dispatch(&mc.Accomplish{}) })
	m.editTime = widget.NewButtonWithIcon(lang.L("Edit time"), theme.DocumentCreateIcon(), m.onEditTime)
	m.adjust = map[int]*widget.Button{}
	var adj []fyne.CanvasObject
	for _, sec := range []int{-60, -10, 10, 60} {
		b := widget.NewButton(adjustText(sec), func() { m.dispatch(&mc.Adjust{Seconds: sec}) })
		m.adjust[sec] = b
		adj = append(adj, b)
	}
	m.adjustRow = container.NewGridWithColumns(4, adj...)
	m.adjustRow.Hide()
}

// layOut puts the screen together. The countdown with how the game stands
// under it; the setup, or the turn with its card and the timer's own
// buttons, in one scroll (at the game's end its record first, in view);
// the turn's main actions at the foot, where Start was.
func (m *missionControlScreen) layOut() {
	m.controls = kit.ButtonRow(m.pause, m.resume, m.done, m.editTime)
	m.controlsLine = widget.NewSeparator()
	// Laid out twice (kit.NewBorder): the lines under the digits wrap.
	head := kit.NewBorder(nil, container.NewVBox(m.status, m.detail), container.NewPadded(m.digits))
	rest := container.NewPadded(container.NewVBox(m.setup, m.record.Content, m.tableArea, m.controlsLine, m.controls, m.adjustRow))
	m.foot = container.NewPadded(kit.ButtonRow(m.start, m.table.roll, m.table.nextTurn))
	m.body = &kit.TimerLayout{Rest: rest, SideRest: 330}
	m.bodyBox = kit.NewTimerBody(m.body, m.bar.Content, container.NewPadded(head), m.foot)
	m.content = container.NewStack(m.bodyBox, m.flash.Rect)
}

// attachHandlers lets the setup's controls change the game.
func (m *missionControlScreen) attachHandlers() {
	m.difficulty.OnChanged = m.onDifficulty
	m.aiRoles.OnChanged = m.onAIRoles
	m.setupPick.OnChanged = m.onSetup
	m.physicalBag.OnChanged = func(on bool) {
		if on != m.state().PhysicalBag {
			m.dispatch(&mc.SetPhysicalBag{On: on})
		}
	}
}

func adjustText(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "−", -sec
	}
	return sign + timers.FormatElapsed(time.Duration(sec)*time.Second)
}

// dispatch applies a to the game as the screen showed it (kit.Acts).
func (m *missionControlScreen) dispatch(a companion.Action) { m.acts.Dispatch(a) }

func (m *missionControlScreen) onDifficulty(text string) {
	code, ok := m.difficulty2code[text]
	if !ok || code == m.state().Difficulty {
		return
	}
	m.dispatch(&mc.SetDifficulty{Difficulty: code})
}

func (m *missionControlScreen) onAIRoles(selected []string) {
	var roles []string
	for _, r := range mc.ControlRoles {
		if slices.Contains(selected, roleName(r)) {
			roles = append(roles, r)
		}
	}
	if slices.Equal(roles, m.state().AIRoles) {
		return
	}
	m.dispatch(&mc.SetAIRoles{Roles: roles})
}

func (m *missionControlScreen) onSetup(text string) {
	n, err := strconv.Atoi(text)
	if err != nil || n == m.state().Setup {
		return
	}
	m.dispatch(&mc.ChooseSetup{Number: n})
}

// setupText lists the chosen setup's container positions.
func setupText(st *mc.State) string {
	s, ok := st.SetupData()
	if !ok {
		return ""
	}
	var parts []string
	for _, colour := range []string{"yellow", "blue", "green"} {
		if pos, ok := s.Containers[colour]; ok {
			parts = append(parts, lang.L(kit.Capitalise(colour))+" "+pos)
		}
	}
	text := strings.Join(parts, " · ")
	if st.SetupRolled {
		text = lang.L("Rolled {{.Number}}:", map[string]any{"Number": s.Number}) + " " + text
	}
	return text + " " + lang.L("(default table: check your copy)")
}

func (m *missionControlScreen) changeLength(deltaSec int) {
	total := m.state().Timer.Total + time.Duration(deltaSec)*time.Second
	m.dispatch(&mc.SetLength{Seconds: int(total / time.Second)})
}

func (m *missionControlScreen) onEditTime() {
	m.editing = !m.editing
	m.vis.Set(m.editing, m.adjustRow)
	m.vis.Apply(m.content)
}

func (m *missionControlScreen) onTurn(rotated bool) { m.digits.SetRotated(rotated) }

// relayout shares the height out again between countdown and scroll, when
// what the scroll holds grew or shrank (a card came or went).
func (m *missionControlScreen) relayout() {
	if m.bodyBox != nil {
		m.bodyBox.Layout.Layout(m.bodyBox.Objects, m.bodyBox.Size())
	}
}

func (m *missionControlScreen) state() *mc.State { return m.s.View().State.(*mc.State) }

// render shows the state at now and says when the shown time next changes.
func (m *missionControlScreen) render(now time.Time) (time.Duration, bool) {
	next, again := m.renderState(now)
	m.vis.Apply(m.content)
	return next, again
}

func (m *missionControlScreen) renderState(now time.Time) (time.Duration, bool) {
	v := kit.DrawView(m.s, m.acts, m.bar)
	st := v.State.(*mc.State)
	m.acts.Means(publicMeanings(mc.Public(st).(mc.PublicState)))
	phase := st.Timer.Phase(now)
	outcome := st.Outcome(now)
	rem := st.Timer.Remaining(now)
	m.digits.SetText(timers.FormatRemaining(rem))

	idle := phase == timers.Idle
	m.showParts(idle, phase, outcome)
	if idle {
		m.renderSetup(st)
	} else {
		m.table.render(st, outcome == mc.Playing)
	}
	m.renderOutcome(st, now, phase, outcome)
	m.record.Render(&m.vis, st, now, recordForm(st))

	m.alerts.Observe(rem, phase, st.Timer.Deadline, phase == timers.Idle || phase == timers.Paused)
	m.u.KeepAwake(phase == timers.Running)
	if phase == timers.Running {
		return timers.UntilRemainingChanges(rem), true
	}
	return 0, false
}

// showParts shows what applies: the setup and Start before the start, the
// table and the countdown's buttons while the game is played.
func (m *missionControlScreen) showParts(idle bool, phase timers.Phase, outcome mc.Outcome) {
	playing := outcome == mc.Playing && !idle
	// Setting up, the countdown keeps a good part of the height; playing,
	// the turn and its card come first, over large digits.
	m.body.HeadShare = 0.25
	if idle {
		m.body.HeadShare = 0.35
	}
	m.vis.Set(idle, m.setup, m.start)
	m.vis.Set(idle || playing, m.foot)
	m.vis.Set(playing, m.table.roll, m.table.nextTurn, m.controlsLine, m.controls)
	m.vis.Set(outcome == mc.Playing && phase == timers.Running, m.pause)
	m.vis.Set(outcome == mc.Playing && phase == timers.Paused, m.resume)
	m.vis.Set(playing, m.done, m.editTime)
	m.vis.Set(m.editing && outcome == mc.Playing && !idle, m.adjustRow)
	m.vis.Set(!idle, m.tableArea)
}

// renderSetup shows the choices made so far, before the start.
func (m *missionControlScreen) renderSetup(st *mc.State) {
	var names []string
	for _, r := range st.AIRoles {
		names = append(names, roleName(r))
	}
	if !slices.Equal(names, m.aiRoles.Selected) {
		m.aiRoles.SetSelected(names)
	}
	if st.Setup > 0 {
		m.setupPick.SetSelected(strconv.Itoa(st.Setup))
	} else {
		m.setupPick.ClearSelected()
	}
	kit.SetLabel(m.setupShow, setupText(st))
	m.physicalBag.SetChecked(st.PhysicalBag)
	m.difficulty.SetSelected(kit.TextFor(m.difficulty2code, st.Difficulty))
	kit.SetLabel(m.length, lang.L("{{.Minutes}} min", map[string]any{"Minutes": int(st.Timer.Total / time.Minute)}))
}

// renderOutcome says how the game stands, under the digits and in their
// colour: the oxygen needed while it is played, or how it ended.
func (m *missionControlScreen) renderOutcome(st *mc.State, now time.Time, phase timers.Phase, outcome mc.Outcome) {
	switch outcome {
	case mc.Accomplished:
		m.digits.SetColour(theme.Color(theme.ColorNameSuccess))
		kit.SetLabel(m.status, lang.L("Mission accomplished"))
		kit.SetLabel(m.detail, lang.L("The game took {{.Time}}.", map[string]any{"Time": timers.FormatElapsed(st.Duration(now))})+" "+summary(st))
	case mc.TimeUp:
		m.digits.SetColour(theme.Color(theme.ColorNameError))
		at, _ := st.Timer.ExpiredAt(now)
		kit.SetLabel(m.status, lang.L("Time's up"))
		kit.SetLabel(m.detail, lang.L("Time ran out at {{.Clock}}. The game took {{.Time}}.",
			map[string]any{"Clock": at.Local().Format("15:04:05"), "Time": timers.FormatElapsed(st.Duration(now))})+" "+summary(st))
	default:
		m.digits.SetColour(nil)
		kit.SetLabel(m.status, lang.L("Oxygen needed: {{.Oxygen}}", map[string]any{"Oxygen": st.Oxygen()}))
		if phase == timers.Paused {
			kit.SetLabel(m.detail, lang.L("Paused"))
		} else {
			kit.SetLabel(m.detail, "")
		}
	}
	m.vis.Set(m.detail.Text != "", m.detail)
}

// recordForm asks the game's end for a name for each role people played:
// the astronaut, and the Mission Control roles the AI deck did not play.
func recordForm(st *mc.State) kit.PlayForm {
	var f kit.PlayForm
	for _, r := range append([]string{mc.Astronaut}, st.HumanRoles()...) {
		f.Seats = append(f.Seats, kit.Seat{Role: r, RoleName: roleName(r)})
	}
	return f
}

// summary is the end-of-game line: turns and cards revealed.
func summary(st *mc.State) string {
	return lang.L("Turns: {{.Turns}}. AI cards revealed: {{.AI}}. Unlock cards revealed: {{.Unlocks}}.",
		map[string]any{"Turns": st.Turn, "AI": st.AIRevealed, "Unlocks": len(st.Unlock.FaceUp)})
}

// describeMissionControl is a history line.
func describeMissionControl(e companion.Entry) string {
	a, err := kit.DecodeEntry(mc.Rules, e)
	if err != nil {
		return e.Kind
	}
	if line, ok := describeTurn(a); ok {
		return line
	}
	switch a := a.(type) {
	case *mc.RecordPlay:
		return lang.L("Play recorded")
	case *mc.SetDifficulty:
		return lang.L("Difficulty: {{.Difficulty}}", map[string]any{"Difficulty": lang.L(kit.Capitalise(a.Difficulty))})
	case *mc.SetLength:
		return lang.L("Length: {{.Time}}", map[string]any{"Time": timers.FormatElapsed(time.Duration(a.Seconds) * time.Second)})
	case *mc.Start:
		return lang.L("Start")
	case *mc.Pause:
		return lang.L("Pause")
	case *mc.Resume:
		return lang.L("Resume")
	case *mc.Adjust:
		return lang.L("Time changed by {{.Delta}}", map[string]any{"Delta": adjustText(a.Seconds)})
	case *mc.Accomplish:
		return lang.L("Mission accomplished")
	case *mc.SetAIRoles:
		var names []string
		for _, r := range a.Roles {
			names = append(names, roleName(r))
		}
		return lang.L("Played by the AI deck:") + " " + strings.Join(names, ", ")
	case *mc.ChooseSetup:
		return lang.L("Setup {{.Number}}", map[string]any{"Number": a.Number})
	case *mc.RollSetup:
		return lang.L("Starting setup") + ": " + lang.L("Roll")
	case *mc.SetPhysicalBag:
		return lang.L("Keep the half-valves in the real bag")
	}
	return e.Kind
}

// describeTurn is the history's line for what a turn does at the table:
// the dice, the locks, the unlock deck and the half-valve bag.
func describeTurn(a companion.Action) (string, bool) {
	switch a := a.(type) {
	case *mc.RollDice:
		return lang.L("Roll 3 dice"), true
	case *mc.SetDice:
		return lang.L("Real dice:") + " " + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(a.Values)), " "), "[]"), true
	case *mc.Lock:
		return lang.L("{{.City}} Locked!", map[string]any{"City": roleName(a.Role)}), true
	case *mc.NextTurn:
		return lang.L("Next turn"), true
	case *mc.RevealUnlock:
		return lang.L("Reveal the top card"), true
	case *mc.PeekUnlock:
		return lang.L("Star: look at the top 2"), true
	case *mc.ArrangeUnlock:
		return lang.L("Put this on top"), true
	case *mc.DrawValve:
		return lang.L("Draw blind"), true
	case *mc.TakeValve:
		return lang.L("Take {{.Colour}}", map[string]any{"Colour": lang.L(kit.Capitalise(a.Colour))}), true
	case *mc.StarDraw:
		return lang.L("Star: draw to remove or return"), true
	case *mc.StarDecide:
		if a.Remove {
			return lang.L("Remove from the game"), true
		}
		return lang.L("Put it back"), true
	}
	return "", false
}
