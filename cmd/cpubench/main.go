// Command cpubench measures how much processor time Boardside uses under a
// real X display, in one run:
//
//   - idle on its home screen;
//   - with Mission Control's countdown running (the screen wakes only when
//     the shown second changes);
//   - the same with the everyframe build, which redraws 60 times a second,
//     to show what waking only on change saves.
//
//	make bench-cpu
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
	flag.Parse()

	dir, err := os.MkdirTemp("", "cpubench")
	check(err)
	defer os.RemoveAll(dir)
	normal := build(dir, "boardside", "migrated_fynedo")
	frames := build(dir, "boardside-everyframe", "migrated_fynedo,everyframe")

	cases := []struct {
		name    string
		bin     string
		running bool
	}{
		{"idle on the home screen", normal, false},
		{"countdown running", normal, true},
		{"countdown running, redrawn every frame", frames, true},
	}
	fmt.Printf("processor time over %v, as %% of one core\n", *measure)
	for i, c := range cases {
		home := filepath.Join(dir, fmt.Sprintf("home%d", i))
		if c.running {
			check(seedRunningGame(home))
		}
		p, err := windowprobe.Launch(c.bin, []string{"HOME=" + home, "LANG=en_US.UTF-8", "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")})
		check(err)
		if _, err := p.WaitForFrame(30 * time.Second); err != nil {
			p.Stop()
			fail("%s: %v", c.name, err)
		}
		time.Sleep(*warm)
		t0, err := p.CPUTime()
		check(err)
		start := time.Now()
		time.Sleep(*measure)
		t1, err := p.CPUTime()
		check(err)
		wall := time.Since(start)
		p.Stop()
		fmt.Printf("  %-40s %5.2f%%\n", c.name, 100*float64(t1-t0)/float64(wall))
	}
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
