//go:build !js

package app

// holdGCUntilDrawn holds nothing outside a browser (startgc_web.go).
func holdGCUntilDrawn() {}
