package payments

import (
	"net/http"
	"time"

	"lender/bff/upstream/payments"
	"lender/bff/upstream/transport"
	"lender/sandbox/httpjson"
)

// IdempotencyTTL is how long the gateway remembers an Idempotency-Key's answer (sandbox time).
const IdempotencyTTL = 24 * time.Hour

// requireIdempotencyKey answers 400 idempotency_key_required and reports false when a money-moving
// request has no Idempotency-Key. The shared store (httpjson.Idempotency) checks the key's form and
// does the rest.
func requireIdempotencyKey(w http.ResponseWriter, r *http.Request) bool {
	if r.Header.Get(transport.IdempotencyKeyHeader) == "" {
		httpjson.Error(w, http.StatusBadRequest, payments.CodeIdempotencyKeyRequired,
			"this call moves money: send an Idempotency-Key header")
		return false
	}
	return true
}

// errorAnswer is a non-2xx answer of an idempotent effect: the error shape. The store does not keep it,
// so the key stays free.
func errorAnswer(status int, code, message string) (int, any) {
	return status, transport.ErrorBody{Code: code, Message: message}
}
