//go:build !ci && !android && !ios && !mobile && !wasm && !js && !test_web_driver && !tamago && !noos && !tinygo

package app

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.4/glfw"
)

// noDepthBuffer asks for windows without a depth or stencil buffer. Fyne
// draws with the depth test off and clips with scissors, so it never reads
// either, but GLFW's defaults give every window a 24-bit depth and 8-bit
// stencil buffer, and Fyne clears the depth part on every repaint. Under
// software OpenGL (llvmpipe) that clear is a per-pixel masked loop over the
// whole window: about 1 ms of each repaint of a 900×640 window, once a
// second while a countdown runs (see bench/cpubench).
//
// It must run on the main goroutine after the first window was made (Fyne
// starts GLFW then, which resets the hints) and before that window is
// shown (GLFW creates the native window then). Fyne 2.8 sets its own hints
// just before creating a window but leaves these two alone.
func noDepthBuffer() {
	defer func() {
		if r := recover(); r != nil { // GLFW did not start: Fyne reports that itself
			fyne.LogError("could not ask for a window without depth buffer", nil)
		}
	}()
	glfw.WindowHint(glfw.DepthBits, 0)
	glfw.WindowHint(glfw.StencilBits, 0)
}
