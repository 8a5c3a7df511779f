// Package aquasphere keeps score for AquaSphere: the interim scoring after
// each of the 4 rounds (time markers, knowledge points summed first, then
// the counter moved past red lines that cost a crystal or a programmed
// bot) and the final scoring with its ranking and tie-breaks. The track's
// red lines are game data.
package aquasphere
