package missioncontrol

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"boardside/app/kit"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/timers"
)

// joinedMC is a Mission Control table hosted elsewhere: its countdown, the
// AI card and unlock card showing, and the public actions.
type joinedMC struct {
	*kit.JoinedScreen
	digits  *kit.Digits
	card    *fyne.Container
	shown   string
	unlock  *fyne.Container
	unlockK string
}

func joinMissionControl(u kit.Window, c *share.Client) (fyne.CanvasObject, func()) {
	j := &joinedMC{digits: kit.NewDigits("–:––"), card: container.NewStack(), unlock: container.NewStack()}
	// The AI card and the unlock card sit side by side, or one under the
	// other where a phone has no room for both.
	below := kit.NewFoldRow(j.card, container.NewCenter(container.NewGridWrap(fyne.NewSize(260, 130), j.unlock)))
	j.JoinedScreen = kit.NewJoinedScreen(u, c, j.digits, below, j.render)
	j.Start()
	return j.Content, j.Stop
}

func (j *joinedMC) render(state json.RawMessage) (time.Duration, bool) {
	var p mc.PublicState
	if json.Unmarshal(state, &p) != nil {
		return 0, false
	}
	rem := j.Remaining(p.Timer)
	j.digits.SetText(timers.FormatRemaining(rem))
	over := p.Timer.Started && !p.Accomplished && rem <= 0
	playing := p.Timer.Started && !over && !p.Accomplished
	j.renderStatus(p, over)
	kit.SetLabel(j.Info, joinedInfo(p))
	banner := ""
	if p.AllLocked {
		banner = lang.L("Mission Control is Locked!")
	}
	kit.SetLabel(j.Banner, banner)
	j.Vis.Set(banner != "", j.Banner)
	j.renderAICard(p)
	kind := ""
	if len(p.Unlocks) > 0 {
		kind = p.Unlocks[len(p.Unlocks)-1].Kind
	}
	showUnlockCard(j.unlock, &j.unlockK, kind, 18)

	// While the game runs every action keeps its place, disabled where it
	// does not apply, as in the quick viewer: Next turn never appears
	// where Roll was just tapped.
	j.Means(publicMeanings(p))
	j.SetButtons(publicButtons(p, playing)...)
	return rem, playing && p.Timer.Running
}

// renderStatus says how the game stands: the oxygen needed while it is
// played, paused, or how it ended.
func (j *joinedMC) renderStatus(p mc.PublicState, over bool) {
	switch {
	case p.Accomplished:
		kit.SetLabel(j.Status, lang.L("Mission accomplished"))
	case over:
		kit.SetLabel(j.Status, lang.L("Time's up"))
	case p.Timer.Started && !p.Timer.Running:
		kit.SetLabel(j.Status, lang.L("Paused"))
	default:
		kit.SetLabel(j.Status, lang.L("Oxygen needed: {{.Oxygen}}", map[string]any{"Oxygen": p.Oxygen}))
	}
}

// joinedInfo is the turn in lines: its number, the real dice and the dice
// that must be kept, the AI deck's roles, the unlock cards revealed and
// left, and whether the astronaut is looking at the top two.
func joinedInfo(p mc.PublicState) string {
	info := []string{lang.L("Turn {{.Turn}}", map[string]any{"Turn": p.Turn})}
	if len(p.Dice) > 0 {
		info = append(info, lang.L("Real dice:")+" "+strings.Trim(fmt.Sprint(p.Dice), "[]"))
	}
	if f := forcedText(p.Forced); f != "" {
		info = append(info, f)
	}
	if len(p.AIRoles) > 0 {
		var names []string
		for _, r := range p.AIRoles {
			names = append(names, roleName(r))
		}
		info = append(info, lang.L("Played by the AI deck:")+" "+strings.Join(names, ", "))
	}
	if len(p.Unlocks) > 0 {
		var names []string
		for _, c := range p.Unlocks {
			text, _, _ := unlockLook(c.Kind)
			names = append(names, text)
		}
		info = append(info, lang.L("Revealed so far: {{.Cards}}", map[string]any{"Cards": strings.Join(names, " · ")}))
	}
	info = append(info, lang.L("Unlock cards left: {{.Count}}", map[string]any{"Count": p.UnlocksLeft}))
	if p.AstronautLooks {
		info = append(info, lang.L("The astronaut is looking at the top 2 unlock cards"))
	}
	return strings.Join(info, "\n")
}

