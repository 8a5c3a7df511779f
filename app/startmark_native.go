//go:build !js

package app

// startMark marks a point of the start in a browser (startmark_web.go).
func startMark(string) {}
