//go:build everyframe

package app

// everyFrame: see everyframe_off.go. Only bench/cpubench builds this.
const everyFrame = true
