// Package wasmfix mends, for the browser build only, faults that crashed
// the web app ("RuntimeError: memory access out of bounds" in
// runtime.mapaccess2, about a hundred times an hour of tapping) or made
// it keep memory it did not need:
//
//   - Go's runtime on js/wasm hashes a nil interface key with the map's
//     64-bit seed where every other key's hash is cut to 32 bits, so a nil
//     lookup in a map[any]… of more than one table (about 900 entries)
//     reads far past the map's directory (docs/upstream/go-wasm-nil-interface-hash.md);
//   - Fyne 2.8.1 looks such a key up: AppTabs' tabButton is never
//     extended, BaseWidget.Move repaints its nil super(), and
//     cache.GetCanvasForObject(nil) looks nil up in the canvas cache, a
//     plain map[any]… with migrated_fynedo that soon holds thousands of
//     objects (docs/upstream/fyne-tabbutton-nil-canvas-lookup.md);
//   - Fyne 2.8.1 opens IndexedDB at start without asking whether the
//     browser has it (go-indexeddb's idb.Global() panics where it does
//     not) and awaits the open request without looking at the error that
//     came instead (a nil request): a browser without IndexedDB, or whose
//     open throws, killed the app before its first screen, where
//     Boardside would go on in memory (app/uristore)
//     (docs/upstream/fyne-indexeddb-missing-panics.md);
//   - Fyne 2.8.1 parses every font again for each refresh of a
//     ThemeOverride (each gets a new scope, and the font cache is keyed by
//     it and never emptied): ADELE's board, redrawn at every action,
//     kept tens of MB more every few minutes
//     (docs/upstream/fyne-theme-override-font-cache.md);
//   - Fyne 2.8.1 colours a themed icon's SVG again (parsing and writing
//     its XML, twice) at every refresh of its image: a first screen laid
//     out a few times over spent tens of ms of a phone's first visit on
//     the same few icons; and the first icon's draw has a browser compile
//     Fyne's SVG code (encoding/xml, oksvg, rasterx: about 0.35 MB of
//     wasm) before a phone's first frame, so the icons of the first
//     screens are drawn at build time (premade.go)
//     (docs/upstream/fyne-svg-colorize-every-refresh.md);
//   - Fyne 2.8.1 parses all fifteen of its translations in its lang
//     package's initialiser, to speak one: tens of ms of every start in a
//     browser (docs/upstream/fyne-lang-init-parses-every-language.md).
//   - go-i18n 2.5.1 and Fyne's lang run messages through text/template,
//     whose MethodByName makes Go's linker keep every exported method of
//     the program: 6.9 MB of the wasm; the patched parser runs {{.Name}}
//     only, which is all any message has
//     (docs/upstream/go-i18n-text-template-keeps-every-method.md).
//
// Prepare mends them for a build: the runtime's file through the Go
// toolchain's -overlay, Fyne's in a patched copy of its module that a
// -modfile puts in its place, with any files a patch adds beside the one
// it changes (the icons drawn at build time, go-i18n's fields parser)
// overlaid into that copy.
// cmd/webbuild builds every wasm a player
// gets with them (make web, make web-small, the release's web zip). A
// patch whose lines have changed in a newer Go or Fyne stops the build
// with a message; one whose fix is already there is left out.
// docs/building.md says when to remove them.
package wasmfix

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Patch is one change to one file of the toolchain or a module.
type Patch struct {
	Name   string // what it mends, in a word: runtime, fyne
	Root   string // where the file is: "goroot" or a module path
	File   string // the file, from Root, with slashes
	Report string // the report written for upstream, in docs/upstream
	// Edits are the changes: each Old must be in the file once. A file
	// that holds every New already has the fix and is left as it is.
	Edits []Edit
	// Added, if set, makes files the patched file needs beside it in its
	// package: their names in the package's folder, and contents. It is
	// given the folder of Root (a module's own, read-only) and log.
	Added func(rootDir string, log func(string)) (map[string][]byte, error)
}

// Edit replaces Old with New.
type Edit struct{ Old, New string }