// renderAICard draws the AI card showing, when it is another than the one
// drawn.
func (j *joinedMC) renderAICard(p mc.PublicState) {
	id := ""
	if p.AICard != nil {
		id = p.AICard.ID
	}
	if id != j.shown {
		j.shown = id
		j.card.Objects = nil
		if p.AICard != nil {
			card := mc.AICard{ID: p.AICard.ID, Houston: p.AICard.Parts[mc.Houston], Bengaluru: p.AICard.Parts[mc.Bengaluru], Cologne: p.AICard.Parts[mc.Cologne]}
			j.card.Objects = []fyne.CanvasObject{newAICard(card, p.AIRoles)}
		}
		j.card.Refresh()
		j.Vis.Changed = true
	}
	j.Vis.Set(p.AICard != nil, j.card)
}

// publicButtons are the public actions a joined device offers: Start
// before the game, and while it is played the turn's and the countdown's.
func publicButtons(p mc.PublicState, playing bool) []kit.Action {
	var bs []kit.Action
	if !p.Timer.Started {
		bs = append(bs, kit.Action{Text: lang.L("Start the countdown"), Kind: "start", Main: true})
	}
	if !playing {
		return bs
	}
	bs = append(bs, turnButtons(p)...)
	bs = append(bs, kit.Action{Text: lang.L("Reveal the top card"), Kind: "revealUnlock", Off: p.UnlocksLeft <= 0 || p.AstronautLooks})
	if p.Timer.Running {
		bs = append(bs, kit.Action{Text: lang.L("Pause"), Kind: "pause"})
	} else {
		bs = append(bs, kit.Action{Text: lang.L("Resume"), Kind: "resume"})
	}
	return append(bs, kit.Action{Text: lang.L("Accomplished"), Kind: "accomplish", Ask: lang.L("Has the astronaut reached the oxygen needed?")})
}

// turnButtons are the turn's actions: Roll, Next turn, and a Locked!
// for each role the players play.
func turnButtons(p mc.PublicState) []kit.Action {
	rolled := len(p.Dice) > 0
	bs := []kit.Action{
		{Text: lang.L("Roll 3 dice"), Kind: "rollDice", Main: true, Off: rolled},
		{Text: lang.L("Next turn"), Kind: "nextTurn", Main: true, Off: !rolled || !p.AllLocked},
	}
	for _, r := range p.HumanRoles {
		locked := false
		for _, l := range p.Locked {
			locked = locked || l == r
		}
		text := lang.L("{{.City}} Locked!", map[string]any{"City": roleName(r)})
		if locked {
			text = "✓ " + text // in words too, not by a disabled look alone
		}
		bs = append(bs, kit.Action{Text: text, Kind: "lock", Data: map[string]string{"role": r}, Off: locked || !rolled})
	}
	return bs
}

// publicMeanings is what each public action depends on, by its kind, for
// the joined screen and the host's own (kit.Acts): another device's change
// of that part re-arms the button for a moment, so two players revealing
// or rolling at once reveal or roll once.
func publicMeanings(p mc.PublicState) map[string]string {
	turn := fmt.Sprint(p.Turn, p.Dice, p.Locked, p.AllLocked)
	timer := fmt.Sprint(p.Timer.Started, p.Timer.Running, p.Accomplished)
	return map[string]string{
		"start": timer, "pause": timer, "resume": timer, "accomplish": timer,
		"rollDice": turn, "setDice": turn, "lock": turn, "nextTurn": turn,
		"revealUnlock": fmt.Sprint(len(p.Unlocks), p.UnlocksLeft, p.AstronautLooks),
	}
}
