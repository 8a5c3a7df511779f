package marsmaze

import (
	"encoding/json"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"boardside/app"
	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// joinedMars is a Magic Maze on Mars table hosted elsewhere: its sand timer
// and the public actions.
type joinedMars struct {
	*app.JoinedScreen
	digits *app.Digits
	glass  *sandglass
}

func joinMarsMaze(u *app.UI, c *share.Client) (fyne.CanvasObject, func()) {
	j := &joinedMars{digits: app.NewDigits("–:––"), glass: newSandglass()}
	center := container.New(app.SplitLayout{Share: 0.65}, j.digits, j.glass)
	j.JoinedScreen = app.NewJoinedScreen(u, c, center, nil, j.render)
	j.Start()
	return j.Content, j.Stop
}

func (j *joinedMars) render(state json.RawMessage) (time.Duration, bool) {
	var p mm.PublicState
	if json.Unmarshal(state, &p) != nil {
		return 0, false
	}
	rem := j.Remaining(p.Sand)
	j.digits.SetText(timers.FormatRemaining(rem))
	if p.Sand.TotalMs > 0 {
		j.glass.Set(float64(rem.Milliseconds())/float64(p.Sand.TotalMs), p.Sand.Running)
	}
	over := p.Sand.Started && !p.Won && rem <= 0
	playing := p.Sand.Started && !over && !p.Won
	switch {
	case p.Won:
		app.SetLabel(j.Status, lang.L("Mission complete"))
	case over:
		app.SetLabel(j.Status, lang.L("The sand has run out"))
	case p.Sand.Started && !p.Sand.Running:
		app.SetLabel(j.Status, lang.L("Paused"))
	default:
		app.SetLabel(j.Status, lang.L("Mission {{.Mission}}", map[string]any{"Mission": p.Mission}))
	}
	app.SetLabel(j.Info, lang.L("Hourglass markers left: {{.Markers}}", map[string]any{"Markers": p.MarkersLeft}))
	talk := ""
	if playing && p.Talk == mm.TalkAfterJoker {
		talk = lang.L("Joker: talk now, until someone acts")
	} else if playing && p.Talk != "" {
		talk = lang.L("Talk now, until someone acts")
	}
	if playing && p.PassTiles {
		talk = strings.TrimSpace(talk + " " + lang.L("Pass your action tile to the left!"))
	}
	app.SetLabel(j.Banner, talk)
	j.Vis.Set(talk != "", j.Banner)
	var bs []app.Action
	if !p.Sand.Started {
		bs = append(bs, app.Action{Text: lang.L("Turn the sand timer over to start"), Kind: "start", Main: true})
	}
	if playing {
		bs = append(bs, app.Action{Text: lang.L("Flip"), Kind: "flip", Main: true, Off: p.Landed || p.MarkersLeft <= 0})
		if talk != "" {
			bs = append(bs, app.Action{Text: lang.L("Action: someone moved"), Kind: "act"})
		}
		if p.JokersLeft > 0 {
			bs = append(bs, app.Action{Text: lang.L("Joker: talk"), Kind: "useJoker"})
		}
		if p.Sand.Running {
			bs = append(bs, app.Action{Text: lang.L("Pause"), Kind: "pause"})
		} else {
			bs = append(bs, app.Action{Text: lang.L("Resume"), Kind: "resume"})
		}
	}
	j.SetButtons(bs...)
	return rem, playing && p.Sand.Running
}
