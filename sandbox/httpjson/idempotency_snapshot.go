package httpjson

import (
	"encoding/hex"
	"errors"
	"time"
)

// IdempotencyRecord is a remembered Idempotency-Key as a snapshot file keeps it: the fingerprint of the
// request (a SHA-256, never the request) and the answer to replay.
type IdempotencyRecord struct {
	Key         string    `json:"key"`
	Fingerprint string    `json:"fingerprint"` // hex
	Status      int       `json:"status"`
	Body        []byte    `json:"body"` // the answer's JSON, base64 in the file
	At          time.Time `json:"at"`
}

// Export is every key still remembered, so a sandbox restarted from a snapshot replays them as before.
func (s *Idempotency) Export() []IdempotencyRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	out := make([]IdempotencyRecord, 0, len(s.seen))
	for k, v := range s.seen {
		if now.Sub(v.at) >= s.ttl {
			continue
		}
		out = append(out, IdempotencyRecord{Key: k, Fingerprint: hex.EncodeToString(v.fingerprint[:]), Status: v.status,
			Body: append([]byte(nil), v.body...), At: v.at})
	}
	return out
}

// ParsedIdempotency is checked records, ready for Import.
type ParsedIdempotency struct{ seen map[string]replay }

// ParseIdempotency checks exported records for Import. The two steps let a snapshot check every
// provider's part before changing any.
func ParseIdempotency(recs []IdempotencyRecord) (ParsedIdempotency, error) {
	seen := make(map[string]replay, len(recs))
	for _, r := range recs {
		fp, err := hex.DecodeString(r.Fingerprint)
		if !validKey(r.Key) || err != nil || len(fp) != 32 || r.Status < 200 || r.Status > 299 {
			return ParsedIdempotency{}, errors.New("an idempotency record is malformed")
		}
		rp := replay{status: r.Status, body: append([]byte(nil), r.Body...), at: r.At}
		copy(rp.fingerprint[:], fp)
		seen[r.Key] = rp
	}
	return ParsedIdempotency{seen: seen}, nil
}

// Import replaces the remembered keys with parsed.
func (s *Idempotency) Import(parsed ParsedIdempotency) {
	seen := make(map[string]replay, len(parsed.seen))
	for k, v := range parsed.seen {
		seen[k] = v
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen = seen
}
