// Package adele keeps the secret bookkeeping of ADELE, the ship's hostile AI:
// her energy, the obstacles on her console, her hand of ADELE cards and her
// anomalies, and the public side of the game: the round track, the
// emergency deck, impact markers, alarm terminals and the obstacles placed
// in rooms. Public projects a game to what the crew may see.
package adele
