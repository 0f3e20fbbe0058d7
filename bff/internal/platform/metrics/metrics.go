// Package metrics exports the BFF's Prometheus metrics on the internal listener: requests by route
// template and status, upstream calls by provider with the breaker state, and Redis pool statistics.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/transport"
)

// Registry holds the BFF's collectors. Each BFF (and each test) has its own, so nothing global leaks
// between servers in one process.
type Registry struct {
	reg             *prometheus.Registry
	requests        *prometheus.CounterVec
	requestDuration *prometheus.HistogramVec
	upstreamCalls   *prometheus.CounterVec
	upstreamLatency *prometheus.HistogramVec
	breakerState    *prometheus.GaugeVec
}

// New builds a registry with the Go runtime and process collectors and the BFF's own metrics.
func New() *Registry {
	r := &Registry{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_http_requests_total",
			Help: "HTTP requests by method, route template and status.",
		}, []string{"method", "route", "status"}),
		requestDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bff_http_request_duration_seconds",
			Help:    "HTTP request latency by method and route template.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
		upstreamCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_upstream_calls_total",
			Help: "Calls to upstream providers by provider, operation and outcome.",
		}, []string{"provider", "operation", "outcome"}),
		upstreamLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "bff_upstream_call_duration_seconds",
			Help:    "Upstream call latency by provider.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"provider"}),
		breakerState: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "bff_upstream_circuit_state",
			Help: "Circuit-breaker state per upstream provider: 0 closed, 1 half-open, 2 open.",
		}, []string{"provider"}),
	}
	r.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		r.requests, r.requestDuration, r.upstreamCalls, r.upstreamLatency, r.breakerState,
	)
	return r
}

// Handler serves the metrics in the Prometheus text format.
func (r *Registry) Handler() http.Handler {
	return promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{Registry: r.reg})
}

// HTTPMiddleware records every request under its route template, never its raw path.
func (r *Registry) HTTPMiddleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := web.Route(c)
		r.requests.WithLabelValues(c.Request.Method, route, strconv.Itoa(c.Writer.Status())).Inc()
		r.requestDuration.WithLabelValues(c.Request.Method, route).Observe(time.Since(start).Seconds())
	}
}

// WatchRedis exports the pool statistics of client.
func (r *Registry) WatchRedis(client *redis.Client) {
	r.reg.MustRegister(&redisPoolCollector{client: client})
}

var (
	redisHits     = prometheus.NewDesc("bff_redis_pool_hits_total", "Times a free connection was found in the pool.", nil, nil)
	redisMisses   = prometheus.NewDesc("bff_redis_pool_misses_total", "Times no free connection was found in the pool.", nil, nil)
	redisTimeouts = prometheus.NewDesc("bff_redis_pool_timeouts_total", "Times waiting for a connection timed out.", nil, nil)
	redisTotal    = prometheus.NewDesc("bff_redis_pool_connections", "Connections in the pool.", nil, nil)
	redisIdle     = prometheus.NewDesc("bff_redis_pool_idle_connections", "Idle connections in the pool.", nil, nil)
	redisStale    = prometheus.NewDesc("bff_redis_pool_stale_connections_total", "Stale connections removed from the pool.", nil, nil)
)

type redisPoolCollector struct{ client *redis.Client }

func (c *redisPoolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{redisHits, redisMisses, redisTimeouts, redisTotal, redisIdle, redisStale} {
		ch <- d
	}
}

func (c *redisPoolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.client.PoolStats()
	ch <- prometheus.MustNewConstMetric(redisHits, prometheus.CounterValue, float64(s.Hits))
	ch <- prometheus.MustNewConstMetric(redisMisses, prometheus.CounterValue, float64(s.Misses))
	ch <- prometheus.MustNewConstMetric(redisTimeouts, prometheus.CounterValue, float64(s.Timeouts))
	ch <- prometheus.MustNewConstMetric(redisTotal, prometheus.GaugeValue, float64(s.TotalConns))
	ch <- prometheus.MustNewConstMetric(redisIdle, prometheus.GaugeValue, float64(s.IdleConns))
	ch <- prometheus.MustNewConstMetric(redisStale, prometheus.CounterValue, float64(s.StaleConns))
}

// ObserveCall records one upstream call (transport.Observer).
func (r *Registry) ObserveCall(provider, operation, outcome string, d time.Duration) {
	r.upstreamCalls.WithLabelValues(provider, operation, outcome).Inc()
	r.upstreamLatency.WithLabelValues(provider).Observe(d.Seconds())
}

// ObserveBreaker records a circuit-breaker transition (transport.Observer).
func (r *Registry) ObserveBreaker(provider string, state transport.BreakerState) {
	r.breakerState.WithLabelValues(provider).Set(float64(state))
}

var _ transport.Observer = (*Registry)(nil)
