package app

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMetadata_MatchesFyneAppToml keeps the identity a plain go build uses
// equal to the one the fyne tool packages from FyneApp.toml.
func TestMetadata_MatchesFyneAppToml(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "FyneApp.toml"))
	require.NoError(t, err)
	field := func(name string) string {
		m := regexp.MustCompile(`(?m)^\s*` + name + `\s*=\s*"?([^"\n]*)"?\s*$`).FindStringSubmatch(string(b))
		require.NotNil(t, m, "FyneApp.toml has no %s", name)
		return m[1]
	}
	md := Metadata()
	assert.Equal(t, field("ID"), md.ID)
	assert.Equal(t, field("Name"), md.Name)
	assert.Equal(t, field("Version"), md.Version)
	assert.Equal(t, field("Build"), strconv.Itoa(md.Build))
	assert.Equal(t, "true", field("fyneDo"))
	assert.True(t, md.Migrations["fyneDo"])

	icon, err := os.ReadFile(filepath.Join("..", field("Icon")))
	require.NoError(t, err, "the icon named in FyneApp.toml exists")
	assert.Equal(t, icon, md.Icon.Content(), "the embedded icon is the one FyneApp.toml names")

	// The fyne tool reads FyneApp.toml and the icon from the main package's folder.
	linked, err := os.ReadFile(filepath.Join("..", "cmd", "boardside", "FyneApp.toml"))
	require.NoError(t, err)
	assert.Equal(t, b, linked)
	_, err = os.Stat(filepath.Join("..", "cmd", "boardside", field("Icon")))
	assert.NoError(t, err)
}
