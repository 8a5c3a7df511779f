//go:build js

// Package jspromise waits for a JavaScript promise from Go (GOOS=js): the
// browser build's storage and its measuring pages both need it.
package jspromise

import (
	"errors"
	"syscall/js"
)

// Await waits for p to settle and returns its value, or its reason as an
// error.
func Await(p js.Value) (js.Value, error) {
	type outcome struct {
		v   js.Value
		err error
	}
	ch := make(chan outcome, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any { ch <- outcome{v: args[0]}; return nil })
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- outcome{err: errors.New(args[0].Call("toString").String())}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	o := <-ch
	return o.v, o.err
}
