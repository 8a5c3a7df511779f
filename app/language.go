package app

import "os"

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
