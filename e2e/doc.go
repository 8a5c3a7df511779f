// Package e2e is Boardside in real browsers, as players at a table meet
// it: the web app and the quick viewer on phones and tablets, in headless
// Chromium and in the three engines a table holds (Chromium, WebKit and
// Firefox: engines_test.go), a walk through every screen at six sizes in
// two languages, a soak of random taps in one page, and double taps on
// every button. Each game's taps and walk steps are in a file of its own
// (missioncontrol_test.go, adele_test.go, marsmaze_test.go,
// aquasphere_test.go). The tables these tests open are hosted as
// `boardside serve` hosts them (companion/table, reached through
// companion/table/tabletest). The app's screen is read
// and tapped through webdriver.Page, the same in every engine
// (internal/webdriver, internal/webscreen); the Chromium-only tests hold
// a webdriver.Chrome, a Page with what only Chromium offers beside it:
// emulated phones, safe-area insets, keyboards' key events, the network.
//
// A table a browser hosts over WebRTC (browserhost_test.go) seats each
// browser in a network namespace of its own on a private LAN
// (internal/browsertable, internal/netns): those tests need root, as CI
// runs them, and skip where namespaces cannot be made.
//
// It holds tests only. They skip under -short (make check), and need
// build/web (make web) and the Debian packages scripts/deps.sh installs.
package e2e
