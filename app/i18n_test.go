package app

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app/apptest"
	"boardside/app/kit"
)

func loadTranslationFile(t *testing.T, lang string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "assets", "translations", lang+".json"))
	require.NoError(t, err)
	var m map[string]string
	require.NoError(t, json.Unmarshal(b, &m), "%s.json must be a flat JSON object of strings", lang)
	return m
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestTranslations_EveryKeyInBothLanguages(t *testing.T) {
	en, de := loadTranslationFile(t, "en"), loadTranslationFile(t, "de")
	assert.Equal(t, keys(en), keys(de), "a key exists in one language and not in the other")
	for k, v := range en {
		assert.Equal(t, k, v, "English keys are the English text")
		assert.NotEmpty(t, de[k], "German text for %q is empty", k)
	}
}

// TestTranslations_EveryTextInTheCodeIsTranslated scans the app's source
// for texts passed to lang.L and the game blurbs, and checks each has an
// entry, so no screen shows a German player an English line.
func TestTranslations_EveryTextInTheCodeIsTranslated(t *testing.T) {
	en := loadTranslationFile(t, "en")
	// The app and the skeleton game a new one is copied from.
	files := append(apptest.SourceFiles(t, "."), apptest.SourceFiles(t, filepath.Join("..", "docs", "skeleton"))...)
	patterns := []*regexp.Regexp{
		regexp.MustCompile(`lang\.L\("((?:[^"\\]|\\.)*)"`),
		regexp.MustCompile(`Blurb:\s*"((?:[^"\\]|\\.)*)"`),
	}
	found := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, p := range patterns {
			for _, m := range p.FindAllStringSubmatch(string(src), -1) {
				found++
				_, ok := en[m[1]]
				assert.True(t, ok, "%s: %q has no translation entry", f, m[1])
			}
		}
	}
	assert.Greater(t, found, 20, "the scan found the app's texts")
}

// TestTranslations_RuleErrorsHaveGerman: refusals from the rules reach the
// player; each has a German text. The refusals are read from the source
// (every exported Err… = errors.New("…") outside tests), so a new game's
// or a new rule's refusal is checked without being listed here.
func TestTranslations_RuleErrorsHaveGerman(t *testing.T) {
	de := loadTranslationFile(t, "de")
	errs := refusalsIn(t, "../companion", "../timers", "../decks", ".", "../docs/skeleton")
	require.Greater(t, len(errs), 80, "the rules' refusals are found in the source")
	for _, e := range errs {
		assert.NotEmpty(t, de[e], "no German for %q", e)
	}

	setLanguage(t, "de")
	assert.Equal(t, "Es ist kein Joker mehr übrig.", kit.TranslateError(errors.New("no joker is left")), "a rule's refusal, as Magic Maze on Mars's rules give it")
	assert.Equal(t, `"x" is not a difficulty`, kit.TranslateError(errors.New(`"x" is not a difficulty`)), "unknown messages stay as they are")
}

// refusalsIn are the texts of the exported errors.New errors declared in
// the non-test Go files under dirs.
func refusalsIn(t *testing.T, dirs ...string) []string {
	t.Helper()
	var out []string
	for _, dir := range dirs {
		require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				if err == nil && d.IsDir() && d.Name() == "memrepo" {
					return filepath.SkipDir // a test's stand-in for a browser's storage
				}
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				spec, ok := n.(*ast.ValueSpec)
				if !ok {
					return true
				}
				for i, name := range spec.Names {
					if i < len(spec.Values) && name.IsExported() && strings.HasPrefix(name.Name, "Err") {
						if text, ok := errorsNewText(spec.Values[i]); ok {
							out = append(out, text)
						}
					}
				}
				return false
			})
			return nil
		}))
	}
	return out
}

// errorsNewText is the text of errors.New("…").
func errorsNewText(e ast.Expr) (string, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "New" {
		return "", false
	}
	if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "errors" {
		return "", false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	text, err := strconv.Unquote(lit.Value)
	return text, err == nil
}
