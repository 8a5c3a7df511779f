package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"boardside/app/kit"
)

// settingsScreen holds the player's choices. Each change is stored at once.
type settingsScreen struct {
	u            *UI
	content      fyne.CanvasObject
	back         *widget.Button
	language     *widget.Select
	languageNote *widget.Label
	theme        *widget.RadioGroup
	sound        *widget.Check
	keepScreenOn *widget.Check
	// keeping says whether the browser promised to keep Boardside's data;
	// hidden in a program, whose files are its own (keeping.go).
	keeping *widget.Label

	languageCodes map[string]string // option text → code
	themeCodes    map[string]string
}

func newSettingsScreen(u *UI) *settingsScreen {
	s := &settingsScreen{u: u}
	var bar fyne.CanvasObject
	bar, s.back = kit.BackBar(lang.L("Settings"), u.ShowHome)

	langOpts := []string{lang.L("Same as the system"), "English", "Deutsch"}
	s.languageCodes = map[string]string{langOpts[0]: choiceSystem, langOpts[1]: "en", langOpts[2]: "de"}
	s.language = widget.NewSelect(langOpts, nil)
	s.language.SetSelected(kit.TextFor(s.languageCodes, u.prefs.Language()))
	s.language.OnChanged = s.onLanguage
	s.languageNote = widget.NewLabel("")
	s.languageNote.Wrapping = fyne.TextWrapWord
	s.updateLanguageNote()

	themeOpts := []string{lang.L("Same as the system"), lang.L("Light"), lang.L("Dark")}
	s.themeCodes = map[string]string{themeOpts[0]: choiceSystem, themeOpts[1]: "light", themeOpts[2]: "dark"}
	s.theme = widget.NewRadioGroup(themeOpts, nil)
	s.theme.Required = true
	s.theme.SetSelected(kit.TextFor(s.themeCodes, u.prefs.Theme()))
	s.theme.OnChanged = s.onTheme

	var sound, keepScreenOn fyne.CanvasObject
	s.sound, sound = kit.NewWrapCheck(lang.L("Sound at alerts"), nil)
	s.sound.SetChecked(u.prefs.Sound())
	s.sound.OnChanged = s.onSound
	s.keepScreenOn, keepScreenOn = kit.NewWrapCheck(lang.L("Keep the screen on while a timer runs"), nil)
	s.keepScreenOn.SetChecked(u.prefs.KeepScreenOn())
	s.keepScreenOn.OnChanged = s.onKeepScreenOn

	form := widget.NewForm(
		widget.NewFormItem(lang.L("Language"), container.NewVBox(s.language, s.languageNote)),
		widget.NewFormItem(lang.L("Theme"), s.theme),
		widget.NewFormItem(lang.L("Sound"), sound),
		widget.NewFormItem(lang.L("Screen"), keepScreenOn),
	)
	s.keeping = kit.Wrapped("")
	u.whenKeepingKnown(func(k keeping) {
		s.keeping.SetText(keepingInSettings(k))
		if len(form.Items) == 4 {
			form.Append(lang.L("Saved games"), s.keeping)
		}
	})
	s.content = kit.NewBorder(bar, nil, kit.NewScroll(container.NewPadded(form)))
	return s
}

func (s *settingsScreen) onLanguage(text string) {
	s.u.prefs.SetLanguage(s.languageCodes[text])
	s.updateLanguageNote()
}

// updateLanguageNote says when the chosen language differs from the one
// showing: Fyne can only switch it at the next start.
func (s *settingsScreen) updateLanguageNote() {
	want := s.u.prefs.Language()
	if want == choiceSystem || want == kit.RunningLanguage() {
		s.languageNote.SetText("")
		s.languageNote.Hide()
		return
	}
	s.languageNote.SetText(lang.L("Boardside will use this language the next time it starts."))
	s.languageNote.Show()
}

func (s *settingsScreen) onTheme(text string) {
	code, ok := s.themeCodes[text]
	if !ok {
		return
	}
	s.u.prefs.SetTheme(code)
	kit.ApplyTheme(s.u.app, code)
}

func (s *settingsScreen) onSound(on bool) { s.u.prefs.SetSound(on) }

func (s *settingsScreen) onKeepScreenOn(on bool) { s.u.prefs.SetKeepScreenOn(on) }
