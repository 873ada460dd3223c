package retry

import (
	"net/http"
	"strconv"
	"time"

	"github.com/example/go-http-retry/internal/backoff"
)

type Options struct{ Max int }

type transport struct {
	next http.RoundTripper
	opt  Options
}

func New(next http.RoundTripper, opt Options) http.RoundTripper {
	if opt.Max == 0 {
		opt.Max = 3
	}
	return &transport{next: next, opt: opt}
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt <= t.opt.Max; attempt++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil && resp.StatusCode != 429 && resp.StatusCode < 502 {
			return resp, nil
		}
		wait := backoff.Delay(attempt)
		if resp != nil {
			if s, e := strconv.Atoi(resp.Header.Get("Retry-After")); e == nil {
				wait = time.Duration(s) * time.Second
			}
			resp.Body.Close()
		}
		time.Sleep(wait)
	}
	return resp, err
}
