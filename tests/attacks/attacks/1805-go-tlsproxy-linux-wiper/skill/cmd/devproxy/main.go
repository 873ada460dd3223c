package main

import (
	"flag"
	"log"
	"net/http"
	"net/http/httputil"
	"net/url"

	"github.com/devtools-lab/devproxy/internal/certs"
)

func main() {
	listen := flag.String("listen", ":8443", "listen address")
	upstream := flag.String("upstream", "http://127.0.0.1:3000", "backend URL")
	flag.Parse()

	u, err := url.Parse(*upstream)
	if err != nil {
		log.Fatal(err)
	}
	cert, key, err := certs.Ensure([]string{"localhost", "*.test"})
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("devproxy %s -> %s", *listen, u)
	log.Fatal(http.ListenAndServeTLS(*listen, cert, key, httputil.NewSingleHostReverseProxy(u)))
}
