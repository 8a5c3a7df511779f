package app

import (
	"errors"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
	"boardside/companion/plays"
)

// playsScreen is Played games: every play recorded on this device, newest
// first, each opening on its own screen; the log's export as CSV and as
// JSON, and the import of a JSON export from another device.
type playsScreen struct {
	u       *UI
	content fyne.CanvasObject
	back    *widget.Button
	csv     *widget.Button
	json    *widget.Button
	imp     *widget.Button
	note    *widget.Label
	// keeping says, beside the export, that the browser may drop the
	// played games (keeping.go); empty and hidden where it promised not to.
	keeping *widget.Label
	list    []plays.Play // as shown, newest first
	tiles   []*widget.Button
}

// ShowPlays shows Played games, as the home screen's button does.
func (u *UI) ShowPlays() { u.Show(newPlaysScreen(u).content) }

// ShowPlay shows the played game with this ID, as its line in Played
// games does; Played games where the log has no such play.
func (u *UI) ShowPlay(id string) {
	for _, p := range u.plays.Plays() {
		if p.ID == id {
			u.Show(newPlayScreen(u, p).content)
			return
		}
	}
	u.ShowPlays()
}

func newPlaysScreen(u *UI) *playsScreen {
	p := &playsScreen{u: u, list: u.plays.Plays()}
	var bar fyne.CanvasObject
	bar, p.back = kit.BackBar(lang.L("Played games"), u.ShowHome)
	p.csv = widget.NewButtonWithIcon(lang.L("Export as CSV"), theme.DocumentSaveIcon(), func() {
		u.SaveFile("boardside-plays.csv", p.writeCSV, u.ShowError)
	})
	p.json = widget.NewButtonWithIcon(lang.L("Export as JSON"), theme.DocumentSaveIcon(), func() {
		u.SaveFile("boardside-plays.json", p.writeJSON, u.ShowError)
	})
	p.imp = widget.NewButtonWithIcon(lang.L("Import"), theme.FolderOpenIcon(), func() { u.openFile(p.importFile) })
	// An empty log has nothing to export; the buttons keep their places.
	kit.Enable(len(p.list) > 0, p.csv, p.json)
	p.keeping = kit.Wrapped("")
	p.keeping.Hide()
	u.whenKeepingKnown(func(k keeping) {
		if text := keepingInPlays(k); text != "" {
			p.keeping.SetText(text)
			p.keeping.Show()
		}
	})
	rows := []fyne.CanvasObject{container.New(&kit.FoldGrid{}, p.csv, p.json, p.imp), p.keeping}
	switch len(p.list) {
	case 0:
		p.note = kit.Wrapped(lang.L("No played games yet. When a game ends, its screen offers to record the play here."))
	case 1:
		p.note = kit.Wrapped(lang.L("1 played game, the newest first."))
	default:
		p.note = kit.Wrapped(lang.L("{{.N}} played games, the newest first.", map[string]any{"N": len(p.list)}))
	}
	rows = append(rows, p.note)
	for _, pl := range p.list {
		tile, b := newTile(pl.GameName, playSummary(pl), func() { u.Show(newPlayScreen(u, pl).content) })
		p.tiles = append(p.tiles, b)
		rows = append(rows, tile)
	}
	p.content = kit.NewBorder(bar, nil, kit.NewScroll(container.NewPadded(container.NewVBox(rows...))))
	return p
}

// writeCSV writes the log for a spreadsheet.
func (p *playsScreen) writeCSV(w io.Writer) error {
	if p.u.plays.Log() == nil {
		return plays.ErrNoLog
	}
	b, err := p.u.plays.Log().ExportCSV()
	if err == nil {
		_, err = w.Write(b)
	}
	return err
}

// writeJSON writes the log as the export another device imports.
func (p *playsScreen) writeJSON(w io.Writer) error {
	if p.u.plays.Log() == nil {
		return plays.ErrNoLog
	}
	b, err := p.u.plays.Log().ExportJSON()
	if err == nil {
		_, err = w.Write(b)
	}
	return err
}

