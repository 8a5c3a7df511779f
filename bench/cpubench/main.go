// Command cpubench measures how much processor time Boardside uses under a
// real X display:
//
//   - idle on its home screen, and with Mission Control's countdown running
//     (the screen wakes only when the shown second changes), as two copies
//     of the app measured over the same interval, so a busy moment of a
//     shared machine weighs on both alike;
//
//   - the same countdown in the everyframe build, which redraws 60 times a
//     second, alone, to show what waking only on change saves.
//
//     make bench-cpu
package main

import (
	"flag"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"boardside/companion"
	mc "boardside/companion/missioncontrol"
	"boardside/internal/windowprobe"
	"boardside/timers"
)

// goal is the most a running countdown may use above idle, in points of
// one core.
const goal = 1.0

func main() {
	measure := flag.Duration("for", 60*time.Second, "how long to measure each round")
	warm := flag.Duration("warmup", 5*time.Second, "wait after the first frame before measuring")
	withFrames := flag.Bool("everyframe", true, "also measure the every-frame build")
	rounds := flag.Int("rounds", 3, "rounds of idle beside running")
	flag.Parse()

	dir, err := os.MkdirTemp("", "cpubench")
	check(err)
	defer os.RemoveAll(dir)
	normal := build(dir, "boardside", "migrated_fynedo")

	fmt.Printf("processor time over %v per round, as %% of one core\n", *measure)
	fmt.Printf("  round  idle on the home screen  countdown running  difference\n")
	var idle, running, diff []float64
	for r := range *rounds {
		// Which copy starts first alternates, so neither always has the
		// other's start-up just behind it.
		i, c := pair(normal, filepath.Join(dir, fmt.Sprint("round", r)), r%2 == 1, *warm, *measure)
		idle, running, diff = append(idle, i), append(running, c), append(diff, c-i)
		fmt.Printf("  %5d  %22.2f%%  %16.2f%%  %+9.2f\n", r+1, i, c, c-i)
	}
	met := 0
	for _, d := range diff {
		if d <= goal {
			met++
		}
	}
	fmt.Printf("  mean   %22.2f%%  %16.2f%%  %+9.2f  (rounds %+.2f to %+.2f; goal ≤ %+.2f met in %d of %d)\n",
		mean(idle), mean(running), mean(diff), slices.Min(diff), slices.Max(diff), goal, met, len(diff))

	if *withFrames {
		frames := build(dir, "boardside-everyframe", "migrated_fynedo,everyframe")
		p := launch(frames, filepath.Join(dir, "frames"), true)
		defer p.Stop()
		waitFor(p, frames, nil)
		time.Sleep(*warm)
		fmt.Printf("countdown running, redrawn every frame: %.2f%%\n", cpu(*measure, p)[0])
	}
}

// pair runs an idle copy and a running copy side by side, with homes
// under dir, and returns the CPU use of each over the same interval.
func pair(bin, dir string, runFirst bool, warm, measure time.Duration) (idle, running float64) {
	order := []bool{false, true} // whether the copy's countdown runs
	if runFirst {
		order = []bool{true, false}
	}
	procs := map[bool]*windowprobe.Proc{}
	var shown *image.RGBA
	for _, run := range order {
		p := launch(bin, filepath.Join(dir, fmt.Sprint("running-", run)), run)
		defer p.Stop()
		shown = waitFor(p, bin, shown)
		procs[run] = p
	}
	time.Sleep(warm)
	use := cpu(measure, procs[false], procs[true])
	return use[0], use[1]
}

func launch(bin, home string, running bool) *windowprobe.Proc {
	if running {
		check(seedRunningGame(home))
	}
	p, err := windowprobe.Launch(bin, []string{"HOME=" + home, "LANG=en_US.UTF-8", "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")})
	check(err)
	return p
}

// waitFor waits until p has drawn its window: on an empty screen, or over
// the screen as it was before p started.
func waitFor(p *windowprobe.Proc, bin string, before *image.RGBA) *image.RGBA {
	var f windowprobe.Frame
	var err error
	if before == nil {
		f, err = p.WaitForFrame(30 * time.Second)
	} else {
		f, err = p.WaitForChange(before, 30*time.Second)
	}
	if err != nil {
		fail("%s: %v", bin, err)
	}
	return f.Image
}

// cpu returns each program's CPU use in percent of one core over measure.
func cpu(measure time.Duration, procs ...*windowprobe.Proc) []float64 {
	t0 := make([]time.Duration, len(procs))
	for i, p := range procs {
		var err error
		t0[i], err = p.CPUTime()
		check(err)
	}
	start := time.Now()
	time.Sleep(measure)
	elapsed := time.Since(start)
	use := make([]float64, len(procs))
	for i, p := range procs {
		t1, err := p.CPUTime()
		check(err)
		use[i] = 100 * float64(t1-t0[i]) / float64(elapsed)
	}
	return use
}

func mean(v []float64) float64 {
	var sum float64
	for _, x := range v {
		sum += x
	}
	return sum / float64(len(v))
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
