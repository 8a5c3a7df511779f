package companion

import "strings"

// CSVCell is text as a cell of a CSV file a player opens in a
// spreadsheet: one that begins like a formula (=, +, -, @, a tab or a
// carriage return: a player's name "=1+1", say) is kept as text by a
// leading apostrophe, so the spreadsheet shows it and never runs it.
func CSVCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
