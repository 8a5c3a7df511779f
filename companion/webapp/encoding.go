package webapp

import (
	"net/http"
	"strconv"
	"strings"
)

// negotiate is the one of the content codings offered (the host's
// preference first: "br", "gzip") that r's Accept-Encoding takes with the
// highest q-value, ties to the host's preference; "" for the file as it
// is. A coding not named takes the q-value of "*", if there is one, and
// q=0 refuses it. The file as it is ("identity") wins only where the
// header names it with a higher q-value than any coding offered: a
// browser never does, and a client that refuses it too ("identity;q=0")
// gets it all the same, as the one encoding every client reads.
func negotiate(r *http.Request, offered ...string) string {
	q := map[string]float64{} // by coding, lower case; the first mention counts
	for _, line := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(line, ",") {
			name, params, _ := strings.Cut(part, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			v, ok := qValue(params)
			if _, seen := q[name]; ok && !seen {
				q[name] = v
			}
		}
	}
	best, bestQ := "", 0.0
	for _, c := range offered {
		v, ok := q[c]
		if !ok {
			v = q["*"] // 0 when there is no "*"
		}
		if v > bestQ {
			best, bestQ = c, v
		}
	}
	if v, ok := q["identity"]; ok && v > bestQ {
		return ""
	}
	return best
}

// qValue reads the q parameter of an Accept-Encoding entry ("q=0.5", with
// any other parameters): 1 without one, and false where it is not a number
// from 0 to 1, so that the entry is left out.
func qValue(params string) (float64, bool) {
	for _, p := range strings.Split(params, ";") {
		k, v, _ := strings.Cut(p, "=")
		if strings.EqualFold(strings.TrimSpace(k), "q") {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || !(f >= 0 && f <= 1) { // NaN too
				return 0, false
			}
			return f, true
		}
	}
	return 1, true
}
