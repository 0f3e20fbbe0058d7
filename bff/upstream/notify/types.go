package notify

// Name is the provider's name in configuration, metrics and errors.
const Name = "notify"

// Health is the answer of GET /health.
type Health struct {
	Status string `json:"status"` // "ok" when healthy
}

// HealthOK is Health.Status of a healthy provider.
const HealthOK = "ok"
