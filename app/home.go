package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
)

// homeScreen shows the four games, Resume, Settings and About.
type homeScreen struct {
	u        *UI
	content  fyne.CanvasObject
	tiles    map[string]*widget.Button // by game ID
	resume   *widget.Button            // the most recent game's; nil when no game is in progress
	history  *widget.Button
	join     *widget.Button
	plays    *widget.Button
	settings *widget.Button
	about    *widget.Button
}

func newHomeScreen(u *UI) *homeScreen {
	h := &homeScreen{u: u, tiles: map[string]*widget.Button{}}
	title := widget.NewLabelWithStyle(Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameHeadingText
	h.settings = widget.NewButtonWithIcon(lang.L("Settings"), theme.SettingsIcon(), u.gated(h.onSettings))
	h.about = widget.NewButtonWithIcon(lang.L("About"), theme.InfoIcon(), u.gated(h.onAbout))
	h.settings.Importance = widget.LowImportance // flat, like the game bar
	h.about.Importance = widget.LowImportance
	h.join = widget.NewButtonWithIcon(lang.L("Join a table"), theme.LoginIcon(), u.gated(u.showJoin))
	h.plays = widget.NewButtonWithIcon(lang.L("Played games"), theme.ListIcon(), u.gated(u.ShowPlays))
	top := kit.NewFoldRow(title, container.NewHBox(h.settings, h.about))

	// Join and Played games go above the tiles and the games to resume,
	// side by side where they fit: below the tiles' worst-case height they
	// would sit off screen on a tablet, and there they keep their places
	// whatever is under way.
	cell := h.join.MinSize().Max(h.plays.MinSize())
	rows := []fyne.CanvasObject{top, container.NewGridWrap(cell, h.join, h.plays)}
	// Every game under way gets its Resume, the most recent first: a
	// Magic Maze left running must not hide behind the Mission Control
	// opened since.
	for i, g := range u.underWay() {
		resume := widget.NewButtonWithIcon(lang.L("Resume {{.Game}}", map[string]any{"Game": g.Name}),
			theme.MediaPlayIcon(), u.gated(func() { u.OpenGame(g) }))
		history := widget.NewButtonWithIcon(lang.L("History"), theme.HistoryIcon(), u.gated(func() { u.showHistory(g) }))
		if i == 0 {
			resume.Importance = widget.HighImportance
			h.resume, h.history = resume, history
		}
		rows = append(rows, kit.NewFoldRow(resume, history))
	}

	var tiles []fyne.CanvasObject
	for _, g := range u.games {
		tile, b := newTile(g.Name, lang.L(g.Blurb), u.gated(func() { u.OpenGame(g) }))
		h.tiles[g.ID] = b
		tiles = append(tiles, tile)
	}
	body := container.NewVBox(append(rows, container.New(tilesLayout{}, tiles...))...)
	h.content = kit.NewScroll(container.NewPadded(body))
	return h
}

func (h *homeScreen) onSettings() { h.u.Show(newSettingsScreen(h.u).content) }

func (h *homeScreen) onAbout() { h.u.Show(newAboutScreen(h.u).content) }
