package pdf

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
)

// ErrNotOurs is returned by ExtractText for input this package did not write.
var ErrNotOurs = errors.New("pdf: not a document written by this package")

// ExtractText reads back the text of a PDF written by this package, one string per page: the page's
// lines from top to bottom, each line's pieces (table cells) from left to right joined by a space,
// lines joined by "\n". The footer is the last line. It is meant for tests ("does the agreement show
// £5,000.00?"); it does not read PDFs from elsewhere.
func ExtractText(b []byte) ([]string, error) {
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		return nil, ErrNotOurs
	}
	var pages []string
	rest := b
	for {
		i := bytes.Index(rest, []byte("stream\n"))
		if i < 0 {
			break
		}
		rest = rest[i+len("stream\n"):]
		j := bytes.Index(rest, []byte("\nendstream"))
		if j < 0 {
			return nil, ErrNotOurs
		}
		text, err := pageText(rest[:j])
		if err != nil {
			return nil, err
		}
		pages = append(pages, text)
		rest = rest[j+len("\nendstream"):]
	}
	if len(pages) == 0 {
		return nil, ErrNotOurs
	}
	return pages, nil
}

type piece struct {
	x, y float64
	text string
}

// pageText reads the "BT /F1 9 Tf 1 0 0 1 x y Tm (text) Tj ET" lines of one content stream.
func pageText(stream []byte) (string, error) {
	var pieces []piece
	for _, line := range strings.Split(string(stream), "\n") {
		if !strings.HasPrefix(line, "BT ") {
			continue
		}
		open := strings.IndexByte(line, '(')
		end := strings.LastIndex(line, ") Tj ET")
		if open < 0 || end < open {
			return "", ErrNotOurs
		}
		f := strings.Fields(line[:open])
		if len(f) < 10 || f[len(f)-1] != "Tm" {
			return "", ErrNotOurs
		}
		x, errX := strconv.ParseFloat(f[len(f)-3], 64)
		y, errY := strconv.ParseFloat(f[len(f)-2], 64)
		if errX != nil || errY != nil {
			return "", ErrNotOurs
		}
		text, err := unescape(line[open+1 : end])
		if err != nil {
			return "", err
		}
		pieces = append(pieces, piece{x: x, y: y, text: text})
	}
	// top to bottom, then left to right; pieces within 2 points of height share a line
	slices.SortStableFunc(pieces, func(a, b piece) int {
		switch {
		case a.y > b.y+2:
			return -1
		case b.y > a.y+2:
			return 1
		case a.x < b.x:
			return -1
		case a.x > b.x:
			return 1
		}
		return 0
	})
	var lines []string
	for i := 0; i < len(pieces); {
		j := i
		var parts []string
		for j < len(pieces) && pieces[i].y-pieces[j].y <= 2 {
			parts = append(parts, pieces[j].text)
			j++
		}
		lines = append(lines, strings.Join(parts, " "))
		i = j
	}
	return strings.Join(lines, "\n"), nil
}

// unescape decodes the body of a literal string written by literal, back to UTF-8.
func unescape(s string) (string, error) {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out.WriteRune(decodeByte(c))
			continue
		}
		i++
		if i >= len(s) {
			return "", ErrNotOurs
		}
		switch s[i] {
		case '(', ')', '\\':
			out.WriteByte(s[i])
		case 'n':
			out.WriteByte('\n')
		default:
			if i+3 > len(s) {
				return "", ErrNotOurs
			}
			v, err := strconv.ParseUint(s[i:i+3], 8, 8)
			if err != nil {
				return "", ErrNotOurs
			}
			out.WriteRune(decodeByte(byte(v)))
			i += 2
		}
	}
	return out.String(), nil
}

func decodeByte(c byte) rune {
	if r, ok := decode1252[c]; ok {
		return r
	}
	return rune(c)
}
