//go:build smoke

package main

import (
	"bytes"
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardside/app"
	"boardside/internal/windowprobe"
)

// TestWindowsExe_DrawsUnderWine checks the Windows program that make
// release packs, named by BOARDSIDE_EXE (make smoke-windows builds it as
// make release does and runs this under Xvfb): a PE32+ GUI program for
// x86-64 with the app's icon, version and manifest, which, started under
// Wine in a new Wine prefix (a first start: no settings, no saved games),
// draws its window and is still running a second later. Skipped where no
// program is named or Wine is missing.
func TestWindowsExe_DrawsUnderWine(t *testing.T) {
	exe := os.Getenv("BOARDSIDE_EXE")
	if exe == "" {
		t.Skip("BOARDSIDE_EXE names no Windows program: make smoke-windows builds boardside.exe as make release does and runs this test")
	}
	exe, err := filepath.Abs(exe)
	require.NoError(t, err)
	checkWindowsGUIProgram(t, exe)

	wine, err := exec.LookPath("wine")
	if err != nil {
		t.Skip("Wine is not installed (scripts/deps.sh release installs Debian's wine64): boardside.exe was not started")
	}
	prefix := t.TempDir()
	env := []string{
		"WINEPREFIX=" + prefix,
		"WINEDEBUG=-all",
		"WINEDLLOVERRIDES=mscoree,mshtml=", // no offer to install Mono or Gecko: its dialog would be a drawn window
		"LANG=en_US.UTF-8",
	}
	wineCmd := func(args ...string) *exec.Cmd {
		c := exec.Command(wine, args...)
		c.Env = append(os.Environ(), env...)
		return c
	}
	start := time.Now()
	out, err := wineCmd("wineboot", "--init").CombinedOutput()
	require.NoError(t, err, "wineboot: %s", out)
	// Wine ends with its prefix's server; waiting for it waits for the
	// prefix to be made whole.
	wineserver := func(arg string) {
		if path, err := exec.LookPath("wineserver"); err == nil {
			c := exec.Command(path, arg)
			c.Env = append(os.Environ(), env...)
			_ = c.Run()
		}
	}
	wineserver("-w")
	defer wineserver("-k")
	t.Logf("a new Wine prefix in %v", time.Since(start).Round(time.Millisecond))
	standInProcessPrng(t, prefix)

	blank, err := windowprobe.Screenshot()
	require.NoError(t, err)
	require.False(t, windowprobe.Drawn(blank), "the screen shows something before boardside.exe starts")

	p, err := windowprobe.Launch(wine, env, exe)
	require.NoError(t, err)
	defer p.Stop()
	frame, err := p.WaitForFrame(90 * time.Second)
	require.NoError(t, err)
	// Wine draws a frame around the window: at least 64 colours (the
	// home screen's anti-aliased text) are the app's own drawing.
	assert.GreaterOrEqual(t, windowprobe.DistinctColours(frame.Image, 64), 64, "the window shows the app's drawing, not Wine's frame alone")
	t.Logf("first frame within %v (not before %v)", frame.After.Round(time.Millisecond), frame.NotBefore.Round(time.Millisecond))

	// A real wait, as in TestSmoke: a crash or a blank frame shows only in
	// real time.
	time.Sleep(time.Second)
	assert.True(t, p.Alive(), "boardside.exe is still running a second after its first frame: %s", p.Output.String())
	again, err := windowprobe.Screenshot()
	require.NoError(t, err)
	assert.True(t, windowprobe.Drawn(again), "the window is not blank a second later")
}

