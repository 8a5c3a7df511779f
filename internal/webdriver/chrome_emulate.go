package webdriver

import (
	"context"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Chrome's emulation: the tab as a given phone, tablet or desktop.

// Phone is the device a tab emulates: its viewport and how it is held
// and touched.
type Phone struct {
	Width, Height int64   // the viewport, CSS pixels
	Scale         float64 // device pixels per CSS pixel; 0 is 1
	// Mobile is a phone's viewport: the page's meta viewport is heeded,
	// its scroll bars overlay it.
	Mobile bool
	// Landscape is a screen turned on its side (landscape-primary, at
	// 90°); without it the tab says no orientation.
	Landscape bool
	// Touch is a touch screen: touch events and, with Mobile, taps.
	Touch bool
	// TouchPoints is navigator.maxTouchPoints with Touch; 0: Chromium's
	// own (one).
	TouchPoints int64
}

// Emulate makes the tab the phone p, as it is now: the page is laid out
// anew at that size.
func (c *Chrome) Emulate(ctx context.Context, p Phone) error {
	metrics := emulation.SetDeviceMetricsOverrideParams{Width: p.Width, Height: p.Height, DeviceScaleFactor: p.Scale, Mobile: p.Mobile}
	if metrics.DeviceScaleFactor == 0 {
		metrics.DeviceScaleFactor = 1
	}
	if p.Landscape {
		metrics.ScreenOrientation = &emulation.ScreenOrientation{Type: emulation.ScreenOrientationTypeLandscapePrimary, Angle: 90}
	}
	touch := emulation.SetTouchEmulationEnabledParams{Enabled: p.Touch, MaxTouchPoints: p.TouchPoints}
	return c.do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, emulation.SetDeviceMetricsOverride, metrics); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, emulation.SetTouchEmulationEnabled, touch)
		return err
	}))
}

// Insets are the safe area's insets env(safe-area-inset-*) gives, CSS
// pixels: a notch, rounded corners, a home indicator.
type Insets struct{ Top, Right, Bottom, Left int64 }

// SafeArea makes env(safe-area-inset-*), and their maxima, in.
func (c *Chrome) SafeArea(ctx context.Context, in Insets) error {
	return call(ctx, c, emulation.SetSafeAreaInsetsOverride, emulation.SetSafeAreaInsetsOverrideParams{Insets: &emulation.SafeAreaInsets{
		Top: &in.Top, TopMax: &in.Top, Right: &in.Right, RightMax: &in.Right,
		Bottom: &in.Bottom, BottomMax: &in.Bottom, Left: &in.Left, LeftMax: &in.Left}})
}

// Agent is what the browser says it is.
type Agent struct {
	UA             string // the User-Agent header and navigator.userAgent
	AcceptLanguage string // the Accept-Language header and navigator.language(s); empty: the browser's
	Platform       string // navigator.platform; empty: the browser's
}

// UserAgent makes the tab's browser say it is a.
func (c *Chrome) UserAgent(ctx context.Context, a Agent) error {
	return call(ctx, c, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
		UserAgent: a.UA, AcceptLanguage: a.AcceptLanguage, Platform: a.Platform})
}

// Locale makes the page's Intl and dates speak locale, in ICU's form
// (de_DE).
func (c *Chrome) Locale(ctx context.Context, locale string) error {
	return call(ctx, c, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: locale})
}

// Media makes the page's media feature (prefers-color-scheme) value
// (dark).
func (c *Chrome) Media(ctx context.Context, feature, value string) error {
	return call(ctx, c, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: feature, Value: value}}})
}

// KeepFocus makes the page behave as the window in front with the focus,
// which a headless tab is not: a page in the background may not read the
// clipboard.
func (c *Chrome) KeepFocus(ctx context.Context) error {
	return call(ctx, c, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
}

// Grant gives origin the permission (clipboard-read) without asking.
func (c *Chrome) Grant(ctx context.Context, permission, origin string) error {
	return call(ctx, c, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
		Permission: &cdpbrowser.PermissionDescriptor{Name: permission}, Setting: cdpbrowser.PermissionSettingGranted, Origin: origin})
}

// call runs one command of Chrome's protocol in the tab, within ctx, and
// drops its result.
func call[P, R any](ctx context.Context, c *Chrome, cmd cdp.Command[P, R], params P) error {
	run, done := c.on(ctx)
	defer done()
	_, err := chromedp.Call(run, cmd, params)
	return err
}
