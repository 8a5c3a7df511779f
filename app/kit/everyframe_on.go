//go:build everyframe

package kit

// everyFrame: see everyframe_off.go. Only bench/cpubench builds this.
const everyFrame = true
