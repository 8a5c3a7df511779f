package missioncontrol

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"boardside/app"
	mc "boardside/companion/missioncontrol"
	"boardside/companion/share"
	"boardside/timers"
)

// joinedMC is a Mission Control table hosted elsewhere: its countdown, the
// AI card and unlock card showing, and the public actions.
type joinedMC struct {
	*app.JoinedScreen
	digits  *app.Digits
	card    *fyne.Container
	shown   string
	unlock  *fyne.Container
	unlockK string
}

func joinMissionControl(u *app.UI, c *share.Client) (fyne.CanvasObject, func()) {
	j := &joinedMC{digits: app.NewDigits("–:––"), card: container.NewStack(), unlock: container.NewStack()}
	// The AI card and the unlock card sit side by side, or one under the
	// other where a phone has no room for both.
	below := app.NewFoldRow(j.card, container.NewCenter(container.NewGridWrap(fyne.NewSize(260, 130), j.unlock)))
	j.JoinedScreen = app.NewJoinedScreen(u, c, j.digits, below, j.render)
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
	switch {
	case p.Accomplished:
		app.SetLabel(j.Status, lang.L("Mission accomplished"))
	case over:
		app.SetLabel(j.Status, lang.L("Time's up"))
	case p.Timer.Started && !p.Timer.Running:
		app.SetLabel(j.Status, lang.L("Paused"))
	default:
		app.SetLabel(j.Status, lang.L("Oxygen needed: {{.Oxygen}}", map[string]any{"Oxygen": p.Oxygen}))
	}
	info := []string{lang.L("Turn {{.Turn}}", map[string]any{"Turn": p.Turn})}
	if len(p.Dice) > 0 {
		info = append(info, lang.L("Real dice:")+" "+strings.Trim(fmt.Sprint(p.Dice), "[]"))
	}
	var forced []mc.Forced
	forced = append(forced, p.Forced...)
	if f := forcedText(forced); f != "" {
		info = append(info, f)
	}
	app.SetLabel(j.Info, strings.Join(info, " · "))
	banner := ""
	if p.AllLocked {
		banner = lang.L("Mission Control is Locked!")
	}
	app.SetLabel(j.Banner, banner)
	j.Vis.Set(banner != "", j.Banner)

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

	kind := ""
	if len(p.Unlocks) > 0 {
		kind = p.Unlocks[len(p.Unlocks)-1].Kind
	}
	showUnlockCard(j.unlock, &j.unlockK, kind, 18)

	var bs []app.Action
	if playing && len(p.Dice) > 0 {
		for _, r := range p.HumanRoles {
			locked := false
			for _, l := range p.Locked {
				locked = locked || l == r
			}
			bs = append(bs, app.Action{Text: lang.L("{{.City}} Locked!", map[string]any{"City": roleName(r)}), Kind: "lock",
				Data: map[string]string{"role": r}, Off: locked})
		}
		if p.AllLocked {
			bs = append(bs, app.Action{Text: lang.L("Next turn"), Kind: "nextTurn", Main: true})
		}
	}
	if playing {
		if p.Timer.Running {
			bs = append(bs, app.Action{Text: lang.L("Pause"), Kind: "pause"})
		} else {
			bs = append(bs, app.Action{Text: lang.L("Resume"), Kind: "resume"})
		}
	}
	j.SetButtons(bs...)
	return rem, playing && p.Timer.Running
}