// premadeCode is what the "icons" patch adds to Fyne's internal/svg
// beside its icons (premade.go).
//
//go:embed testdata/fyne_svg_premade.go
var premadeCode []byte

// fieldsCode is what the "templates" patch adds to go-i18n's
// i18n/template: its messages' templates run without text/template.
//
//go:embed testdata/i18n_fields.go
var fieldsCode []byte

// Patches are the browser build's mends.
var Patches = []Patch{
	{
		Name:   "runtime",
		Root:   "goroot",
		File:   "src/runtime/alg.go",
		Report: "docs/upstream/go-wasm-nil-interface-hash.md",
		Edits: []Edit{
			{ // interhash: a nil non-empty interface
				Old: "\ttab := a.tab\n\tif tab == nil {\n\t\treturn h\n\t}\n",
				New: "\ttab := a.tab\n\tif tab == nil {\n\t\treturn trimHash(h)\n\t}\n",
			},
			{ // nilinterhash: a nil any
				Old: "\tt := a._type\n\tif t == nil {\n\t\treturn h\n\t}\n",
				New: "\tt := a._type\n\tif t == nil {\n\t\treturn trimHash(h)\n\t}\n",
			},
		},
	},
	{
		Name:   "fyne",
		Root:   "fyne.io/fyne/v2",
		File:   "internal/cache/canvases.go",
		Report: "docs/upstream/fyne-tabbutton-nil-canvas-lookup.md",
		Edits: []Edit{{
			Old: "func GetCanvasForObject(obj fyne.CanvasObject) fyne.Canvas {\n\tcinfo, ok := canvases.Load(obj)\n",
			New: "func GetCanvasForObject(obj fyne.CanvasObject) fyne.Canvas {\n\tif obj == nil {\n\t\treturn nil\n\t}\n\tcinfo, ok := canvases.Load(obj)\n",
		}},
	},
	{
		Name:   "indexeddb",
		Root:   "fyne.io/fyne/v2",
		File:   "internal/repository/indexdb_wasm.go",
		Report: "docs/upstream/fyne-indexeddb-missing-panics.md",
		Edits: []Edit{
			{
				Old: "import (\n\t\"context\"\n\t\"syscall/js\"\n",
				New: "import (\n\t\"context\"\n\t\"errors\"\n\t\"syscall/js\"\n",
			},
			{
				Old: "func NewIndexDBRepository() (*IndexDBRepository, error) {\n\tctx := context.Background()\n",
				New: "func NewIndexDBRepository() (*IndexDBRepository, error) {\n\tif !js.Global().Get(\"indexedDB\").Truthy() {\n\t\treturn nil, errors.New(\"this browser has no IndexedDB\")\n\t}\n\tctx := context.Background()\n",
			},
			{
				Old: "\t\treturn err\n\t})\n\tdb, err := req.Await(ctx)\n",
				New: "\t\treturn err\n\t})\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\tdb, err := req.Await(ctx)\n",
			},
		},
	},
	{
		Name:   "fonts",
		Root:   "fyne.io/fyne/v2",
		File:   "internal/painter/font.go",
		Report: "docs/upstream/fyne-theme-override-font-cache.md",
		Edits: []Edit{
			{
				Old: "\t\"slices\"\n\t\"strings\"\n",
				New: "\t\"slices\"\n\t\"strconv\"\n\t\"strings\"\n",
			},
			{
				Old: "\tscope := \"\"\n\tif o != nil { // for overridden themes get the cache key right\n\t\tscope = cache.WidgetScopeID(o)\n\t}\n",
				New: "\tscope := \"\"\n\tif o != nil && cache.WidgetScopeID(o) != \"\" {\n" +
					"\t\t// An overridden theme's faces are its fonts': keyed by them, not by\n" +
					"\t\t// the scope, which is new at every refresh of a ThemeOverride.\n" +
					"\t\tif f := theme.CurrentForWidget(o).Font(style); f != nil {\n" +
					"\t\t\tscope = f.Name() + \":\" + strconv.Itoa(len(f.Content()))\n\t\t}\n\t}\n",
			},
		},
	},
	{
		Name:   "icons",
		Root:   "fyne.io/fyne/v2",
		File:   "internal/svg/svg.go",
		Report: "docs/upstream/fyne-svg-colorize-every-refresh.md",
		Edits: []Edit{
			{
				Old: "\t\"strings\"\n\n\t\"github.com/fyne-io/oksvg\"\n",
				New: "\t\"strings\"\n\t\"sync\"\n\n\t\"github.com/fyne-io/oksvg\"\n",
			},
			{
				Old: "func Colorize(src []byte, clr color.Color) ([]byte, error) {\n\trdr := bytes.NewReader(src)\n",
				New: "func Colorize(src []byte, clr color.Color) ([]byte, error) {\n" +
					"\tif out, ok := premadeColorize(src, clr); ok { // drawn at build time (boardside_premade.go)\n\t\treturn out, nil\n\t}\n" +
					"\t// An icon is coloured again at every refresh of its image (twice:\n" +
					"\t// its theme's colour, then its widget's), each time parsing and\n" +
					"\t// writing its XML: the same few icons in the same few colours.\n" +
					"\tr, g, b, a := clr.RGBA()\n\tkey := [4]uint32{r, g, b, a}\n" +
					"\tcolorized.Lock()\n\tout, ok := colorized.m[key][string(src)]\n\tcolorized.Unlock()\n" +
					"\tif ok {\n\t\treturn out, nil\n\t}\n" +
					"\tout, err := colorize(src, clr)\n\tif err != nil {\n\t\treturn out, err\n\t}\n" +
					"\tcolorized.Lock()\n\tdefer colorized.Unlock()\n" +
					"\tif colorized.n >= 512 { // a bound, should an app colour icons without end\n" +
					"\t\tcolorized.m, colorized.n = nil, 0\n\t}\n" +
					"\tif colorized.m == nil {\n\t\tcolorized.m = map[[4]uint32]map[string][]byte{}\n\t}\n" +
					"\tif colorized.m[key] == nil {\n\t\tcolorized.m[key] = map[string][]byte{}\n\t}\n" +
					"\tcolorized.m[key][string(src)] = out\n\tcolorized.n++\n\treturn out, nil\n}\n\n" +
					"// colorized holds Colorize's results by colour and source.\n" +
					"var colorized struct {\n\tsync.Mutex\n\tm map[[4]uint32]map[string][]byte\n\tn int\n}\n\n" +
					"func colorize(src []byte, clr color.Color) ([]byte, error) {\n\trdr := bytes.NewReader(src)\n",
			},
			// The icons of the first screens, drawn at build time
			// (premade.go, testdata/fyne_svg_premade.go).
			{
				Old: "type Decoder struct {\n\ticon *oksvg.SvgIcon\n}\n",
				New: "type Decoder struct {\n\ticon    *oksvg.SvgIcon\n\tpremade *premadeRef // drawn from a mask made at build time (boardside_premade.go)\n}\n",
			},
			{
				Old: "func NewDecoder(stream io.Reader) (*Decoder, error) {\n\ticon, err := oksvg.ReadReplacingCurrentColor(stream, \"#000000\")\n",
				New: "func NewDecoder(stream io.Reader) (*Decoder, error) {\n\tsrc, err := io.ReadAll(stream)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n" +
					"\tif d := premadeDecoder(src); d != nil {\n\t\treturn d, nil\n\t}\n" +
					"\ticon, err := oksvg.ReadReplacingCurrentColor(bytes.NewReader(src), \"#000000\")\n",
			},
			{
				Old: "func (d *Decoder) Config() Config {\n\treturn Config{\n",
				New: "func (d *Decoder) Config() Config {\n\tif d.premade != nil {\n\t\treturn d.premade.config()\n\t}\n\treturn Config{\n",
			},
			{
				Old: "\t}\n\n\tx, y := svgOffset(d.icon, imgW, imgH)\n",
				New: "\t}\n\tif d.premade != nil {\n\t\tif img := d.premade.draw(imgW, imgH); img != nil {\n\t\t\treturn img, nil\n\t\t}\n" +
					"\t\tif err := d.parse(); err != nil {\n\t\t\treturn nil, err\n\t\t}\n\t}\n" +
					"\tx, y := svgOffset(d.icon, imgW, imgH)\n",
			},
		},
		Added: func(fyneDir string, log func(string)) (map[string][]byte, error) {
			icons, err := premadeIcons(fyneDir, log)
			return map[string][]byte{"boardside_premade.go": premadeCode, "boardside_premade_icons.go": icons}, err
		},
	},
	{
		Name:   "translations",
		Root:   "fyne.io/fyne/v2",
		File:   "lang/lang.go",
		Report: "docs/upstream/fyne-lang-init-parses-every-language.md",
		Edits: []Edit{
			{
				Old: "\ttranslated = []language.Tag{language.Make(\"en\")} // the first item in this list will be the fallback if none match\n" +
					"\terr := AddTranslationsFS(translations, \"translations\")\n" +
					"\tif err != nil {\n\t\tfyne.LogError(\"Error occurred loading built-in translations\", err)\n\t}\n}\n",
				New: "\ttranslated = []language.Tag{language.Make(\"en\")} // the first item in this list will be the fallback if none match\n" +
					"\tif err := listBuiltin(); err != nil {\n\t\tfyne.LogError(\"Error occurred loading built-in translations\", err)\n\t}\n" +
					"\tupdateLocalizer()\n}\n\n" +
					"// builtin are Fyne's own translation files not parsed yet, by language:\n" +
					"// parsing all fifteen took tens of ms of every start in a browser, and a\n" +
					"// window speaks one language at a time.\n" +
					"var builtin = map[language.Base][]string{}\n\n" +
					"// listBuiltin offers the languages of Fyne's own translations, read from\n" +
					"// their files' names ([prefix.]lang.json, as go-i18n reads them).\n" +
					"func listBuiltin() error {\n\tfiles, err := translations.ReadDir(\"translations\")\n\tif err != nil {\n\t\treturn err\n\t}\n" +
					"\tfor _, f := range files {\n\t\tname := strings.TrimSuffix(f.Name(), \".json\")\n" +
					"\t\ttag := language.Make(name[strings.LastIndex(name, \".\")+1:])\n" +
					"\t\tbase, _ := tag.Base()\n\t\tbuiltin[base] = append(builtin[base], f.Name())\n\t\ttranslated = append(translated, tag)\n\t}\n\treturn nil\n}\n\n" +
					"// parseBuiltin parses, once, Fyne's own translations in l's language.\n" +
					"func parseBuiltin(l fyne.Locale) {\n\tbase, _ := language.Make(l.LanguageString()).Base()\n" +
					"\tfor _, name := range builtin[base] {\n\t\tdata, err := translations.ReadFile(\"translations/\" + name)\n" +
					"\t\tif err == nil {\n\t\t\t_, err = bundle.ParseMessageFileBytes(data, name)\n\t\t}\n" +
					"\t\tif err != nil {\n\t\t\tfyne.LogError(\"Error occurred loading built-in translations\", err)\n\t\t}\n\t}\n" +
					"\tdelete(builtin, base)\n}\n",
			},
			{
				Old: "\tsetupLang(closestSupportedLocale(all).LanguageString())\n",
				New: "\tclosest := closestSupportedLocale(all)\n\tparseBuiltin(closest)\n\tsetupLang(closest.LanguageString())\n",
			},
		},
	},
	{
		Name:   "templates",
		Root:   "github.com/nicksnyder/go-i18n/v2",
		File:   "i18n/template/text_parser.go",
		Report: "docs/upstream/go-i18n-text-template-keeps-every-method.md",
		Edits: []Edit{{
			Old: "\ttmpl, err := template.New(\"\").Delims(leftDelim, rightDelim).Option(option).Funcs(te.Funcs).Parse(src)\n" +
				"\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn &parsedTextTemplate{tmpl: tmpl}, nil\n}\n",
			New: "\t// Not text/template, whose executor makes Go's linker keep every\n" +
				"\t// exported method of the program (boardside_fields.go).\n" +
				"\tif te.Funcs != nil || option != \"missingkey=default\" {\n" +
				"\t\treturn nil, fmt.Errorf(\"template %q: functions and options are not run in this build\", src)\n\t}\n" +
				"\treturn parseFields(src, leftDelim, rightDelim)\n}\n",
		}, {
			Old: "\t\"bytes\"\n\t\"strings\"\n",
			New: "\t\"bytes\"\n\t\"fmt\"\n\t\"strings\"\n",
		}},
		Added: func(string, func(string)) (map[string][]byte, error) {
			return map[string][]byte{"boardside_fields.go": fieldsCode}, nil
		},
	},
	{
		// Fyne's lang runs a message that go-i18n could not translate
		// through text/template itself: through go-i18n's parser instead,
		// patched above.
		Name:   "templates",
		Root:   "fyne.io/fyne/v2",
		File:   "lang/lang.go",
		Report: "docs/upstream/go-i18n-text-template-keeps-every-method.md",
		Edits: []Edit{{
			Old: "\t\"sync\"\n\t\"text/template\"\n\n\t\"github.com/jeandeaual/go-locale\"\n\t\"github.com/nicksnyder/go-i18n/v2/i18n\"\n",
			New: "\t\"sync\"\n\n\t\"github.com/jeandeaual/go-locale\"\n\t\"github.com/nicksnyder/go-i18n/v2/i18n\"\n\ti18ntemplate \"github.com/nicksnyder/go-i18n/v2/i18n/template\"\n",
		}, {
			Old: "\tt, err := template.New(key).Parse(fallback)\n\tif err != nil {\n\t\tlog.Println(\"Could not parse fallback template\")\n\t\treturn fallback\n\t}\n" +
				"\tstr := &strings.Builder{}\n\t_ = t.Execute(str, data)\n\treturn str.String()\n}\n",
			New: "\tt, err := (&i18ntemplate.TextParser{}).Parse(fallback, \"\", \"\")\n\tif err != nil {\n\t\tlog.Println(\"Could not parse fallback template\")\n\t\treturn fallback\n\t}\n" +
				"\tstr, err := t.Execute(data)\n\tif err != nil {\n\t\treturn fallback\n\t}\n\treturn str\n}\n",
		}},
	},
}

