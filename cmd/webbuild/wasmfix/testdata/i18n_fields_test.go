// Added to go-i18n's i18n/template by `make wasm-test` through the
// overlay (cmd/webbuild/wasmfix): the patched TextParser prints what
// text/template prints, and refuses what it does not run.

package template

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"text/template"
)

type point struct{ X, Y int }

func (p point) String() string {
	return "(" + string(rune('0'+p.X)) + "," + string(rune('0'+p.Y)) + ")"
}

type named struct {
	Name   string
	Count  int
	Where  *point
	At     point
	Inner  *named
	hidden string
}

type label string

type ptrStringer struct{ N int }

func (p *ptrStringer) String() string { return "ptr" }

func TestBoardside_FieldsPrintAsTextTemplate(t *testing.T) {
	one := 1
	cases := []struct {
		src  string
		data any
	}{
		{"Player {{.N}}", map[string]any{"N": 3}},
		{"{{.Reason}}: {{ .Game }} at {{.Path}}", map[string]any{"Reason": errors.New("disk full"), "Game": "ADELE", "Path": "/saves/x"}},
		{"missing {{.Nope}}", map[string]any{"N": 1}},
		{"nil {{.N}}", map[string]any{"N": nil}},
		{"pointer {{.N}} {{.P}}", map[string]any{"N": &one, "P": (*int)(nil)}},
		{"floats {{.F}} bools {{.B}}", map[string]any{"F": 2.5, "B": true}},
		{"stringer {{.P}} list {{.L}}", map[string]any{"P": point{1, 2}, "L": []string{"a", "b"}}},
		{"strings {{.A}}", map[string]string{"A": "x"}},
		{"struct {{.Name}} {{.Count}} {{.Where}} {{.At}} {{.Inner}}", named{Name: "Ana", Count: 2, Where: &point{3, 4}, At: point{5, 6}}},
		{"pointer to struct {{.Name}}", &named{Name: "Ben"}},
		{"addressable {{.S}}", &struct{ S ptrStringer }{}},
		{"dot {{.}}", "all of it"},
		{"dot {{.}}", nil},
		{"no data {{.N}}", nil},
		{"", nil},
		{"{{.N}}{{.N}}", map[string]int{"N": 9}},
		{"unicode {{.Größe}} ✓", map[string]any{"Größe": "groß"}},
	}
	p := &TextParser{}
	for _, c := range cases {
		want := runText(t, c.src, c.data)
		pt, err := p.Parse(c.src, "", "")
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		got, err := pt.Execute(c.data)
		if err != nil || got != want {
			t.Errorf("%q with %#v: got %q (%v), text/template gives %q", c.src, c.data, got, err, want)
		}
	}
}

func TestBoardside_FieldsFailWhereTextTemplateFails(t *testing.T) {
	var nilNamed *named
	cases := []struct {
		src  string
		data any
	}{
		{"{{.Nope}}", named{}},
		{"{{.hidden}}", named{}},
		{"{{.Name}}", nilNamed},
		{"{{.N}}", map[int]int{1: 1}},
		{"{{.A}}", map[label]int{"A": 7}}, // a key of another type
		{"{{.N}}", 5},
		{"{{.Inner.Name}}", named{}}, // refused at parsing here
	}
	p := &TextParser{}
	for _, c := range cases {
		if _, err := execText(c.src, c.data); err == nil {
			t.Fatalf("%q with %#v: text/template ran it, the case is wrong", c.src, c.data)
		}
		pt, err := p.Parse(c.src, "", "")
		if err == nil {
			_, err = pt.Execute(c.data)
		}
		if err == nil {
			t.Errorf("%q with %#v: ran, text/template fails", c.src, c.data)
		}
	}
}

func TestBoardside_OnlyFieldsAreRun(t *testing.T) {
	p := &TextParser{}
	for _, src := range []string{"{{if .N}}x{{end}}", "{{.N | printf \"%d\"}}", "{{len .L}}", "{{.A.B}}", "{{$x := 1}}", "open {{.N"} {
		_, err := p.Parse(src, "", "")
		if err == nil || !strings.Contains(err.Error(), src) {
			t.Errorf("%q parsed (%v), want it refused with its text", src, err)
		}
	}
	if _, err := (&TextParser{Funcs: template.FuncMap{"up": strings.ToUpper}}).Parse("{{.N}}", "", ""); err == nil {
		t.Error("a parser with functions parsed, want it refused")
	}
	pt, err := p.Parse("<<.N>> {{.N}}", "<<", ">>")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := pt.Execute(map[string]int{"N": 4}); got != "4 {{.N}}" {
		t.Errorf("other delimiters: got %q", got)
	}
}

func runText(t *testing.T, src string, data any) string {
	t.Helper()
	s, err := execText(src, data)
	if err != nil {
		t.Fatalf("%q: text/template: %v", src, err)
	}
	return s
}

func execText(src string, data any) (string, error) {
	tmpl, err := template.New("").Option("missingkey=default").Parse(src)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	err = tmpl.Execute(&b, data)
	return b.String(), err
}
