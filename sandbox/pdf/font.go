package pdf

// The two fonts are PDF standard Type 1 fonts, which every reader has: nothing is embedded. Text is
// encoded in WinAnsiEncoding (Windows-1252), which covers English and the Latin-1 letters and has the
// pound sign, the euro sign, typographic quotes, dashes, the bullet and the ellipsis.

// font is one of the two faces.
type font int

const (
	regular font = iota // Helvetica, resource /F1
	bold                // Helvetica-Bold, resource /F2
)

func (f font) resource() string {
	if f == bold {
		return "/F2"
	}
	return "/F1"
}

// Advance widths in thousandths of the font size, from Adobe's AFM files for Helvetica and
// Helvetica-Bold, for WinAnsiEncoding codes 32 to 126 and 160 to 255. Codes 128 to 159 are in
// cp1252Widths.
var asciiWidths = [2][95]int{
	{ // Helvetica, 32 ' ' to 126 '~'
		278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
		556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
		1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
		667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
		333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
		556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
	},
	{ // Helvetica-Bold
		278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
		556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
		975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
		667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
		333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
		611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
	},
}

var latin1Widths = [2][96]int{
	{ // Helvetica, 160 to 255
		278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
		400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
		667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
		722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
		556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
		556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
	},
	{ // Helvetica-Bold
		278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
		400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
		722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
		722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
		556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
		611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
	},
}

// cp1252 maps the runes of Windows-1252's codes 128 to 159 to their codes, with both faces' widths.
var cp1252 = map[rune]struct {
	code  byte
	width [2]int
}{
	'€': {0x80, [2]int{556, 556}}, '‚': {0x82, [2]int{222, 278}}, 'ƒ': {0x83, [2]int{556, 556}},
	'„': {0x84, [2]int{333, 500}}, '…': {0x85, [2]int{1000, 1000}}, '†': {0x86, [2]int{556, 556}},
	'‡': {0x87, [2]int{556, 556}}, 'ˆ': {0x88, [2]int{333, 333}}, '‰': {0x89, [2]int{1000, 1000}},
	'Š': {0x8A, [2]int{667, 667}}, '‹': {0x8B, [2]int{333, 333}}, 'Œ': {0x8C, [2]int{1000, 1000}},
	'Ž': {0x8E, [2]int{611, 611}}, '‘': {0x91, [2]int{222, 278}}, '’': {0x92, [2]int{222, 278}},
	'“': {0x93, [2]int{333, 500}}, '”': {0x94, [2]int{333, 500}}, '•': {0x95, [2]int{350, 350}},
	'–': {0x96, [2]int{556, 556}}, '—': {0x97, [2]int{1000, 1000}}, '˜': {0x98, [2]int{333, 333}},
	'™': {0x99, [2]int{1000, 1000}}, 'š': {0x9A, [2]int{500, 556}}, '›': {0x9B, [2]int{333, 333}},
	'œ': {0x9C, [2]int{944, 944}}, 'ž': {0x9E, [2]int{500, 500}}, 'Ÿ': {0x9F, [2]int{667, 667}},
}

// decode1252 is cp1252 reversed, for ExtractText.
var decode1252 = func() map[byte]rune {
	m := make(map[byte]rune, len(cp1252))
	for r, c := range cp1252 {
		m[c.code] = r
	}
	return m
}()

// encode maps a rune to its WinAnsiEncoding code; ok is false for a rune the encoding lacks.
func encode(r rune) (byte, bool) {
	switch {
	case r >= 0x20 && r <= 0x7e, r >= 0xa0 && r <= 0xff:
		return byte(r), true
	}
	if c, ok := cp1252[r]; ok {
		return c.code, true
	}
	return 0, false
}

// width is the advance width of an encoded byte in thousandths of the font size.
func (f font) width(c byte) int {
	switch {
	case c >= 0x20 && c <= 0x7e:
		return asciiWidths[f][c-0x20]
	case c >= 0xa0:
		return latin1Widths[f][c-0xa0]
	}
	if r, ok := decode1252[c]; ok {
		return cp1252[r].width[f]
	}
	return 0
}

// toWinAnsi encodes text for the fonts: tabs and other white space become spaces, other control
// characters are dropped, and a rune the encoding lacks becomes '?'.
func toWinAnsi(s string) []byte {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		switch {
		case r == '\t' || r == '\u2007' || r == '\u2009' || r == '\u202f':
			out = append(out, ' ')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			// control characters draw nothing
		default:
			if c, ok := encode(r); ok {
				out = append(out, c)
			} else {
				out = append(out, '?')
			}
		}
	}
	return out
}

// measure is the width in points of encoded text set in f at size.
func (f font) measure(b []byte, size float64) float64 {
	w := 0
	for _, c := range b {
		w += f.width(c)
	}
	return float64(w) * size / 1000
}
