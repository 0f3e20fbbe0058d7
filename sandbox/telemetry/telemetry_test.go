package telemetry_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"lender/sandbox/server"
	"lender/sandbox/telemetry"
)

func TestParseEnvelopeReadsTheFormsSDKsSend(t *testing.T) {
	// Only a length tells where a payload with line breaks ends.
	multiline := "{\n \"exception\": {\"values\": [{\"type\": \"Error\", \"value\": \"line one\\nline two\"}]},\n \"level\": \"fatal\"\n}"
	cases := []struct {
		name    string
		raw     string
		want    telemetry.Report
		wantErr bool
	}{
		{
			name: "an event item with a length, its payload spread over lines",
			raw: `{"event_id":"e1","dsn":"http://k@h/1"}` + "\n" + `{"type":"event","length":` + strconv.Itoa(len(multiline)) + `}` + "\n" +
				multiline + "\n",
			want: telemetry.Report{DSN: "http://k@h/1", EventID: "e1", ItemTypes: []string{"event"},
				Exception: &telemetry.Exception{Type: "Error", Value: "line one\nline two"}, Level: "fatal"},
		},
		{
			name: "items without a length, tags as pairs, a message object, no trailing newline",
			raw: `{"dsn":"http://k@h/1"}` + "\n" + `{"type":"session"}` + "\n" + `{"sid":"s"}` + "\n" +
				`{"type":"event"}` + "\n" + `{"event_id":"e2","message":{"formatted":"it broke"},"tags":[["page","quote"],["n",3]]}`,
			want: telemetry.Report{DSN: "http://k@h/1", EventID: "e2", ItemTypes: []string{"session", "event"},
				Message: "it broke", Tags: map[string]string{"page": "quote", "n": "3"}},
		},
		{
			name: "chained exceptions keep the one thrown last",
			raw: `{"dsn":"d"}` + "\n" + `{"type":"event"}` + "\n" +
				`{"exception":{"values":[{"type":"Cause","value":"inner"},{"type":"Wrapper","value":"outer"}]},"message":"m"}`,
			want: telemetry.Report{DSN: "d", ItemTypes: []string{"event"},
				Exception: &telemetry.Exception{Type: "Wrapper", Value: "outer"}, Message: "m"},
		},
		{name: "the header is not JSON", raw: "hello\n{}", wantErr: true},
		{name: "an item header without a type", raw: `{"dsn":"d"}` + "\n" + `{"length":2}` + "\n{}", wantErr: true},
		{name: "a length past the end", raw: `{"dsn":"d"}` + "\n" + `{"type":"event","length":99}` + "\n{}", wantErr: true},
		{name: "an event payload that is not JSON", raw: `{"dsn":"d"}` + "\n" + `{"type":"event"}` + "\nnope", wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := telemetry.ParseEnvelope([]byte(tc.raw))
			if tc.wantErr {
				if err == nil {
					t.Fatalf("parsed %+v, want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tc.want.Raw = tc.raw
			gj, _ := json.Marshal(got)
			wj, _ := json.Marshal(tc.want)
			if string(gj) != string(wj) {
				t.Fatalf("got  %s\nwant %s", gj, wj)
			}
		})
	}
}

func do(t *testing.T, method, url, contentType, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

func capture(t *testing.T, base, query string) telemetry.Capture {
	t.Helper()
	status, body := do(t, http.MethodGet, base+"/_sandbox/telemetry"+query, "", "")
	if status != http.StatusOK {
		t.Fatalf("GET /_sandbox/telemetry: %d %s", status, body)
	}
	var c telemetry.Capture
	if err := json.Unmarshal([]byte(body), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTheSandboxCapturesReportsAndEventsUntilReset(t *testing.T) {
	sb := server.New(server.Config{})
	ts := httptest.NewServer(sb)
	t.Cleanup(ts.Close)

	if c := capture(t, ts.URL, ""); c.Errors == nil || c.Events == nil || len(c.Errors)+len(c.Events) != 0 {
		t.Fatalf("a fresh sandbox holds %+v, want two empty lists", c)
	}

	env := `{"event_id":"e1","dsn":"http://k@h/1"}` + "\n" + `{"type":"event"}` + "\n" + `{"exception":{"values":[{"type":"TypeError","value":"x is undefined"}]}}` + "\n"
	if status, body := do(t, http.MethodPost, ts.URL+"/telemetry/v1/errors", "application/x-sentry-envelope", env); status != http.StatusOK || !strings.Contains(body, `"e1"`) {
		t.Fatalf("POST errors: %d %s", status, body)
	}
	if status, body := do(t, http.MethodPost, ts.URL+"/telemetry/v1/errors", "text/plain", "not an envelope"); status != http.StatusBadRequest || !strings.Contains(body, "bad_envelope") {
		t.Fatalf("POST a bad envelope: %d %s", status, body)
	}
	batch := `{"api_key":"phc_sandbox","batch":[` +
		`{"event":"$pageview","distinct_id":"d1","properties":{"$current_url":"http://x/#/"},"timestamp":"2026-11-21T10:00:00Z"},` +
		`{"event":"front_end_error","distinct_id":"d1","properties":{"componentName":"Quote"},"timestamp":"2026-11-21T10:00:01Z","uuid":"u"}]}`
	if status, body := do(t, http.MethodPost, ts.URL+"/telemetry/v1/analytics/batch", "application/json", batch); status != http.StatusOK {
		t.Fatalf("POST batch: %d %s", status, body)
	}
	for _, bad := range []string{`{"batch":[]}`, `{"api_key":"k","batch":[{"distinct_id":"d"}]}`, `nope`} {
		if status, body := do(t, http.MethodPost, ts.URL+"/telemetry/v1/analytics/batch", "application/json", bad); status != http.StatusBadRequest {
			t.Fatalf("POST %s: %d %s", bad, status, body)
		}
	}

	c := capture(t, ts.URL, "")
	if len(c.Errors) != 1 || c.Errors[0].Raw != env || c.Errors[0].Exception.Type != "TypeError" || c.Errors[0].ReceivedAt.IsZero() {
		t.Fatalf("errors %+v", c.Errors)
	}
	if len(c.Events) != 2 || c.Events[0].Event != "$pageview" || c.Events[1].APIKey != "phc_sandbox" {
		t.Fatalf("events %+v", c.Events)
	}
	only := capture(t, ts.URL, "?event=front_end_error").Events
	if len(only) != 1 || only[0].Properties["componentName"] != "Quote" || only[0].DistinctID != "d1" || only[0].Timestamp != "2026-11-21T10:00:01Z" {
		t.Fatalf("filtered events %+v", only)
	}

	if status, _ := do(t, http.MethodPost, ts.URL+"/_sandbox/reset", "", ""); status != http.StatusOK {
		t.Fatalf("reset: %d", status)
	}
	if c := capture(t, ts.URL, ""); len(c.Errors)+len(c.Events) != 0 {
		t.Fatalf("after reset: %+v", c)
	}
}

func TestAFaultOnTelemetryRefusesReports(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{}))
	t.Cleanup(ts.Close)
	if status, body := do(t, http.MethodPost, ts.URL+"/_sandbox/faults", "application/json", `{"provider":"telemetry","status":503}`); status != http.StatusOK {
		t.Fatalf("set fault: %d %s", status, body)
	}
	if status, _ := do(t, http.MethodPost, ts.URL+"/telemetry/v1/errors", "text/plain", `{"dsn":"d"}`); status != http.StatusServiceUnavailable {
		t.Fatalf("POST errors under a fault: %d", status)
	}
	if c := capture(t, ts.URL, ""); len(c.Errors) != 0 {
		t.Fatalf("captured under a fault: %+v", c.Errors)
	}
}
