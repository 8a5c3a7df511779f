package kit

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"github.com/jeandeaual/go-locale"

	"boardside/assets"
)

// LoadTranslations adds Boardside's German texts when the player's
// languages, the list Fyne picks its language from, include German. Keys
// are the English texts, so English needs no file read (en.json lists the
// keys for the translation checks) and a missing translation still shows
// English. A browser's first frame comes sooner without the JSON it would
// not show. It also makes Fyne pick the language again, after
// ApplyLanguage or a test changed the environment.
func LoadTranslations() {
	locales, err := locale.GetLocales()
	if err != nil {
		fyne.LogError("read the player's languages", err)
	}
	if !slices.ContainsFunc(locales, isGerman) {
		// Adds nothing: Fyne picks the language again only when
		// translations are added.
		_ = lang.AddTranslationsForLocale([]byte("{}"), "en")
		return
	}
	de, err := assets.Translations.ReadFile(assets.TranslationsDir + "/de.json")
	if err == nil {
		err = lang.AddTranslationsForLocale(de, "de")
	}
	if err != nil {
		fyne.LogError("load translations", err)
	}
}

// isGerman tells whether a language tag (de, de-AT, de_CH.UTF-8) is German.
func isGerman(tag string) bool {
	primary, _, _ := strings.Cut(strings.ToLower(tag), "-")
	primary, _, _ = strings.Cut(primary, "_")
	return primary == "de"
}

// RunningLanguage is the language the texts are shown in right now.
func RunningLanguage() string {
	if isGerman(lang.SystemLocale().String()) {
		return "de"
	}
	return "en"
}

// SourceText is a game data file's note of where a part comes from, in
// the running language: the shipped notes are in the translations, an
// owner's own shows as written.
func SourceText(s string) string { return lang.L(s) }
