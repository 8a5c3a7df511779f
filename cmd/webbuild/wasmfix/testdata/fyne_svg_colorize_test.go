// Added to Fyne's internal/svg by `make wasm-test` through the overlay
// (cmd/webbuild/wasmfix): an icon coloured again, as each refresh of its
// image does, is coloured once per colour, and each colour still comes out.

package svg

import (
	"bytes"
	"image/color"
	"testing"
)

const boardsideIcon = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M0 0h24v24H0z" fill="#000000"/></svg>`

func TestBoardside_ColorizeIsKeptPerColour(t *testing.T) {
	red := color.NRGBA{R: 0xff, A: 0xff}
	blue := color.NRGBA{B: 0xff, A: 0xff}
	first, err := Colorize([]byte(boardsideIcon), red)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Colorize([]byte(boardsideIcon), red)
	if &first[0] != &again[0] {
		t.Fatal("the same icon in the same colour was coloured again")
	}
	other, _ := Colorize([]byte(boardsideIcon), blue)
	if bytes.Equal(first, other) {
		t.Fatal("a second colour gave the first one's icon")
	}
	if want, _ := colorize([]byte(boardsideIcon), blue); !bytes.Equal(other, want) {
		t.Fatalf("kept %s, coloured anew %s", other, want)
	}
}
