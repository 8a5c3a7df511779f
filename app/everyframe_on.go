//go:build everyframe

package app

// everyFrame: see everyframe_off.go. Only cmd/cpubench builds this.
const everyFrame = true
