// Added to goldmark's util, parser and extension packages by the browser
// build's "regexps" patch (cmd/webbuild/wasmfix), its package clause
// replaced: their package-level regular expressions are compiled at their
// first use, not by the packages' initialisers at every start of every
// Fyne app, which parses no Markdown before its first frame
// (docs/upstream/goldmark-fyne-regexps-at-init.md).

package later

import (
	"regexp"
	"sync"
)

// boardsideLaterRegexp is a regular expression compiled at its first use.
type boardsideLaterRegexp struct {
	once    sync.Once
	src     string
	compile func(string) (*regexp.Regexp, error)
	re      *regexp.Regexp
}

// boardsideCompileLater stands for regexp.MustCompile(src) in a
// package-level variable: compile is regexp.Compile, named where the
// variable was, so that its file still uses the regexp package.
func boardsideCompileLater(compile func(string) (*regexp.Regexp, error), src string) *boardsideLaterRegexp {
	return &boardsideLaterRegexp{src: src, compile: compile}
}

// get is the compiled expression; it panics, as MustCompile did at the
// start, where src is not one.
func (l *boardsideLaterRegexp) get() *regexp.Regexp {
	l.once.Do(func() {
		re, err := l.compile(l.src)
		if err != nil {
			panic("regexp: Compile(" + l.src + "): " + err.Error())
		}
		l.re = re
	})
	return l.re
}

func (l *boardsideLaterRegexp) Match(b []byte) bool { return l.get().Match(b) }

func (l *boardsideLaterRegexp) FindSubmatchIndex(b []byte) []int { return l.get().FindSubmatchIndex(b) }