// Apply is src with p's edits made; done says the fix was there already.
func (p Patch) Apply(src string) (out string, done bool, err error) {
	out = src
	fixed := true
	for _, e := range p.Edits {
		fixed = fixed && strings.Contains(src, e.New)
	}
	if fixed {
		return src, true, nil
	}
	for _, e := range p.Edits {
		if n := strings.Count(out, e.Old); n != 1 {
			return "", false, fmt.Errorf("the %s patch no longer applies to %s (its lines are there %d times, not once): "+
				"see whether %s has been fixed upstream, and mend or remove the patch in cmd/webbuild/wasmfix", p.Name, p.File, n, p.Report)
		}
		out = strings.Replace(out, e.Old, e.New, 1)
	}
	return out, false, nil
}

// Prepare writes into dir what `go build` and `go test` need to build
// with the named patches (all for none), and returns the flags that say
// so, with a line for each patch on log:
//
//   - a file of GOROOT is replaced through -overlay;
//   - a module's file cannot be (the go command refuses to overlay files
//     in its module cache), so the module is copied into dir once, the
//     copy patched, and -modfile names a go.mod that replaces the module
//     with the copy. The copy's folder stays the same from build to
//     build, so Go's cache keeps what it compiled.
//
// Extra maps "module:path" to a file added to that module's copy through
// the overlay (tests of a patched package). goCmd is the go command, run
// in the main module's folder.
func Prepare(goCmd, dir string, names []string, extra map[string]string, log func(string)) ([]string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	overlay := map[string]string{}
	copies := map[string]string{}  // module path -> its patched copy
	patched := map[string]string{} // "root:file" -> its text, patched so far
	for _, p := range Patches {
		if len(names) > 0 && !slices.Contains(names, p.Name) {
			continue
		}
		root, err := rootDir(goCmd, p.Root)
		if err != nil {
			return nil, err
		}
		// Two patches may change one file: the second edits the first's.
		file := p.Root + ":" + p.File
		src, ok := patched[file]
		if !ok {
			b, err := os.ReadFile(filepath.Join(root.dir, filepath.FromSlash(p.File)))
			if err != nil {
				return nil, err
			}
			src = string(b)
		}
		out, done, err := p.Apply(src)
		if err != nil {
			return nil, err
		}
		patched[file] = out
		if done {
			log(fmt.Sprintf("wasmfix: %s %s has the %s fix already: the patch can go (%s)", p.Root, p.File, p.Name, p.Report))
			continue
		}
		if err := write(p, out, root, goCmd, dir, overlay, copies); err != nil {
			return nil, err
		}
		if err := add(p, root, goCmd, dir, overlay, copies, log); err != nil {
			return nil, err
		}
		log(fmt.Sprintf("wasmfix: %s %s %s patched (%s)", p.Root, root.version, p.File, p.Report))
	}
	for at, file := range extra {
		mod, rel, _ := strings.Cut(at, ":")
		cp, err := copyOnce(copies, goCmd, dir, mod)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(file)
		if err != nil {
			return nil, err
		}
		overlay[filepath.Join(cp, filepath.FromSlash(rel))] = abs
	}
	var flags []string
	if len(overlay) > 0 {
		b, err := json.MarshalIndent(struct{ Replace map[string]string }{overlay}, "", "  ")
		if err != nil {
			return nil, err
		}
		path := filepath.Join(dir, "overlay.json")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return nil, err
		}
		flags = append(flags, "-overlay", path)
	}
	if len(copies) > 0 {
		modfile, err := writeModfile(goCmd, dir, copies)
		if err != nil {
			return nil, err
		}
		flags = append(flags, "-modfile", modfile)
	}
	return flags, nil
}

