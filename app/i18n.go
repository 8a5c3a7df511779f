package app

import (
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"boardside/assets"
)

// ApplyLanguage makes a language chosen in Settings win over the system's.
// Fyne reads the locale from the environment when translations load and
// offers no live switch, so this runs before LoadTranslations at start.
func ApplyLanguage(choice string) {
	if choice == choiceSystem || choice == "" {
		return
	}
	_ = os.Setenv("LANGUAGE", choice)
	// LANGUAGE is only consulted when the locale is not C/POSIX/unset, and
	// LC_ALL, LC_MESSAGES, LANG are read in that order.
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		cur := os.Getenv(v)
		if cur == "" {
			continue
		}
		if cur == "C" || cur == "POSIX" {
			_ = os.Setenv(v, choice)
		}
		return
	}
	_ = os.Setenv("LC_MESSAGES", choice)
}

// LoadTranslations adds Boardside's German and English texts. Keys are the
// English texts, so a missing translation still shows English.
func LoadTranslations() {
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		fyne.LogError("load translations", err)
	}
}

// RunningLanguage is the language the texts are shown in right now.
func RunningLanguage() string {
	primary, _, _ := strings.Cut(lang.SystemLocale().String(), "-")
	if primary == "de" {
		return "de"
	}
	return "en"
}

// SourceText is a game data file's note of where a part comes from, in
// the running language: the shipped notes are in the translations, an
// owner's own shows as written.
func SourceText(s string) string { return lang.L(s) }
