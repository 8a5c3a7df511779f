// Package share lets every device at a table follow one game: the device
// that holds the session hosts it over HTTP on the local network, and
// phones (a browser is enough) or other Boardside apps join with a token.
//
// It does three things:
//
//   - hosting a table (host.go, server.go): Host serves a session's API,
//     and Server puts it on the network with the quick viewer and the full
//     web app beside it (companion/webapp serves their files), held up
//     against its network by the guard (guard.go, limiter.go);
//   - joining one (client.go): Dial follows a table hosted elsewhere, and
//     Shown tells which version of it a tap acted on;
//   - the local network (net.go): the addresses a table is reached at,
//     the port it listens on and the link a device opens (URL).
//
// Only a game's public projection is ever serialised for clients; secret
// state (deck order, generators, a player's hidden hand) never leaves the
// host. Clients send public actions with the version they saw; a stale
// version is refused with the current state.
package share
