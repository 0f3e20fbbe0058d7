package oneuse_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"lender/bff/internal/platform/oneuse"
	"lender/bff/internal/platform/redistest"
)

type record struct {
	Who string `json:"who"`
}

func TestTakenOnce(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	ctx := context.Background()
	key := prefix + "token"
	if err := oneuse.Put(ctx, rdb, key, record{Who: "cus_1"}, time.Minute); err != nil {
		t.Fatal(err)
	}
	got, err := oneuse.Take[record](ctx, rdb, key)
	if err != nil || got.Who != "cus_1" {
		t.Fatalf("first take = %+v, %v", got, err)
	}
	if _, err := oneuse.Take[record](ctx, rdb, key); !errors.Is(err, oneuse.ErrNotFound) {
		t.Fatalf("second take = %v, want ErrNotFound", err)
	}
}

func TestMalformedRecord(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	ctx := context.Background()
	key := prefix + "token"
	if err := rdb.Set(ctx, key, "not json", time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := oneuse.Take[record](ctx, rdb, key); !errors.Is(err, oneuse.ErrMalformed) {
		t.Fatalf("take = %v, want ErrMalformed", err)
	}
}

func TestPutBack(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	ctx := context.Background()

	t.Run("until its original end", func(t *testing.T) {
		key := prefix + "back"
		end := time.Now().Add(time.Minute)
		oneuse.PutBack(ctx, rdb, key, record{Who: "cus_1"}, end)
		got, err := oneuse.Take[record](ctx, rdb, key)
		if err != nil || got.Who != "cus_1" {
			t.Fatalf("take after putting back = %+v, %v", got, err)
		}
		oneuse.PutBack(ctx, rdb, key, record{Who: "cus_1"}, end)
		if ttl := rdb.PExpireTime(ctx, key).Val(); ttl <= 0 || ttl > time.Duration(end.UnixMilli())*time.Millisecond {
			t.Fatalf("put back with expiry %v, want at most %v", ttl, end)
		}
	})

	t.Run("not once it has ended", func(t *testing.T) {
		key := prefix + "ended"
		oneuse.PutBack(ctx, rdb, key, record{Who: "cus_1"}, time.Now().Add(-time.Second))
		if _, err := oneuse.Take[record](ctx, rdb, key); !errors.Is(err, oneuse.ErrNotFound) {
			t.Fatalf("take = %v, want ErrNotFound", err)
		}
	})

	t.Run("not over a record put meanwhile", func(t *testing.T) {
		key := prefix + "meanwhile"
		if err := oneuse.Put(ctx, rdb, key, record{Who: "newer"}, time.Minute); err != nil {
			t.Fatal(err)
		}
		oneuse.PutBack(ctx, rdb, key, record{Who: "older"}, time.Now().Add(time.Minute))
		got, err := oneuse.Take[record](ctx, rdb, key)
		if err != nil || got.Who != "newer" {
			t.Fatalf("take = %+v, %v; want the newer record", got, err)
		}
	})
}
