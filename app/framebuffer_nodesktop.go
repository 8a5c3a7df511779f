//go:build ci || android || ios || mobile || wasm || js || test_web_driver || tamago || noos || tinygo

package app

// noDepthBuffer: only the desktop GLFW driver takes window hints.
func noDepthBuffer() {}