// checkWindowsGUIProgram fails unless exe is a PE32+ program for x86-64
// that Windows starts as a GUI program (no console window) and that
// carries the app's icon, its version (app.Version and app.Build, as
// FyneApp.toml has them) and a manifest.
func checkWindowsGUIProgram(t *testing.T, exe string) {
	t.Helper()
	f, err := pe.Open(exe)
	require.NoError(t, err, "%s is not a Windows program", exe)
	defer f.Close()
	assert.Equal(t, uint16(pe.IMAGE_FILE_MACHINE_AMD64), f.Machine, "built for x86-64")
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	require.True(t, ok, "a PE32+ (64-bit) program")
	assert.Equal(t, uint16(pe.IMAGE_SUBSYSTEM_WINDOWS_GUI), oh.Subsystem, "the GUI subsystem (-H windowsgui): no console window beside the app")

	types, rsrc, err := resourceTypes(f, oh)
	require.NoError(t, err)
	const rtIcon, rtGroupIcon, rtVersion, rtManifest = 3, 14, 16, 24
	for id, what := range map[uint32]string{rtIcon: "an icon", rtGroupIcon: "an icon group", rtVersion: "version information", rtManifest: "a manifest"} {
		assert.True(t, types[id], "boardside.exe carries %s (resource type %d)", what, id)
	}
	utf16le := func(s string) []byte {
		var b []byte
		for _, r := range utf16.Encode([]rune(s)) {
			b = binary.LittleEndian.AppendUint16(b, r)
		}
		return b
	}
	version := fmt.Sprintf("%s.%d", app.Version, app.Build)
	assert.True(t, bytes.Contains(rsrc, utf16le(app.Name)), "the version information names %s", app.Name)
	assert.True(t, bytes.Contains(rsrc, utf16le(version)), "the version information says %s (FyneApp.toml's Version and Build)", version)
}

// resourceTypes reads the types of the resources exe carries (the IDs of
// the root of its resource tree), and the bytes of the section that holds
// them.
func resourceTypes(f *pe.File, oh *pe.OptionalHeader64) (map[uint32]bool, []byte, error) {
	dir := oh.DataDirectory[pe.IMAGE_DIRECTORY_ENTRY_RESOURCE]
	if dir.VirtualAddress == 0 {
		return nil, nil, errors.New("boardside.exe carries no resources: no icon, version or manifest")
	}
	for _, s := range f.Sections {
		if dir.VirtualAddress < s.VirtualAddress || dir.VirtualAddress >= s.VirtualAddress+s.VirtualSize {
			continue
		}
		data, err := s.Data()
		if err != nil {
			return nil, nil, err
		}
		root := data[dir.VirtualAddress-s.VirtualAddress:]
		if len(root) < 16 {
			return nil, nil, errors.New("the resource directory is cut short")
		}
		named := int(binary.LittleEndian.Uint16(root[12:]))
		ids := int(binary.LittleEndian.Uint16(root[14:]))
		types := map[uint32]bool{}
		for i := named; i < named+ids; i++ { // entries with an ID follow those with a name
			at := 16 + 8*i
			if at+8 > len(root) {
				return nil, nil, errors.New("the resource directory is cut short")
			}
			types[binary.LittleEndian.Uint32(root[at:])] = true
		}
		return types, data, nil
	}
	return nil, nil, errors.New("no section holds the resource directory")
}

// processPrng stands in for Windows' bcryptprimitives.dll, which Go
// programs load at start (its ProcessPrng, since Go 1.22; every Windows
// from 10 on has it) and which Debian 12's Wine 8.0 lacks: the program
// would stop with "bcryptprimitives.dll not found" before drawing
// anything. It answers with BCryptGenRandom, which Wine has.
const processPrng = `#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!BCRYPT_SUCCESS(BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG))) return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
`

// standInProcessPrng puts a bcryptprimitives.dll into the Wine prefix
// where Wine has none, built from processPrng with mingw-w64; it skips the
// test where that cannot be built.
func standInProcessPrng(t *testing.T, prefix string) {
	t.Helper()
	system32 := filepath.Join(prefix, "drive_c", "windows", "system32")
	if _, err := os.Stat(filepath.Join(system32, "bcryptprimitives.dll")); err == nil {
		return // Wine 9 and later have their own
	}
	cc, err := exec.LookPath("x86_64-w64-mingw32-gcc")
	if err != nil {
		t.Skip("this Wine has no bcryptprimitives.dll, which Go programs need, and mingw-w64 (x86_64-w64-mingw32-gcc) is not installed to build a stand-in")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "bcryptprimitives.c")
	require.NoError(t, os.WriteFile(src, []byte(processPrng), 0o644))
	out, err := exec.Command(cc, "-shared", "-O2", "-s", "-o", filepath.Join(system32, "bcryptprimitives.dll"), src, "-lbcrypt").CombinedOutput()
	require.NoError(t, err, "building the stand-in bcryptprimitives.dll: %s", out)
	t.Log("this Wine has no bcryptprimitives.dll: a stand-in answers ProcessPrng with BCryptGenRandom")
}
