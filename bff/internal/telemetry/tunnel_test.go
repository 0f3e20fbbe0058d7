package telemetry

import (
	"reflect"
	"testing"
)

func TestCleanPropertiesDropsTheIPAndRedactsFreeText(t *testing.T) {
	in := map[string]any{
		"$ip":            "203.0.113.7",
		"$current_url":   "https://apply.lender.example/#/login/emailMagicLink?token=abcdef",
		"$referrer":      "https://mail.example/?u=jo@example.com",
		"$device_id":     "0193c0de-1234-5678-9012-345678901234",
		"$screen_height": 900.0,
		"message":        "failed for jo@example.com",
		"stack":          "at Quote (quote.tsx:12)",
		"list":           []any{"call 07700 900123", 3.0},
		"$set":           map[string]any{"$ip": "203.0.113.7", "note": "pin=1234"},
		"ok":             true,
	}
	want := map[string]any{
		"$current_url":   "https://apply.lender.example/#/login/emailMagicLink?[query]",
		"$referrer":      "https://mail.example/?[query]",
		"$device_id":     "0193c0de-1234-5678-9012-345678901234",
		"$screen_height": 900.0,
		"message":        "failed for [email]",
		"stack":          "at Quote (quote.tsx:12)",
		"list":           []any{"call [number]", 3.0},
		"$set":           map[string]any{"note": "[credential]"},
		"ok":             true,
	}
	if got := cleanProperties(in); !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %#v\nwant %#v", got, want)
	}
	if got := cleanProperties(nil); got == nil || len(got) != 0 {
		t.Fatalf("nil properties became %#v, want an empty object", got)
	}
}

func TestEnvelopeDSNReadsTheHeaderLineOnly(t *testing.T) {
	dsn, err := envelopeDSN(`{"dsn":"http://k@h/1","event_id":"e"}` + "\n" + `{"dsn":"other"}`)
	if err != nil || dsn != "http://k@h/1" {
		t.Fatalf("dsn %q, %v", dsn, err)
	}
	if _, err := envelopeDSN("not json\n{}"); err == nil {
		t.Fatal("a header that is not JSON was read")
	}
}
