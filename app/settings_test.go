package app

import (
	"image/color"
	"strings"
	"testing"

	"boardside/app/apptest"
	"boardside/app/kit"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSettings_HomeToSettingsChooseLanguageAndThemeThenBack(t *testing.T) {
	env := newTestEnv(t)
	u := env.start(t)

	test.Tap(apptest.Button(t, u.Current, "Settings"))
	shown := strings.Join(apptest.Texts(u.Current), "\n")
	require.Contains(t, shown, "Language")
	require.Contains(t, shown, "Same as the system", "the system language is the default")

	s := newSettingsScreen(u) // the same screen, with its widgets reachable
	u.Show(s.content)
	assert.False(t, s.languageNote.Visible(), "no note while the language is the running one")

	s.language.SetSelected("Deutsch")
	assert.Equal(t, "de", env.App.Preferences().String(prefLanguage), "the choice is stored")
	assert.True(t, s.languageNote.Visible())
	assert.Equal(t, "Boardside will use this language the next time it starts.", s.languageNote.Text)

	s.theme.SetSelected("Dark")
	assert.Equal(t, "dark", env.App.Preferences().String(prefTheme))
	darkBg := theme.DarkTheme().Color(theme.ColorNameBackground, theme.VariantDark)
	assert.Equal(t, darkBg, env.App.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantLight),
		"dark is applied at once, whatever the system prefers")

	test.Tap(s.sound)
	assert.False(t, env.App.Preferences().Bool(prefSound))
	test.Tap(s.keepScreenOn)
	assert.False(t, env.App.Preferences().Bool(prefKeepScreenOn))

	test.Tap(s.back)
	assert.Contains(t, apptest.Texts(u.Current), "Counter", "Back returns home")

	// At the next start the same choices are read back.
	u2 := env.start(t)
	s2 := newSettingsScreen(u2)
	assert.Equal(t, "Deutsch", s2.language.Selected)
	assert.Equal(t, "Dark", s2.theme.Selected)
	assert.False(t, s2.sound.Checked)
	assert.False(t, s2.keepScreenOn.Checked)
	assert.Equal(t, darkBg, env.App.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantLight))
}

func TestSettings_ThemeChoices(t *testing.T) {
	light := theme.LightTheme().Color(theme.ColorNameBackground, theme.VariantLight)
	dark := theme.DarkTheme().Color(theme.ColorNameBackground, theme.VariantDark)
	tests := []struct {
		choice        string
		systemVariant bool // true: follows the variant asked for
		want          color.Color
	}{
		{choice: "light", want: light},
		{choice: "dark", want: dark},
		{choice: "system", systemVariant: true},
	}
	for _, tt := range tests {
		t.Run(tt.choice, func(t *testing.T) {
			th := kit.ThemeFor(tt.choice)
			assert.Zero(t, th.Size(theme.SizeNameInputRadius), "controls are square-cornered")
			assert.Equal(t, theme.DefaultTheme().Size(theme.SizeNameText), th.Size(theme.SizeNameText))
			if tt.systemVariant {
				assert.Equal(t, light, th.Color(theme.ColorNameBackground, theme.VariantLight))
				assert.Equal(t, dark, th.Color(theme.ColorNameBackground, theme.VariantDark))
				return
			}
			assert.Equal(t, tt.want, th.Color(theme.ColorNameBackground, theme.VariantLight))
			assert.Equal(t, tt.want, th.Color(theme.ColorNameBackground, theme.VariantDark))
		})
	}
}

func TestPrefs_UnknownStoredValuesFallBack(t *testing.T) {
	env := newTestEnv(t)
	env.App.Preferences().SetString(prefLanguage, "klingon")
	env.App.Preferences().SetString(prefTheme, "neon")
	p := NewPrefs(env.App.Preferences())
	assert.Equal(t, "system", p.Language())
	assert.Equal(t, "system", p.Theme())
	assert.True(t, p.Sound(), "sound is on until turned off")
	assert.True(t, p.KeepScreenOn())
}

func TestApplyLanguage(t *testing.T) {
	tests := []struct {
		name        string
		choice      string
		env         map[string]string
		wantEnv     map[string]string
		wantRunning string
	}{
		{name: "system keeps the environment", choice: "system", env: map[string]string{"LANG": "de_DE.UTF-8"}, wantRunning: "de"},
		{name: "choice beats the system language", choice: "en", env: map[string]string{"LANG": "de_DE.UTF-8"}, wantEnv: map[string]string{"LANGUAGE": "en"}, wantRunning: "en"},
		{name: "choice works under the C locale", choice: "de", env: map[string]string{"LANG": "C"}, wantEnv: map[string]string{"LANG": "de"}, wantRunning: "de"},
		{name: "choice works with no locale set", choice: "de", env: map[string]string{}, wantEnv: map[string]string{"LC_MESSAGES": "de"}, wantRunning: "de"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Cleanup(kit.LoadTranslations)
			for _, v := range []string{"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"} {
				t.Setenv(v, tt.env[v])
			}
			ApplyLanguage(tt.choice)
			for k, v := range tt.wantEnv {
				assert.Equal(t, v, getenv(k), k)
			}
			kit.LoadTranslations()
			assert.Equal(t, tt.wantRunning, kit.RunningLanguage())
		})
	}
}
