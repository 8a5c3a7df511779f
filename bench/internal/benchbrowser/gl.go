package benchbrowser

import (
	"fmt"

	"github.com/chromedp/chromedp"
)

// A GLMode is a way to put SwiftShader, WebGL without a graphics chip,
// into Chromium: the flags, and the words a report says it with.
type GLMode struct {
	Flags []chromedp.ExecAllocatorOption
	Says  string
}

// GLModes are the modes a measuring program's -gl flag names.
var GLModes = map[string]GLMode{
	// Chromium takes SwiftShader behind ANGLE for a graphics chip: it
	// composites in its GPU process, and the page's thread only hands
	// frames on, as on a phone.
	"angle": {[]chromedp.ExecAllocatorOption{chromedp.Flag("use-gl", "angle"), chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true)}, "WebGL by SwiftShader behind ANGLE, composited in the GPU process as on a phone"},
	// The older mode: Chromium composites in software and reads each new
	// frame of a WebGL canvas back, on the page's thread, which waits for
	// SwiftShader to draw it.
	"software": {[]chromedp.ExecAllocatorOption{chromedp.Flag("use-gl", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true)}, "WebGL by SwiftShader, composited in software: the page's thread waits for each frame"},
}

// GLFlagUsage is what a -gl flag says of itself.
const GLFlagUsage = "how WebGL is drawn: angle (SwiftShader as a graphics chip, composited as on a phone) or software (the page's thread waits for each frame)"

// GL looks a -gl flag's value up.
func GL(name string) (GLMode, error) {
	m, ok := GLModes[name]
	if !ok {
		return m, fmt.Errorf("-gl is angle or software, not %q", name)
	}
	return m, nil
}