// add writes the files p adds to its package (Patch.Added) into dir, and
// overlays them into the package's folder in the module's copy.
func add(p Patch, root root, goCmd, dir string, overlay, copies map[string]string, log func(string)) error {
	if p.Added == nil {
		return nil
	}
	files, err := p.Added(root.dir, log)
	if err != nil {
		return err
	}
	cp, err := copyOnce(copies, goCmd, dir, p.Root)
	if err != nil {
		return err
	}
	for name, content := range files {
		out := filepath.Join(dir, p.Name+"-"+name)
		if err := os.WriteFile(out, content, 0o644); err != nil {
			return err
		}
		overlay[filepath.Join(cp, filepath.FromSlash(path.Dir(p.File)), name)] = out
	}
	return nil
}

// write puts p's patched file out where the build reads it: a GOROOT
// file beside the overlay that names it, a module's in the module's copy.
func write(p Patch, out string, root root, goCmd, dir string, overlay, copies map[string]string) error {
	if p.Root == "goroot" {
		patched := filepath.Join(dir, p.Name+"-"+filepath.Base(p.File))
		overlay[filepath.Join(root.dir, filepath.FromSlash(p.File))] = patched
		return os.WriteFile(patched, []byte(out), 0o644)
	}
	cp, err := copyOnce(copies, goCmd, dir, p.Root)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(cp, filepath.FromSlash(p.File)), []byte(out), 0o644)
}

