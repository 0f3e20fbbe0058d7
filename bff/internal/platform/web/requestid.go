package web

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"

	"github.com/gin-gonic/gin"
)

// RequestIDHeader carries the request id back to the caller, so a person reporting a fault can quote it.
const RequestIDHeader = "X-Request-Id"

const (
	requestIDKey = "web.requestId"
	loggerKey    = "web.logger"
)

// RequestIDMiddleware gives every request a fresh random id and the server's logger. An id sent by
// the client is not trusted: it would let a caller forge log correlation.
func RequestIDMiddleware(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		var b [12]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		c.Set(requestIDKey, id)
		c.Set(loggerKey, log)
		c.Header(RequestIDHeader, id)
		c.Next()
	}
}

// Logger is the server's logger for this request (the default logger outside a request).
func Logger(c *gin.Context) *slog.Logger {
	if l, ok := c.Get(loggerKey); ok {
		if log, ok := l.(*slog.Logger); ok {
			return log
		}
	}
	return slog.Default()
}

// RequestID is the id RequestIDMiddleware gave this request.
func RequestID(c *gin.Context) string {
	return c.GetString(requestIDKey)
}
