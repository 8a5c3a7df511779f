package decks

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upperGamma is the regularized upper incomplete gamma function Q(a, x),
// by its series (x < a+1) or continued fraction (Numerical Recipes §6.2):
// the chi-square p-value is Q(dof/2, χ²/2).
func upperGamma(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 1000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-15 {
				break
			}
		}
		return 1 - sum*math.Exp(-x+a*math.Log(x)-lg)
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		if math.Abs(d*c-1) < 1e-15 {
			break
		}
	}
	return math.Exp(-x+a*math.Log(x)-lg) * h
}

func chiSquare(observed []int, expected []float64) (stat, p float64) {
	for i, o := range observed {
		diff := float64(o) - expected[i]
		stat += diff * diff / expected[i]
	}
	return stat, upperGamma(float64(len(observed)-1)/2, stat/2)
}

func TestUpperGamma_KnownValues(t *testing.T) {
	// Chi-square critical values: 23 dof at p = 0.001 is 49.728; 2 dof at
	// p = 0.05 is 5.991.
	assert.InDelta(t, 0.001, upperGamma(23.0/2, 49.728/2), 1e-5)
	assert.InDelta(t, 0.05, upperGamma(1, 5.991/2), 1e-4)
}

// TestShuffle_IsFair shuffles a 4-card deck 240,000 times: every one of the
// 24 orders must be about equally likely (chi-square, p > 0.001) and every
// card must land in every position about a quarter of the time.
func TestShuffle_IsFair(t *testing.T) {
	const n = 240_000
	d := &Deck{Rng: seeded(42)}
	orders := map[string]int{}
	var pos [4][4]int // card × position
	for range n {
		d.Draw = []string{"A", "B", "C", "D"}
		d.Shuffle()
		orders[strings.Join(d.Draw, "")]++
		for p, c := range d.Draw {
			pos[c[0]-'A'][p]++
		}
	}
	require.Len(t, orders, 24, "every order appears")
	observed := make([]int, 0, 24)
	expected := make([]float64, 0, 24)
	for _, c := range orders {
		observed = append(observed, c)
		expected = append(expected, n/24.0)
	}
	stat, p := chiSquare(observed, expected)
	t.Logf("shuffle: chi-square %.2f over 23 degrees of freedom, p = %.3f", stat, p)
	assert.Greater(t, p, 0.001)

	// Each card × position count is binomial(n, 1/4): sd = sqrt(n·¼·¾) ≈ 212.
	sd := math.Sqrt(n * 0.25 * 0.75)
	for c := range 4 {
		for p := range 4 {
			assert.InDelta(t, n/4.0, float64(pos[c][p]), 5*sd, "card %c at position %d", 'A'+c, p+1)
		}
	}
}

// TestBag_BlindDrawsAreFair draws one half-valve blind from the Mission
// Control bag (4 black, 4 white, 2 red) 240,000 times.
func TestBag_BlindDrawsAreFair(t *testing.T) {
	const n = 240_000
	rng := seeded(7)
	counts := map[string]int{}
	for range n {
		b := NewBag(map[string]int{"black": 4, "white": 4, "red": 2}, rng)
		k, err := b.DrawBlind()
		require.NoError(t, err)
		counts[k]++
	}
	observed := []int{counts["black"], counts["white"], counts["red"]}
	stat, p := chiSquare(observed, []float64{n * 0.4, n * 0.4, n * 0.2})
	t.Logf("bag: black %d, white %d, red %d; chi-square %.2f over 2 degrees of freedom, p = %.3f", counts["black"], counts["white"], counts["red"], stat, p)
	assert.Greater(t, p, 0.001)
}

// TestBag_LaterDrawsAreFairToo: the second draw, from 9 tokens, follows the
// first: P(red second) = 2/10 still.
func TestBag_LaterDrawsAreFairToo(t *testing.T) {
	const n = 100_000
	rng := seeded(8)
	red := 0
	for range n {
		b := NewBag(map[string]int{"black": 4, "white": 4, "red": 2}, rng)
		_, _ = b.DrawBlind()
		k, _ := b.DrawBlind()
		if k == "red" {
			red++
		}
	}
	sd := math.Sqrt(n * 0.2 * 0.8)
	assert.InDelta(t, n*0.2, float64(red), 5*sd)
}
