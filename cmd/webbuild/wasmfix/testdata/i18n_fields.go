// Added to go-i18n's i18n/template by the browser build's "templates"
// patch (cmd/webbuild/wasmfix): the messages' templates are run without
// text/template. Its executor looks methods up by a name known only at
// run time (reflect's MethodByName), and wherever that can be called Go's
// linker keeps every exported method of every type a program turns into
// an interface: about 6.4 MB of every Fyne app's wasm
// (docs/upstream/go-i18n-text-template-keeps-every-method.md).
//
// Every message Fyne and Boardside translate uses only {{.Name}}, so that
// is what is run here, as text/template runs it (with missingkey=default);
// anything else is refused when the message is parsed, with a message
// that names the template.

package template

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// fieldsTemplate is text with a field of the data between each two
// pieces: text[0] field[0] text[1] … text[n].
type fieldsTemplate struct {
	text   []string
	fields []string // "" for {{.}}, the data itself
}

// parseFields parses src, whose actions may only be {{.Name}} or {{.}},
// spaces allowed inside the delimiters.
func parseFields(src, leftDelim, rightDelim string) (ParsedTemplate, error) {
	t := &fieldsTemplate{}
	rest := src
	for {
		i := strings.Index(rest, leftDelim)
		if i < 0 {
			t.text = append(t.text, rest)
			return t, nil
		}
		t.text = append(t.text, rest[:i])
		rest = rest[i+len(leftDelim):]
		j := strings.Index(rest, rightDelim)
		if j < 0 {
			return nil, fmt.Errorf("template %q: unclosed action", src)
		}
		action := strings.TrimSpace(rest[:j])
		rest = rest[j+len(rightDelim):]
		name, ok := strings.CutPrefix(action, ".")
		if !ok || !isField(name) {
			return nil, fmt.Errorf("template %q: only {{.Name}} is run in this build, not {{%s}}", src, action)
		}
		t.fields = append(t.fields, name)
	}
}

// isField says whether name is "" or one Go identifier.
func isField(name string) bool {
	for i, r := range name {
		letter := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// Execute writes the text with each field of data put in.
func (t *fieldsTemplate) Execute(data any) (string, error) {
	var b strings.Builder
	for i, text := range t.text {
		b.WriteString(text)
		if i == len(t.fields) {
			break
		}
		s, err := field(reflect.ValueOf(data), t.fields[i])
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// noValue is what text/template prints for a missing map key or a nil.
const noValue = "<no value>"

// field prints data's field or map entry name ("" for data itself), as
// text/template's evalField finds it, but for a method of that name,
// which is not called: no message's data has one.
func field(data reflect.Value, name string) (string, error) {
	if name == "" {
		return printed(data)
	}
	if !data.IsValid() {
		return noValue, nil
	}
	typ := data.Type()
	v, isNil := indirect(data)
	if v.Kind() == reflect.Interface && isNil {
		return "", fmt.Errorf("template: nil pointer evaluating %s.%s", typ, name)
	}
	switch v.Kind() {
	case reflect.Struct:
		if f, ok := v.Type().FieldByName(name); ok {
			if !f.IsExported() {
				return "", fmt.Errorf("template: %s is an unexported field of struct type %s", name, typ)
			}
			e, err := v.FieldByIndexErr(f.Index)
			if err != nil {
				return "", fmt.Errorf("template: %w", err)
			}
			return printed(e)
		}
	case reflect.Map:
		if key := reflect.ValueOf(name); key.Type().AssignableTo(v.Type().Key()) {
			return printed(v.MapIndex(key)) // missing: <no value>
		}
	case reflect.Pointer: // nil
		if et := v.Type().Elem(); et.Kind() != reflect.Struct || hasField(et, name) {
			return "", fmt.Errorf("template: nil pointer evaluating %s.%s", typ, name)
		}
	}
	return "", fmt.Errorf("template: can't evaluate field %s in type %s", name, typ)
}

func hasField(t reflect.Type, name string) bool {
	_, ok := t.FieldByName(name)
	return ok
}

// indirect follows pointers and interfaces to what they hold, stopping
// at a nil, as text/template's does.
func indirect(v reflect.Value) (rv reflect.Value, isNil bool) {
	for ; v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface; v = v.Elem() {
		if v.IsNil() {
			return v, true
		}
	}
	return v, false
}

var (
	errorType    = reflect.TypeFor[error]()
	stringerType = reflect.TypeFor[fmt.Stringer]()
)

// printed is v as text/template prints it (its evalPipeline and
// printableValue): an empty interface looked through, pointers followed
// unless nil, a missing value as <no value>, and a value whose pointer
// prints itself through its pointer.
func printed(v reflect.Value) (string, error) {
	if v.Kind() == reflect.Interface && v.Type().NumMethod() == 0 {
		v = reflect.ValueOf(v.Interface())
	}
	if v.Kind() == reflect.Pointer {
		v, _ = indirect(v) // fmt prints a nil
	}
	if !v.IsValid() {
		return noValue, nil
	}
	if !v.Type().Implements(errorType) && !v.Type().Implements(stringerType) {
		pt := reflect.PointerTo(v.Type())
		switch {
		case v.CanAddr() && (pt.Implements(errorType) || pt.Implements(stringerType)):
			v = v.Addr()
		case v.Kind() == reflect.Chan || v.Kind() == reflect.Func:
			return "", errors.New("template: can't print value of type " + v.Type().String())
		}
	}
	return fmt.Sprint(v.Interface()), nil
}