// TestFiles are the tests make wasm-test adds to Fyne's own packages, as
// Prepare's extra takes them, from the repository's root.
var TestFiles = map[string]string{
	"fyne.io/fyne/v2:internal/cache/boardside_nil_test.go":                    "cmd/webbuild/wasmfix/testdata/fyne_cache_nil_test.go",
	"fyne.io/fyne/v2:internal/painter/boardside_font_test.go":                 "cmd/webbuild/wasmfix/testdata/fyne_font_cache_test.go",
	"fyne.io/fyne/v2:internal/svg/boardside_colorize_test.go":                 "cmd/webbuild/wasmfix/testdata/fyne_svg_colorize_test.go",
	"fyne.io/fyne/v2:internal/svg/boardside_premade_test.go":                  "cmd/webbuild/wasmfix/testdata/fyne_svg_premade_test.go",
	"fyne.io/fyne/v2:lang/boardside_lazy_test.go":                             "cmd/webbuild/wasmfix/testdata/fyne_lang_lazy_test.go",
	"github.com/nicksnyder/go-i18n/v2:i18n/template/boardside_fields_test.go": "cmd/webbuild/wasmfix/testdata/i18n_fields_test.go",
}

// root is where a patch's file is.
type root struct{ dir, version string }

// rootDir is GOROOT for "goroot", else the folder and version of the
// module of that path in the build.
func rootDir(goCmd, path string) (root, error) {
	args := []string{"env", "GOROOT", "GOVERSION"}
	if path != "goroot" {
		args = []string{"list", "-m", "-f", "{{.Dir}}\n{{.Version}}", path}
	}
	out, err := exec.Command(goCmd, args...).Output()
	if err == nil && path != "goroot" && strings.HasPrefix(string(out), "\n") {
		// Not in the module cache yet (a new machine): fetch it.
		if err = exec.Command(goCmd, "mod", "download", path).Run(); err == nil {
			out, err = exec.Command(goCmd, args...).Output()
		}
	}
	if err != nil {
		return root{}, fmt.Errorf("%s %s: %w", goCmd, strings.Join(args, " "), err)
	}
	dir, version, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if dir == "" {
		return root{}, fmt.Errorf("%s %s: no folder (is the module downloaded?)", goCmd, strings.Join(args, " "))
	}
	return root{dir, strings.TrimSpace(version)}, nil
}

