package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"boardside/app"
	"boardside/companion"
	"boardside/companion/plays"
)

// playLog lists the played games the app and boardside serve recorded on
// this computer, or gives one of them to BG Stats:
//
//	boardside plays [--data DIR] [--json | --csv]
//	boardside plays [--data DIR] --bgstats N
//
// Without --data it reads the app's log and the one boardside serve keeps
// in its own default folder, as one list; --data DIR reads DIR's alone
// (the app's storage, or serve's --data). The list is a short table,
// newest first, numbered from 1; --json and
// --csv print the log's exports, and --bgstats N the link that opens BG
// Stats with play N filled in. It reads the log and never changes it, so
// it is safe while the app runs.
func playLog(args []string, out io.Writer) error {
	const usage = "boardside plays [--data DIR] [--json | --csv | --bgstats N]"
	fl := flag.NewFlagSet("plays", flag.ContinueOnError)
	dataDir := fl.String("data", "", "the folder where "+plays.FileName+" is kept: the app's storage, or boardside serve's --data (default: both the app's and serve's own on this computer)")
	asJSON := fl.Bool("json", false, "print the log as JSON, as the app exports it")
	asCSV := fl.Bool("csv", false, "print the log as CSV, for a spreadsheet")
	bgStats := fl.Int("bgstats", 0, "print the BG Stats link of play `N`, as numbered in the list")
	if err := parseFlags(fl, usage, args); err != nil {
		return err
	}
	chosen := 0
	for _, on := range []bool{*asJSON, *asCSV, *bgStats != 0} {
		if on {
			chosen++
		}
	}
	if fl.NArg() != 0 || chosen > 1 {
		return fmt.Errorf("%w: %s", errUsage, usage)
	}
	var dirs []string
	if *dataDir != "" {
		dirs = []string{*dataDir}
	} else {
		dir, err := appStorageDir()
		if err != nil {
			return fmt.Errorf("could not find the app's storage: %w; name it with --data DIR", err)
		}
		dirs = []string{dir, defaultServeDir()}
	}
	log, path, err := readLogs(dirs)
	if err != nil {
		return err
	}
	ps := log.Plays()
	switch {
	case *asJSON:
		return write(out, log.ExportJSON)
	case *asCSV:
		return write(out, log.ExportCSV)
	case *bgStats != 0:
		if *bgStats < 1 || *bgStats > len(ps) {
			return fmt.Errorf("%w: there is no play %d: the log in %s holds %d (boardside plays lists them, newest first = 1)", errUsage, *bgStats, path, len(ps))
		}
		link, err := ps[*bgStats-1].BGStatsURL()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(out, link)
		return err
	}
	if len(ps) == 0 {
		_, err := fmt.Fprintf(out, "No played games yet in %s.\n", path)
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tDate\tGame\tDuration\tResult")
	for i, p := range ps {
		when := p.Start
		if when.IsZero() {
			when = p.End
		}
		game := p.GameName
		if game == "" {
			game = p.Game
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", i+1, when.Local().Format("2006-01-02 15:04"), game, minutes(p.Duration()), p.Result)
	}
	return tw.Flush()
}

// readLogs reads the logs of played games in dirs as one (a play in two
// is listed once), and says where they are, for the messages. It never
// changes a log: the app or serve may be running and saving.
func readLogs(dirs []string) (*plays.Log, string, error) {
	var logs []*plays.Log
	var paths []string
	for _, d := range dirs {
		path := filepath.Join(d, plays.FileName)
		l, err := plays.Open(readOnly{companion.NewStore(path)})
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", path, err)
		}
		logs, paths = append(logs, l), append(paths, path)
	}
	where := strings.Join(paths, " and ")
	if len(logs) == 1 {
		return logs[0], where, nil
	}
	all, _ := plays.Open(&memStore{}) // an empty store reads without error
	for _, l := range logs {
		data, err := l.ExportJSON()
		if err == nil {
			_, err = all.Import(data)
		}
		if err != nil {
			return nil, "", err
		}
	}
	return all, where, nil
}

// memStore keeps a log in memory: the list of several logs read as one.
type memStore struct{ data []byte }

func (m *memStore) Save(data []byte) error { m.data = append([]byte(nil), data...); return nil }
func (m *memStore) Load() ([]byte, error) {
	if m.data == nil {
		return nil, fs.ErrNotExist
	}
	return m.data, nil
}
func (m *memStore) SetAside(time.Time) (string, error) { return "", errLeftInPlace }
func (m *memStore) Remove() error                      { m.data = nil; return nil }

// write prints what export returns.
func write(out io.Writer, export func() ([]byte, error)) error {
	b, err := export()
	if err != nil {
		return err
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		b = append(b, '\n')
	}
	_, err = out.Write(b)
	return err
}

// minutes is a play's length as the list shows it: "24 min", "1 h 37 min".
func minutes(d time.Duration) string {
	m := int(d.Round(time.Minute) / time.Minute)
	if m < 60 {
		return fmt.Sprintf("%d min", m)
	}
	return fmt.Sprintf("%d h %02d min", m/60, m%60)
}

// appStorageDir is the folder Fyne gives the app's storage on a desktop,
// where the app keeps plays.json: RootConfigDir()/<app ID>
// (fyne.io/fyne/v2 app/preferences_other.go), RootConfigDir being
// ~/.config/fyne on Linux and the BSDs (internal/app/config_xdg.go, which
// follows $XDG_CONFIG_HOME), ~/Library/Preferences/fyne on macOS
// (config_desktop_darwin.go) and ~/AppData/Roaming/fyne on Windows
// (config_windows.go). app/uristore keeps its saves there as plain files.
func appStorageDir() (string, error) {
	var root string
	switch runtime.GOOS {
	case "darwin", "windows":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		if runtime.GOOS == "darwin" {
			root = filepath.Join(home, "Library", "Preferences", "fyne")
		} else {
			root = filepath.Join(home, "AppData", "Roaming", "fyne")
		}
	default:
		config, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		root = filepath.Join(config, "fyne")
	}
	return filepath.Join(root, app.ID), nil
}

// errLeftInPlace is why boardside plays does not set an unreadable log
// aside.
var errLeftInPlace = errors.New("boardside plays leaves it as it is; the app sets it aside and begins a new log when it next opens it")

// readOnly is the log's store as boardside plays uses it: it reads, and
// never writes, sets aside or removes, so the app, which may be running
// and saving, is never disturbed (nor the temporary file of a save under
// way: readOnly is no companion.LeftoverRemover).
type readOnly struct{ companion.Store }

func (readOnly) Save([]byte) error                  { return errLeftInPlace }
func (readOnly) SetAside(time.Time) (string, error) { return "", errLeftInPlace }
func (readOnly) Remove() error                      { return errLeftInPlace }
