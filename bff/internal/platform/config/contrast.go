package config

import (
	"fmt"
	"math"
	"strconv"
)

// minimumTextContrast is WCAG 2.2 AA's contrast for normal text (success criterion 1.4.3).
const minimumTextContrast = 4.5

// contrastProblems lists the text pairs a brand's colours draw that fall under WCAG AA: the header's
// text on the header, white on the primary colours (buttons), the primary and error colours on the
// page. The apps' theme checks every pair it derives as well (packages/ui/src/contrast.ts); these are
// the pairs a brand's own values decide, checked here so that no configured brand and no client's
// page-level settings can draw unreadable text. The colours are valid #rrggbb.
func (b Brand) contrastProblems() []string {
	pairs := []struct{ what, fg, bg string }{
		{"headerTextColor on headerColor", b.HeaderTextColor, b.HeaderColor},
		{"white on primary", "#ffffff", b.Primary},
		{"white on primaryAlt", "#ffffff", b.PrimaryAlt},
		{"primary on backgroundColor", b.Primary, b.BackgroundColor},
		{"errorColor on backgroundColor", b.ErrorColor, b.BackgroundColor},
	}
	var out []string
	for _, p := range pairs {
		if p.fg == "" || p.bg == "" {
			continue // reported as missing
		}
		if r := contrastRatio(p.fg, p.bg); r < minimumTextContrast {
			out = append(out, fmt.Sprintf("%s has a contrast of %.2f:1, under WCAG AA's %.1f:1", p.what, r, minimumTextContrast))
		}
	}
	return out
}

// contrastRatio is WCAG 2.x's contrast ratio of two opaque #rrggbb colours: 1 to 21.
func contrastRatio(a, b string) float64 {
	la, lb := relativeLuminance(a), relativeLuminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// relativeLuminance is WCAG 2.x's relative luminance of a #rrggbb colour: 0 for black, 1 for white.
func relativeLuminance(hex string) float64 {
	linear := func(i int) float64 {
		v, _ := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8) // the pattern has been checked
		c := float64(v) / 255
		if c <= 0.04045 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*linear(0) + 0.7152*linear(1) + 0.0722*linear(2)
}
