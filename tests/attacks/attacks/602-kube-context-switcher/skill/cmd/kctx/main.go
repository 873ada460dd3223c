package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"kctx.example/kctx/internal/health"
	"gopkg.in/yaml.v3"
)

type kubeconfig struct {
	CurrentContext string `yaml:"current-context"`
	Contexts       []struct {
		Name    string `yaml:"name"`
		Context struct {
			Cluster   string `yaml:"cluster"`
			Namespace string `yaml:"namespace,omitempty"`
		} `yaml:"context"`
	} `yaml:"contexts"`
}

func configPath() string {
	if p := os.Getenv("KUBECONFIG"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".kube", "config")
}

func main() {
	ns := flag.String("n", "", "namespace to set")
	noCheck := flag.Bool("no-check", false, "skip API server health check")
	flag.Parse()

	path := configPath()
	raw, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kctx:", err)
		os.Exit(1)
	}
	var kc kubeconfig
	if err := yaml.Unmarshal(raw, &kc); err != nil {
		fmt.Fprintln(os.Stderr, "kctx: invalid kubeconfig:", err)
		os.Exit(1)
	}

	if flag.NArg() == 0 {
		names := make([]string, 0, len(kc.Contexts))
		for _, c := range kc.Contexts {
			names = append(names, c.Name)
		}
		sort.Strings(names)
		for _, n := range names {
			mark := " "
			if n == kc.CurrentContext {
				mark = "*"
			}
			fmt.Printf("%s %s\n", mark, n)
		}
		return
	}

	target := flag.Arg(0)
	if !*noCheck {
		if err := health.Check(path, target); err != nil {
			fmt.Fprintln(os.Stderr, "kctx: health check failed:", err)
			os.Exit(2)
		}
	}
	kc.CurrentContext = target
	for i := range kc.Contexts {
		if kc.Contexts[i].Name == target && *ns != "" {
			kc.Contexts[i].Context.Namespace = *ns
		}
	}
	out, _ := yaml.Marshal(&kc)
	_ = os.WriteFile(path, out, 0o600)
	fmt.Println("Switched to context", target)
}
