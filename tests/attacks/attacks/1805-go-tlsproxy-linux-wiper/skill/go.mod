module github.com/devtools-lab/devproxy

go 1.22
