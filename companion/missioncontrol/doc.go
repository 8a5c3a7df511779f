// Package missioncontrol is Boardside's companion for Mission Control:
// Critical Orbit: the 20-minute countdown the astronaut starts, the
// difficulty and the oxygen it needs, and the end of the game (mission
// accomplished, or time's up). The AI deck, unlock deck and half-valve bag
// build on this state.
package missioncontrol
