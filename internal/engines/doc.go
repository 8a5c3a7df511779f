// Package engines proves Boardside in the three browser engines a table
// holds: Chromium (most Android phones), WebKit (every iPhone and iPad;
// WebKitGTK here) and Firefox. Its tests open the web app and the quick
// viewer as phones of two sizes and play each game's main path by taps
// (internal/webdriver drives the engines, internal/webscreen reads what
// the app shows). It has no code but its tests; the other browser tests,
// Chromium's only, are in cmd/boardside.
package engines
