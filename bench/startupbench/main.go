// Command startupbench measures Boardside's cold start and memory beside a
// bare one-label Fyne window, in the same run, under a real X display.
//
//	make bench-startup
//
// It builds both programs, starts each -runs times with a fresh HOME, and
// reports the time to the first drawn frame (an upper bound: when the
// screenshot showing it finished) and the resident memory after start.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"

	"boardside/internal/windowprobe"
)

func main() {
	runs := flag.Int("runs", 5, "starts per program")
	settle := flag.Duration("settle", 3*time.Second, "wait after the first frame before reading memory")
	flag.Parse()

	dir, err := os.MkdirTemp("", "startupbench")
	check(err)
	defer os.RemoveAll(dir)
	progs := []struct{ name, pkg string }{
		{"bare window", "./bench/startupbench/barewindow"},
		{"boardside", "./cmd/boardside"},
	}
	fmt.Printf("%-12s %10s %10s %10s %12s %12s\n", "program", "first p50", "first max", "rss p50", "binary", "rss - bare")
	var bareRSS int64
	for _, p := range progs {
		bin := filepath.Join(dir, filepath.Base(p.pkg))
		out, err := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-tags", "migrated_fynedo", "-o", bin, p.pkg).CombinedOutput()
		if err != nil {
			fail("build %s: %v\n%s", p.pkg, err, out)
		}
		st, err := os.Stat(bin)
		check(err)
		var firsts []time.Duration
		var rss []int64
		for i := range *runs {
			home := filepath.Join(dir, fmt.Sprintf("home-%s-%d", filepath.Base(p.pkg), i))
			proc, err := windowprobe.Launch(bin, []string{"HOME=" + home, "LANG=en_US.UTF-8", "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")})
			check(err)
			frame, err := proc.WaitForFrame(30 * time.Second)
			if err != nil {
				proc.Stop()
				fail("%s: %v", p.name, err)
			}
			time.Sleep(*settle)
			m, err := proc.RSS()
			proc.Stop()
			check(err)
			firsts = append(firsts, frame.After)
			rss = append(rss, m)
		}
		sort.Slice(firsts, func(i, j int) bool { return firsts[i] < firsts[j] })
		sort.Slice(rss, func(i, j int) bool { return rss[i] < rss[j] })
		med := rss[len(rss)/2]
		if bareRSS == 0 {
			bareRSS = med
		}
		fmt.Printf("%-12s %10v %10v %9.1fM %11.1fM %+11.1fM\n", p.name,
			firsts[len(firsts)/2].Round(time.Millisecond), firsts[len(firsts)-1].Round(time.Millisecond),
			mib(med), mib(st.Size()), mib(med-bareRSS))
	}
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "startupbench: "+format+"\n", args...)
	os.Exit(1)
}