// copyOnce is the module's copy in dir, as moduleCopy makes it, the first
// time Prepare asks for it.
func copyOnce(copies map[string]string, goCmd, dir, path string) (string, error) {
	if cp, ok := copies[path]; ok {
		return cp, nil
	}
	r, err := rootDir(goCmd, path)
	if err != nil {
		return "", err
	}
	cp, err := moduleCopy(dir, path, r)
	if err == nil {
		copies[path] = cp
	}
	return cp, err
}

// moduleCopy is a copy of the module's folder in dir, made unless a whole
// one is there: the module cache's files are read-only and may not be
// overlaid.
func moduleCopy(dir, path string, r root) (string, error) {
	cp := filepath.Join(dir, "mod", strings.ReplaceAll(path, "/", "_")+"@"+r.version)
	done := filepath.Join(cp, ".wasmfix-copied")
	if _, err := os.Stat(done); err == nil {
		return cp, restore(cp, path, r)
	}
	if err := os.RemoveAll(cp); err != nil {
		return "", err
	}
	if err := os.CopyFS(cp, os.DirFS(r.dir)); err != nil {
		return "", fmt.Errorf("copying %s: %w", path, err)
	}
	// CopyFS keeps the cache's read-only modes: the patch writes one file.
	if err := filepath.WalkDir(cp, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	}); err != nil {
		return "", err
	}
	return cp, os.WriteFile(done, nil, 0o644)
}

