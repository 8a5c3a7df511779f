// Package webapp serves Boardside's pages to the browsers at a table: the
// quick viewer's files (Files), compressed once, and the full app that
// `make web` builds, at /app/ (Handler, With). It knows nothing of tables
// or games; a host (companion/share) puts it beside its API.
package webapp
