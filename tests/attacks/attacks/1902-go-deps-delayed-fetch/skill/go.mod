module github.com/shallowmulti/hypert-clog

go 1.22
