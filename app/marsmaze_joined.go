package app

import (
	"encoding/json"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	mm "boardside/companion/marsmaze"
	"boardside/companion/share"
	"boardside/timers"
)

// joinedMars is a Magic Maze on Mars table hosted elsewhere: its sand timer
// and the public actions.
type joinedMars struct {
	*joinedScreen
	digits *digits
	glass  *sandglass
}

func joinMarsMaze(u *UI, c *share.Client) (fyne.CanvasObject, func()) {
	j := &joinedMars{digits: newDigits("–:––"), glass: newSandglass()}
	center := container.New(splitLayout{share: 0.65}, j.digits, j.glass)
	j.joinedScreen = newJoinedScreen(u, c, center, nil, j.render)
	j.start()
	return j.content, j.stop
}

func (j *joinedMars) render(state json.RawMessage) (time.Duration, bool) {
	var p mm.PublicState
	if json.Unmarshal(state, &p) != nil {
		return 0, false
	}
	rem := j.remaining(p.Sand)
	j.digits.SetText(timers.FormatRemaining(rem))
	if p.Sand.TotalMs > 0 {
		j.glass.Set(float64(rem.Milliseconds())/float64(p.Sand.TotalMs), p.Sand.Running)
	}
	over := p.Sand.Started && !p.Won && rem <= 0
	playing := p.Sand.Started && !over && !p.Won
	switch {
	case p.Won:
		setLabel(j.status, lang.L("Mission complete"))
	case over:
		setLabel(j.status, lang.L("The sand has run out"))
	case p.Sand.Started && !p.Sand.Running:
		setLabel(j.status, lang.L("Paused"))
	default:
		setLabel(j.status, lang.L("Mission {{.Mission}}", map[string]any{"Mission": p.Mission}))
	}
	setLabel(j.info, lang.L("Hourglass markers left: {{.Markers}}", map[string]any{"Markers": p.MarkersLeft}))
	talk := ""
	if playing && p.Talk == mm.TalkAfterJoker {
		talk = lang.L("Joker: talk now, until someone acts")
	} else if playing && p.Talk != "" {
		talk = lang.L("Talk now, until someone acts")
	}
	if playing && p.PassTiles {
		talk = strings.TrimSpace(talk + " " + lang.L("Pass your action tile to the left!"))
	}
	setLabel(j.banner, talk)
	j.vis.set(talk != "", j.banner)
	var bs []action
	if !p.Sand.Started {
		bs = append(bs, action{text: lang.L("Turn the sand timer over to start"), kind: "start", main: true})
	}
	if playing {
		bs = append(bs, action{text: lang.L("Flip"), kind: "flip", main: true, off: p.Landed || p.MarkersLeft <= 0})
		if talk != "" {
			bs = append(bs, action{text: lang.L("Action: someone moved"), kind: "act"})
		}
		if p.JokersLeft > 0 {
			bs = append(bs, action{text: lang.L("Joker: talk"), kind: "useJoker"})
		}
		if p.Sand.Running {
			bs = append(bs, action{text: lang.L("Pause"), kind: "pause"})
		} else {
			bs = append(bs, action{text: lang.L("Resume"), kind: "resume"})
		}
	}
	j.setButtons(bs...)
	return rem, playing && p.Sand.Running
}
