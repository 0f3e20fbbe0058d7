// Package oneuse keeps one-use records in Redis (an e-mail confirmation token, the state of a return
// from the bank's consent page): a record is put with a lifetime, taken at most once (read and deleted
// in one step, so two uses racing each other cannot both succeed), and put back for the rest of its
// life when the use it was taken for failed upstream, so an outage does not burn a link the person
// still holds.
package oneuse

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	// ErrNotFound: no record under the key; it was never put, is used or has expired.
	ErrNotFound = errors.New("oneuse: no record: unknown, used or expired")
	// ErrMalformed: the record under the key is not what was put there.
	ErrMalformed = errors.New("oneuse: malformed record")
)

// Put stores rec, as JSON, under key for ttl.
func Put(ctx context.Context, rdb redis.Cmdable, key string, rec any, ttl time.Duration) error {
	d, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	if err := rdb.Set(ctx, key, d, ttl).Err(); err != nil {
		return fmt.Errorf("oneuse: redis: %w", err)
	}
	return nil
}

// Take removes the record under key and returns it: ErrNotFound when there is none, ErrMalformed when
// it does not decode, any other error when Redis could not be asked.
func Take[T any](ctx context.Context, rdb redis.Cmdable, key string) (T, error) {
	var rec T
	d, err := rdb.GetDel(ctx, key).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return rec, ErrNotFound
	case err != nil:
		return rec, fmt.Errorf("oneuse: redis: %w", err)
	}
	if err := json.Unmarshal(d, &rec); err != nil {
		return rec, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	return rec, nil
}

// PutBack stores a taken record again until expiresAt, its original end, unless that has passed or
// the key holds a record again meanwhile. Best effort: the caller is already failing, so an error here
// has nowhere better to go.
func PutBack(ctx context.Context, rdb redis.Cmdable, key string, rec any, expiresAt time.Time) {
	d, err := json.Marshal(rec)
	if err != nil || !time.Now().Before(expiresAt) {
		return
	}
	_ = rdb.SetArgs(ctx, key, d, redis.SetArgs{Mode: "NX", ExpireAt: expiresAt}).Err()
}
