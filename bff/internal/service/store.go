// Package service is the service-status switch (spec §4 "Popups in the root shell", §7 "Service
// status"): application/getServiceDisable answers from a flag in Redis that an operator turns on and
// off with `bffctl service disable|enable|status`. While the flag is on, the apps show the
// full-screen service-unavailable overlay with the stored title and HTML body.
//
// The body is HTML written by a person and shown to every borrower, so it is sanitised here to a
// small allowlist (safehtml.Notice) both when it is written and when it is read: a value put into Redis by
// any other means still cannot carry script. The apps sanitise it once more (DOMPurify) before
// rendering it (DESIGN §10).
package service

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/safehtml"
)

// MaxBodyBytes caps the HTML body an operator may store, before sanitising.
const MaxBodyBytes = 16 << 10

// ErrBodyTooLarge is returned by Disable for a body over MaxBodyBytes.
var ErrBodyTooLarge = fmt.Errorf("the body is larger than %d bytes", MaxBodyBytes)

// statusKey is the hash that holds the status, after the configured key prefix.
const statusKey = "service:status"

// Fields of the status hash.
const (
	fieldDisabled  = "disabled"  // "1" or "0" (anything strconv.ParseBool reads)
	fieldTitle     = "title"     // plain text; absent or empty means the app's default
	fieldBodyHTML  = "bodyHtml"  // sanitised HTML; absent or empty means the app's default
	fieldUpdatedAt = "updatedAt" // RFC 3339, UTC
)

// Status is the service status as the apps will see it: Title is plain text and BodyHTML is
// sanitised, whatever Redis holds. Empty Title or BodyHTML means the app shows its default.
type Status struct {
	Disabled  bool
	Title     string
	BodyHTML  string
	UpdatedAt time.Time // zero when unknown
}

// Store keeps the status in Redis at <prefix>service:status. A missing key means enabled.
type Store struct {
	client redis.UniversalClient
	key    string
	now    func() time.Time
	memo   atomic.Pointer[sanitized] // the last body read and its sanitised form
}

type sanitized struct{ raw, clean string }

// NewStore returns a Store on client whose key starts with keyPrefix (config redis.keyPrefix).
func NewStore(client redis.UniversalClient, keyPrefix string) *Store {
	return &Store{client: client, key: keyPrefix + statusKey, now: time.Now}
}

// Key is the Redis key of the status hash.
func (s *Store) Key() string { return s.key }

// Get reads the status. Title and body are sanitised on the way out. A failure to reach Redis, a key
// of the wrong type or an unreadable disabled flag is an error: callers fail closed.
func (s *Store) Get(ctx context.Context) (Status, error) {
	fields, err := s.client.HGetAll(ctx, s.key).Result()
	if err != nil {
		return Status{}, fmt.Errorf("read %s: %w", s.key, err)
	}
	var st Status
	if v, ok := fields[fieldDisabled]; ok {
		st.Disabled, err = strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return Status{}, fmt.Errorf("read %s: field %s is %q, not a boolean", s.key, fieldDisabled, v)
		}
	}
	if t, err := time.Parse(time.RFC3339, fields[fieldUpdatedAt]); err == nil {
		st.UpdatedAt = t
	}
	if !st.Disabled {
		return st, nil
	}
	st.Title = safehtml.Title(fields[fieldTitle])
	st.BodyHTML = s.sanitizeBody(fields[fieldBodyHTML])
	return st, nil
}

// sanitizeBody is safehtml.Notice with a one-entry memo: the stored body rarely changes and is read before
// every navigation of every borrower while the service is disabled. Notice is a pure function, so
// serving a remembered result for the same input is exactly as safe as computing it again.
func (s *Store) sanitizeBody(raw string) string {
	if m := s.memo.Load(); m != nil && m.raw == raw {
		return m.clean
	}
	clean := safehtml.Notice(raw)
	s.memo.Store(&sanitized{raw: raw, clean: clean})
	return clean
}

// Disable turns the service off. title (plain text) and bodyHTML (the notice) are optional: empty
// means the app's default. Both are sanitised before they are stored. The whole status is replaced
// in one transaction, so no field of an earlier notice survives.
func (s *Store) Disable(ctx context.Context, title, bodyHTML string) error {
	if len(bodyHTML) > MaxBodyBytes {
		return ErrBodyTooLarge
	}
	values := []any{fieldDisabled, "1", fieldUpdatedAt, s.stamp()}
	if t := safehtml.Title(title); t != "" {
		values = append(values, fieldTitle, t)
	}
	if b := safehtml.Notice(bodyHTML); b != "" {
		values = append(values, fieldBodyHTML, b)
	}
	return s.replace(ctx, values)
}

// Enable turns the service back on, dropping the notice. The hash keeps disabled=0 and the time, so
// `bffctl service status` can say when it was switched back on.
func (s *Store) Enable(ctx context.Context) error {
	return s.replace(ctx, []any{fieldDisabled, "0", fieldUpdatedAt, s.stamp()})
}

func (s *Store) replace(ctx context.Context, values []any) error {
	_, err := s.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, s.key)
		p.HSet(ctx, s.key, values...)
		return nil
	})
	if err != nil {
		return fmt.Errorf("write %s: %w", s.key, err)
	}
	return nil
}

func (s *Store) stamp() string { return s.now().UTC().Format(time.RFC3339) }
