package notify

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"

	"lender/bff/upstream/notify"
)

// maxEmailAddress is RFC 5321's limit on a forward path.
const maxEmailAddress = 254

// validEmail accepts one bare address (no display name, no angle brackets) whose domain has at least
// two labels of letters, digits and hyphens, such as jo.bloggs+tag@example.co.uk.
func validEmail(s string) bool {
	if s == "" || len(s) > maxEmailAddress || strings.ContainsAny(s, " \t\r\n<>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	local, domain := s[:at], s[at+1:]
	if local == "" || len(local) > 64 {
		return false
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// validE164 accepts "+" then a country code and number: 8 to 15 digits, the first not 0.
func validE164(s string) bool {
	if len(s) < 9 || len(s) > 16 || s[0] != '+' || s[1] == '0' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func validateEmail(e notify.Email) (code, message string) {
	if !validEmail(e.To) {
		return notify.CodeInvalidAddress, "to must be one e-mail address such as jo@example.com, without a display name"
	}
	if e.From != "" && !validEmail(e.From) {
		return notify.CodeInvalidAddress, "from must be one e-mail address such as no-reply@example.com, without a display name"
	}
	switch {
	case strings.TrimSpace(e.Subject) == "":
		return notify.CodeInvalidMessage, "subject is required"
	case strings.ContainsAny(e.Subject, "\r\n"):
		return notify.CodeInvalidMessage, "subject must be one line"
	case utf8.RuneCountInString(e.Subject) > notify.MaxSubject:
		return notify.CodeInvalidMessage, fmt.Sprintf("subject must be at most %d characters", notify.MaxSubject)
	case strings.TrimSpace(e.HTML) == "" && strings.TrimSpace(e.Text) == "":
		return notify.CodeInvalidMessage, "give an html body, a text body or both"
	}
	return validateMeta(e.Template, e.Tags, e.Metadata)
}

func validateSMS(s notify.SMS) (code, message string) {
	if !validE164(s.To) {
		return notify.CodeInvalidAddress, "to must be a phone number in E.164 format, such as +447700900123"
	}
	switch {
	case strings.TrimSpace(s.Text) == "":
		return notify.CodeInvalidMessage, "text is required"
	case utf8.RuneCountInString(s.Text) > notify.MaxSMSText:
		return notify.CodeInvalidMessage, fmt.Sprintf("text must be at most %d characters", notify.MaxSMSText)
	}
	return validateMeta(s.Template, s.Tags, s.Metadata)
}

func validateMeta(template string, tags []string, metadata map[string]string) (code, message string) {
	if template != "" && !token(template, 64, "a-z0-9_.-") {
		return notify.CodeInvalidMessage, "template must be 1 to 64 of a-z, 0-9, '_', '.' and '-'"
	}
	if len(tags) > notify.MaxTags {
		return notify.CodeInvalidMessage, fmt.Sprintf("at most %d tags", notify.MaxTags)
	}
	for _, t := range tags {
		if !token(t, 64, "a-z0-9_-") {
			return notify.CodeInvalidMessage, "each tag must be 1 to 64 of a-z, 0-9, '_' and '-'"
		}
	}
	if len(metadata) > notify.MaxMetadataKeys {
		return notify.CodeInvalidMessage, fmt.Sprintf("at most %d metadata keys", notify.MaxMetadataKeys)
	}
	for k, v := range metadata {
		if !token(k, 40, "A-Za-z0-9_-") {
			return notify.CodeInvalidMessage, "each metadata key must be 1 to 40 of A-Z, a-z, 0-9, '_' and '-'"
		}
		if utf8.RuneCountInString(v) > 256 {
			return notify.CodeInvalidMessage, "each metadata value must be at most 256 characters"
		}
	}
	return "", ""
}

// token reports whether s is 1 to maxLen characters of the class: "a-z0-9_-" style, where "A-Z" adds
// upper case and any other character stands for itself.
func token(s string, maxLen int, class string) bool {
	if s == "" || len(s) > maxLen {
		return false
	}
	upper := strings.Contains(class, "A-Z")
	extra := strings.NewReplacer("A-Z", "", "a-z", "", "0-9", "").Replace(class)
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || upper && c >= 'A' && c <= 'Z' || strings.IndexByte(extra, c) >= 0
		if !ok {
			return false
		}
	}
	return true
}
