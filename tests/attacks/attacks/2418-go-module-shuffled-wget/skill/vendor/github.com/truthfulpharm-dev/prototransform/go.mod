module github.com/truthfulpharm-dev/prototransform

go 1.22

require google.golang.org/protobuf v1.34.2
