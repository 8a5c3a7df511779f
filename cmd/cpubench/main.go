// Command cpubench measures how much processor time Boardside uses under a
// real X display, in one run:
//
//   - idle on its home screen;
//
//   - with Mission Control's countdown running (the screen wakes only when
//     the shown second changes);
//
//   - the same with the everyframe build, which redraws 60 times a second,
//     to show what waking only on change saves.
//
//     make bench-cpu
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"boardside/companion"
	mc "boardside/companion/missioncontrol"
	"boardside/internal/windowprobe"
	"boardside/timers"
)

func main() {
	measure := flag.Duration("for", 60*time.Second, "how long to measure each case")
	warm := flag.Duration("warmup", 5*time.Second, "wait after the first frame before measuring")
	withFrames := flag.Bool("everyframe", true, "also measure the every-frame build")
	rounds := flag.Int("rounds", 2, "rounds of idle/running, alternated, to even out a noisy machine")
	flag.Parse()

	dir, err := os.MkdirTemp("", "cpubench")
	check(err)
	defer os.RemoveAll(dir)
	normal := build(dir, "boardside", "migrated_fynedo")
	frames := ""
	if *withFrames {
		frames = build(dir, "boardside-everyframe", "migrated_fynedo,everyframe")
	}

	cases := []struct {
		name    string
		bin     string
		running bool
	}{
		{"idle on the home screen", normal, false},
		{"countdown running", normal, true},
		{"countdown running, redrawn every frame", frames, true},
	}
	fmt.Printf("processor time over %v per case and round, as %% of one core\n", *measure)
	results := make([][]float64, len(cases))
	for r := range *rounds {
		for i, c := range cases {
			if c.bin == "" || (r > 0 && c.bin == frames) {
				continue // one round of the every-frame build says enough
			}
			home := filepath.Join(dir, fmt.Sprintf("home%d-%d", i, r))
			results[i] = append(results[i], run(c.bin, home, c.running, *warm, *measure))
			fmt.Printf("  round %d  %-40s %5.2f%%\n", r+1, c.name, results[i][len(results[i])-1])
		}
	}
	fmt.Println("mean:")
	for i, c := range cases {
		if len(results[i]) == 0 {
			continue
		}
		var sum float64
		for _, v := range results[i] {
			sum += v
		}
		fmt.Printf("  %-40s %5.2f%%\n", c.name, sum/float64(len(results[i])))
	}
}

// run starts bin with a fresh home and returns its CPU use in percent of
// one core over measure, after warm.
func run(bin, home string, running bool, warm, measure time.Duration) float64 {
	if running {
		check(seedRunningGame(home))
	}
	p, err := windowprobe.Launch(bin, []string{"HOME=" + home, "LANG=en_US.UTF-8", "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")})
	check(err)
	defer p.Stop()
	if _, err := p.WaitForFrame(30 * time.Second); err != nil {
		fail("%s: %v", bin, err)
	}
	time.Sleep(warm)
	t0, err := p.CPUTime()
	check(err)
	start := time.Now()
	time.Sleep(measure)
	t1, err := p.CPUTime()
	check(err)
	return 100 * float64(t1-t0) / float64(time.Since(start))
}

// seedRunningGame leaves a save in home as the app would after the
// astronaut pressed Start just now, with the game's screen open.
func seedRunningGame(home string) error {
	root := filepath.Join(home, ".config", "fyne", "app.boardside")
	s := companion.New(mc.Rules, mc.New(), timers.System{})
	if err := s.Dispatch(&mc.Start{}); err != nil {
		return err
	}
	data, err := s.Encode()
	if err != nil {
		return err
	}
	if err := companion.NewStore(filepath.Join(root, "sessions", mc.Game+".json")).Save(data); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "preferences.json"), []byte(`{"openGame":"missioncontrol"}`), 0o644)
}

func build(dir, name, tags string) string {
	bin := filepath.Join(dir, name)
	out, err := exec.Command("go", "build", "-tags", tags, "-o", bin, "./cmd/boardside").CombinedOutput()
	if err != nil {
		fail("build %s: %v\n%s", name, err, out)
	}
	return bin
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "cpubench: "+format+"\n", args...)
	os.Exit(1)
}
