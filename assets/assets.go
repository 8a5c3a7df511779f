package assets

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"
)

// Icon is the app icon, also named in FyneApp.toml.
//
//go:embed icons/boardside.png
var Icon []byte

// Translations holds one JSON file per language (en.json, de.json), keyed
// by the English text.
//
//go:embed translations/*.json
var Translations embed.FS

// TranslationsDir is the folder inside Translations.
const TranslationsDir = "translations"

//go:embed games/*.json
var games embed.FS

// GameData returns a game's data file, games/<game>.json.
func GameData(game string) ([]byte, error) {
	return fs.ReadFile(games, "games/"+game+".json")
}

// GameDataFiles names the games that ship a data file ("marsmaze"…), so
// that a check over every game's data needs no list of games.
func GameDataFiles() []string {
	names, _ := fs.Glob(games, "games/*.json")
	for i, n := range names {
		names[i] = strings.TrimSuffix(path.Base(n), ".json")
	}
	return names
}

// Shipped returns a function that reads and parses a game's shipped data
// file once. Each game has a test that parses its file, so a failure here
// is a build defect, not a player's problem: it panics.
func Shipped[T any](game string, parse func(name string, b []byte) (T, error)) func() T {
	return sync.OnceValue(func() T {
		b, err := GameData(game)
		if err != nil {
			panic(err)
		}
		d, err := parse(game+".json", b)
		if err != nil {
			panic(err)
		}
		return d
	})
}

// Decode reads a game's data file strictly (an unknown field is a mistake
// an owner should hear about) and checks it with validate. Every error
// starts with the file's name, so an owner editing a copy finds it.
func Decode[T any](name string, b []byte, validate func(*T) error) (*T, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var d T
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("%s: not a valid data file: %w", name, err)
	}
	if err := validate(&d); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &d, nil
}

//go:embed sounds/*.pcm
var sounds embed.FS

// Sound returns an alert sound as raw PCM: signed 16-bit little-endian,
// mono, SoundRate samples per second (made by scripts/sounds.py).
func Sound(name string) ([]byte, error) { return fs.ReadFile(sounds, "sounds/"+name+".pcm") }

// SoundRate is the sample rate of every sound.
const SoundRate = 44100

// Web is the viewer served to phones at the table: plain HTML, CSS and
// JavaScript, no build step, nothing loaded from the internet.
//
//go:embed web
var Web embed.FS

// SymbolsFont carries the symbols the app draws that Fyne's bundled Noto
// Sans lacks (− ✓ ✗ ★ ▣ ✕ ☐ ☑ ● ■ ▲ → …), and nothing else: no letters, no
// space, Noto Sans's line metrics. A browser has no system fonts to fall
// back on. Made by scripts/fonts.sh from Noto Sans Symbols 2 and Noto Sans
// Math (SIL OFL 1.1, fonts/LICENSE-Noto.txt).
//
//go:embed fonts/BoardsideSymbols-Regular.ttf
var SymbolsFont []byte

//go:embed licenses/*.txt
var licenses embed.FS

//go:embed fonts/LICENSE-*.txt
var fontLicenses embed.FS

// License is one library's or font's licence text.
type License struct {
	Module string // Go module path, e.g. fyne.io/fyne/v2, or the fonts' names
	Text   string
}

// fontLicenseNames names what each fonts/LICENSE-*.txt covers.
var fontLicenseNames = map[string]string{
	"LICENSE-Noto.txt": "Noto Sans Symbols 2 and Math fonts",
}

// Licenses returns the licences of every module built into the app, sorted
// by module path, then those of the app's own fonts. File names in
// licenses/ are module paths with "/" written as "__".
func Licenses() []License {
	entries, _ := fs.ReadDir(licenses, "licenses")
	out := make([]License, 0, len(entries))
	for _, e := range entries {
		b, err := fs.ReadFile(licenses, "licenses/"+e.Name())
		if err != nil {
			continue
		}
		mod := strings.ReplaceAll(strings.TrimSuffix(e.Name(), ".txt"), "__", "/")
		out = append(out, License{Module: mod, Text: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Module < out[j].Module })
	fonts, _ := fs.ReadDir(fontLicenses, "fonts")
	for _, e := range fonts {
		b, err := fs.ReadFile(fontLicenses, "fonts/"+e.Name())
		if err != nil {
			continue
		}
		name := fontLicenseNames[e.Name()]
		if name == "" {
			name = e.Name()
		}
		out = append(out, License{Module: name, Text: string(b)})
	}
	return out
}
