// Package share lets every device at a table follow one game: the device
// that holds the session hosts it over HTTP on the local network, and
// phones (a browser is enough) or other Boardside apps join with a token.
//
// Only a game's public projection is ever serialised for clients; secret
// state (deck order, generators, a player's hidden hand) never leaves the
// host. Clients send public actions with the version they saw; a stale
// version is refused with the current state.
package share
