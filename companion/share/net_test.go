package share

import (
	"net"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestListen_FallsBackToAFreePort(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer taken.Close()
	port := taken.Addr().(*net.TCPAddr).Port

	// On Linux a wildcard listen conflicts with the loopback one.
	l, err := Listen(port)
	require.NoError(t, err)
	defer l.Close()
	assert.NotEqual(t, port, l.Addr().(*net.TCPAddr).Port)
}

func TestAddresses_PrivateFirst(t *testing.T) {
	got := Addresses()
	require.NotEmpty(t, got)
	for i := 1; i < len(got); i++ {
		assert.LessOrEqual(t, rank(got[i-1]), rank(got[i]))
	}
	assert.Equal(t, 0, rank(netip.MustParseAddr("192.168.1.20")))
	assert.Equal(t, 2, rank(netip.MustParseAddr("127.0.0.1")))
}

func TestURL(t *testing.T) {
	assert.Equal(t, "http://192.168.1.20:7777/?t=abc", URL(netip.MustParseAddr("192.168.1.20"), 7777, "abc"))
}
