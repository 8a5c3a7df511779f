//go:build !js

package main

// mark marks nothing outside a browser.
func mark(string) {}
