package notify

import (
	"net/url"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// urlInText finds http(s) URLs in plain text; trailing punctuation is trimmed afterwards.
var urlInText = regexp.MustCompile(`https?://[^\s<>"'()\[\]{}]+`)

// extractLinks is every absolute http(s) link in the bodies: the href of each <a> in htmlBody, then each
// URL in text, in order of appearance, without duplicates.
func extractLinks(htmlBody, text string) []string {
	links := []string{}
	add := func(raw string) {
		raw = strings.TrimSpace(raw)
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return
		}
		if !slices.Contains(links, raw) {
			links = append(links, raw)
		}
	}
	if htmlBody != "" {
		z := html.NewTokenizer(strings.NewReader(htmlBody))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				break
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			name, hasAttr := z.TagName()
			if string(name) != "a" {
				continue
			}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "href" {
					add(string(v)) // the tokenizer has unescaped &amp; and friends
				}
			}
		}
	}
	for _, m := range urlInText.FindAllString(text, -1) {
		add(strings.TrimRight(m, ".,;:!?"))
	}
	return links
}

// gsm7 is the GSM 03.38 default alphabet; gsm7Ext its extension table, whose characters take two septets.
const (
	gsm7    = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
	gsm7Ext = "^{}\\[~]|€\f"
)

// smsSegments is how many parts an SMS of text takes: GSM 03.38 text fits 160 septets in one part and
// 153 per part when concatenated; anything else is UCS-2, 70 UTF-16 units or 67 per part.
func smsSegments(text string) int {
	septets, gsm := 0, true
	for _, r := range text {
		switch {
		case strings.ContainsRune(gsm7, r):
			septets++
		case strings.ContainsRune(gsm7Ext, r):
			septets += 2
		default:
			gsm = false
		}
	}
	if gsm {
		return parts(septets, 160, 153)
	}
	units := 0
	for _, r := range text {
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
	}
	return parts(units, 70, 67)
}

func parts(n, single, each int) int {
	if n <= single {
		return 1
	}
	return (n + each - 1) / each
}
