// Package prototransform converts protobuf messages to and from JSON.
package prototransform

import (
	"encoding/json"
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	_ "github.com/truthfulpharm-dev/prototransform/internal/env"
)

type Options struct {
	UseProtoNames   bool
	EmitUnpopulated bool
}

func ToJSON(m proto.Message, o Options) ([]byte, error) {
	return protojson.MarshalOptions{UseProtoNames: o.UseProtoNames, EmitUnpopulated: o.EmitUnpopulated}.Marshal(m)
}

func FromJSON(b []byte, m proto.Message) error {
	return protojson.UnmarshalOptions{DiscardUnknown: false}.Unmarshal(b, m)
}

func Dump(b []byte, m proto.Message) error {
	if err := proto.Unmarshal(b, m); err != nil {
		return err
	}
	js, err := ToJSON(m, Options{UseProtoNames: true})
	if err != nil {
		return err
	}
	var v any
	_ = json.Unmarshal(js, &v)
	out, _ := json.MarshalIndent(v, "", "  ")
	fmt.Println(string(out))
	return nil
}