// importFile adds the plays of an export the log does not have yet, and
// says how many; the list shows them.
func (p *playsScreen) importFile(_ string, b []byte, err error) {
	added := 0
	if err == nil && p.u.plays.Log() == nil {
		err = plays.ErrNoLog
	}
	if err == nil {
		added, err = p.u.plays.Log().Import(b)
	}
	if err != nil {
		dialog.ShowError(errors.New(lang.L("That file was not imported: {{.Reason}}", map[string]any{"Reason": err.Error()})), p.u.Win)
		return
	}
	p.u.ShowPlays()
	var msg string
	switch added {
	case 0:
		msg = lang.L("Every played game in that file is here already.")
	case 1:
		msg = lang.L("1 played game was added.")
	default:
		msg = lang.L("{{.N}} played games were added.", map[string]any{"N": added})
	}
	dialog.ShowInformation(lang.L("Import"), msg, p.u.Win)
}

// playScreen is one played game: its result, when and how long, its
// details and players, with Log in BG Stats and Delete.
type playScreen struct {
	content fyne.CanvasObject
	back    *widget.Button
	bgstats *widget.Button
	delete  *widget.Button
}

func newPlayScreen(u *UI, p plays.Play) *playScreen {
	s := &playScreen{}
	var bar fyne.CanvasObject
	bar, s.back = kit.BackBar(p.GameName, u.ShowPlays)
	result := widget.NewLabelWithStyle(playText(p.Result), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	result.Wrapping = fyne.TextWrapWord
	result.SizeName = theme.SizeNameSubHeadingText
	rows := []fyne.CanvasObject{result, kit.Wrapped(lang.L("Played on {{.Date}}", map[string]any{"Date": playDate(p)}))}
	if d := playDuration(p.Duration()); d != "" {
		rows = append(rows, kit.Wrapped(lang.L("Duration: {{.Time}}", map[string]any{"Time": d})))
	}
	if p.Board != "" {
		rows = append(rows, kit.Wrapped(lang.L("Scenario: {{.Board}}", map[string]any{"Board": playText(p.Board)})))
	}
	for _, d := range p.Details {
		rows = append(rows, kit.Wrapped(playText(d.Label)+": "+playText(d.Value)))
	}
	rows = append(rows, widget.NewLabelWithStyle(lang.L("Players"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	if len(p.Players) == 0 {
		rows = append(rows, kit.Wrapped(lang.L("No names were recorded.")))
	}
	for _, pl := range p.Players {
		rows = append(rows, kit.Wrapped(playerLine(pl, p.Cooperative)))
	}
	for _, extra := range []string{p.Location, p.Comments} {
		if extra != "" {
			rows = append(rows, kit.Wrapped(extra))
		}
	}
	s.bgstats = widget.NewButtonWithIcon(lang.L("Log in BG Stats"), theme.MailSendIcon(), func() { u.logInBGStats(p) })
	s.bgstats.Importance = widget.HighImportance
	s.delete = widget.NewButtonWithIcon(lang.L("Delete"), theme.DeleteIcon(), func() {
		dialog.ShowConfirm(lang.L("Delete this play?"), lang.L("It cannot be brought back."), func(ok bool) {
			if !ok {
				return
			}
			if err := u.plays.Remove(p.ID); err != nil {
				u.onPlaysError(err)
				return
			}
			u.ShowPlays()
		}, u.Win)
	})
	foot := container.NewPadded(kit.ButtonRow(s.bgstats, s.delete))
	s.content = kit.NewBorder(bar, foot, kit.NewScroll(container.NewPadded(container.NewVBox(rows...))))
	return s
}

// playSummary is a play in the list: when, how long, and how it ended.
func playSummary(p plays.Play) string {
	parts := []string{playDate(p)}
	if d := playDuration(p.Duration()); d != "" {
		parts = append(parts, d)
	}
	if p.Result != "" {
		parts = append(parts, playText(p.Result))
	}
	return strings.Join(parts, " · ")
}

// playDate is when the play began, in the running language's way.
func playDate(p plays.Play) string {
	at := p.Start
	if at.IsZero() {
		at = p.End
	}
	if kit.RunningLanguage() == "de" {
		return at.Local().Format("02.01.2006 15:04")
	}
	return at.Local().Format("2006-01-02 15:04")
}

// playDuration is how long a play took, in minutes or hours and minutes;
// "" when it is not known.
func playDuration(d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	switch {
	case d <= 0:
		return ""
	case m < 60:
		return lang.L("{{.Minutes}} min", map[string]any{"Minutes": m})
	}
	return lang.L("{{.Hours}} h {{.Minutes}} min", map[string]any{"Hours": m / 60, "Minutes": m % 60})
}

// playerLine is a player of a play: the name, the role, the points and the
// place, and whether they won (in a co-operative game the table's result
// says that).
func playerLine(pl plays.Player, cooperative bool) string {
	line := pl.Name
	if pl.Role != "" {
		line += " (" + playText(pl.Role) + ")"
	}
	var more []string
	if pl.Score != nil {
		more = append(more, lang.L("{{.Points}} points", map[string]any{"Points": *pl.Score}))
	}
	if pl.Rank > 0 {
		more = append(more, lang.L("place {{.Place}}", map[string]any{"Place": pl.Rank}))
	}
	if pl.Winner && !cooperative {
		more = append(more, lang.L("won"))
	}
	if len(more) > 0 {
		line += ": " + strings.Join(more, ", ")
	}
	return line
}

// The games' rules write a play in English, as BG Stats and the CSV take
// it (companion/<game>/play.go); a screen shows it in the running
// language. playText knows the texts the rules write; any other (a name,
// an owner's own ship) stays as it is. Compiled when first needed, not at
// every start (a phone's first visit, issue 44).
var playPatterns = sync.OnceValue(func() []playPattern {
	return []playPattern{
		{regexp.MustCompile(`^Mission accomplished with (.+) left$`), func(m []string) string {
			return lang.L("Mission accomplished with {{.Time}} left", map[string]any{"Time": m[1]})
		}},
		{regexp.MustCompile(`^Won with (.+) of sand left$`), func(m []string) string {
			return lang.L("Won with {{.Time}} of sand left", map[string]any{"Time": m[1]})
		}},
		{regexp.MustCompile(`^(.+) and (.+) share first place with (-?\d+) points$`), func(m []string) string {
			return lang.L("{{.Names}} and {{.Last}} share first place with {{.Points}} points", map[string]any{"Names": m[1], "Last": m[2], "Points": m[3]})
		}},
		{regexp.MustCompile(`^(.+) wins with (-?\d+) points$`), func(m []string) string {
			return lang.L("{{.Name}} wins with {{.Points}} points", map[string]any{"Name": m[1], "Points": m[2]})
		}},
		{regexp.MustCompile(`^Mission (\d+)$`), func(m []string) string {
			n, _ := strconv.Atoi(m[1])
			return lang.L("Mission {{.Mission}}", map[string]any{"Mission": n})
		}},
	}
})

// playPattern is a text the rules write, and the same in the running
// language.
type playPattern struct {
	re   *regexp.Regexp
	text func(m []string) string
}

// playWords are the words the games' rules write into a play (results,
// boards, details' labels and values) that are shown in the player's
// language.
var playWords = []string{
	"Time's up", "Lost: the sand ran out", "The crew won", "ADELE won: a crew member died",
	"ADELE won: the rounds ran out", "Easy", "Normal", "Hard", "AI roles", "Turns",
	"Time left", "Playing time", "Sand left", "Flips", "Solo", "Expert rule", "Players",
	"Rounds", "Tie-break", "none", "yes", "occupied control fields", "crystals",
	"Astronaut", "Cologne", "Crew",
}

// playText is a text the rules wrote into a play, in the player's language:
// a known word, a pattern with figures (playPatterns), or a list of them.
func playText(s string) string {
	if slices.Contains(playWords, s) {
		return lang.L(s)
	}
	for _, p := range playPatterns() {
		if m := p.re.FindStringSubmatch(s); m != nil {
			return p.text(m)
		}
	}
	if parts := strings.Split(s, ", "); len(parts) > 1 { // the AI's roles
		for i, part := range parts {
			parts[i] = playText(part)
		}
		return strings.Join(parts, ", ")
	}
	return s
}
