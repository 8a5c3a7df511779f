package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"
)

// Report is one run's figures, as printed and as -json writes them.
type Report struct {
	Guests     int      `json:"guests"` // at the table at once
	Engines    []string `json:"engines"`
	N          int      `json:"actionsPerGuest"`
	GapMs      float64  `json:"gapMs"`
	CPUs       int      `json:"cpus"`
	LoadStart  string   `json:"loadStart"` // /proc/loadavg: 1, 5, 15 minutes
	LoadEnd    string   `json:"loadEnd"`
	Joins      []Join   `json:"browserHostJoins"`
	JoinMedian Join     `json:"browserHostJoinMedian"`
	Browser    Trips    `json:"browserHostRoundTrip"`
	Opens      []Open   `json:"httpHostOpens"`
	OpenMedian float64  `json:"httpHostOpenMedianMs"`
	HTTP       Trips    `json:"httpHostRoundTrip"`
}

// medianJoin is each column's median over the guests.
func medianJoin(joins []Join) Join {
	col := func(f func(Join) float64) float64 {
		var xs []float64
		for _, j := range joins {
			xs = append(xs, f(j))
		}
		return median(xs)
	}
	return Join{
		Engine:     "median",
		AnsweredMs: col(func(j Join) float64 { return j.AnsweredMs }),
		ScanMs:     col(func(j Join) float64 { return j.ScanMs }),
		ShownMs:    col(func(j Join) float64 { return j.ShownMs }),
	}
}

// median is the middle of xs, the mean of the two middle ones for an even
// count; 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// print writes the figures as plain tables.
func (r Report) print(out io.Writer) {
	fmt.Fprintf(out, "tablebench: %d guests at once (%s), %d actions each per host, one at least every %.0f ms\n",
		r.Guests, strings.Join(r.Engines, ", "), r.N, r.GapMs)
	fmt.Fprintf(out, "machine: %d CPUs, load average %s at the start, %s at the end\n", r.CPUs, r.LoadStart, r.LoadEnd)

	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(out, "\njoining the browser host (WebRTC, the two scans), ms:")
	fmt.Fprintln(w, "guest\tengine\tlink → answer shown\tscan → state\tlink → state\t")
	for i, j := range r.Joins {
		fmt.Fprintf(w, "%d\t%s\t%.0f\t%.0f\t%.0f\t\n", i+1, j.Engine, j.AnsweredMs, j.ScanMs, j.ShownMs)
	}
	if len(r.Joins) > 0 {
		m := r.JoinMedian
		fmt.Fprintf(w, "\tmedian\t%.0f\t%.0f\t%.0f\t\n", m.AnsweredMs, m.ScanMs, m.ShownMs)
	}
	w.Flush()

	if len(r.Opens) > 0 {
		fmt.Fprintln(out, "\nopening the HTTP host's link, ms:")
		fmt.Fprintln(w, "guest\tengine\tlink → state\t")
		for i, o := range r.Opens {
			fmt.Fprintf(w, "%d\t%s\t%.0f\t\n", i+1, o.Engine, o.ShownMs)
		}
		fmt.Fprintf(w, "\tmedian\t%.0f\t\n", r.OpenMedian)
		w.Flush()
	}

	fmt.Fprintf(out, "\nan action's round trip, %d guests sending at once, ms (200 and 409 answers):\n", r.Guests)
	fmt.Fprintln(w, "host\tp50\tp99\tmax\tsent\t200\t409\tother\t")
	for _, h := range []struct {
		name string
		t    Trips
	}{{"browser (data channel)", r.Browser}, {"boardside serve (HTTP)", r.HTTP}} {
		if h.t.Sent == 0 {
			continue
		}
		fmt.Fprintf(w, "%s\t%.1f\t%.1f\t%.1f\t%d\t%d\t%d\t%s\t\n", h.name, h.t.P50Ms, h.t.P99Ms, h.t.MaxMs, h.t.Sent, h.t.Applied, h.t.Faster, other(h.t.Other))
	}
	w.Flush()
	if r.HTTP.HostP50Ms > 0 {
		fmt.Fprintf(out, "of which in boardside serve's handler (applied, saved, answered): p50 %.1f, p99 %.1f\n", r.HTTP.HostP50Ms, r.HTTP.HostP99Ms)
	}
	fmt.Fprintln(out, "\neach guest's share, p50 / p99 ms:")
	fmt.Fprintln(w, "guest\tengine\tbrowser host\tHTTP host\t")
	for i, e := range r.Engines {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t\n", i+1, e, guestTrips(r.Browser, i), guestTrips(r.HTTP, i))
	}
	w.Flush()
}

func other(m map[string]int) string {
	if len(m) == 0 {
		return "0"
	}
	var s []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		s = append(s, fmt.Sprintf("%d×%s", m[k], k))
	}
	return strings.Join(s, " ")
}

func guestTrips(t Trips, i int) string {
	if i >= len(t.PerGuest) {
		return "-"
	}
	g := t.PerGuest[i]
	return fmt.Sprintf("%.1f / %.1f", g.P50Ms, g.P99Ms)
}