// restore puts back in cp the module's own copy of every file a patch
// changes: an earlier build may have patched what this one leaves alone.
func restore(cp, path string, r root) error {
	for _, p := range Patches {
		if p.Root != path {
			continue
		}
		b, err := os.ReadFile(filepath.Join(r.dir, filepath.FromSlash(p.File)))
		if err != nil {
			return err
		}
		to := filepath.Join(cp, filepath.FromSlash(p.File))
		if old, err := os.ReadFile(to); err == nil && string(old) == string(b) {
			continue // unchanged: its time stays
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeModfile writes dir/go.mod, the main module's with each module
// replaced by its copy, and its go.sum beside it.
func writeModfile(goCmd, dir string, copies map[string]string) (string, error) {
	out, err := exec.Command(goCmd, "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("%s env GOMOD: %w", goCmd, err)
	}
	gomod := strings.TrimSpace(string(out))
	mod, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(strings.TrimSuffix(gomod, ".mod") + ".sum")
	if err != nil {
		return "", err
	}
	text := string(mod) + "\n// cmd/webbuild/wasmfix: the browser build's patched copies.\n"
	for _, path := range slices.Sorted(maps.Keys(copies)) {
		text += fmt.Sprintf("replace %s => %s\n", path, copies[path])
	}
	modfile := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(modfile, []byte(text), 0o644); err != nil {
		return "", err
	}
	return modfile, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}
