//go:build !js

package app

// newPeerLinks is nil: a program hosts over HTTP (share.go); only a
// browser, which cannot listen, hosts over WebRTC.
func newPeerLinks() peerLinks { return nil }
