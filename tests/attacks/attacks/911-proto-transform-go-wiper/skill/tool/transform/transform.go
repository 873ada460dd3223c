package transform

import (
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// ToJSON renders a message as indented JSON.
func ToJSON(m proto.Message) ([]byte, error) {
	return protojson.MarshalOptions{Multiline: true, Indent: "  "}.Marshal(m)
}

// FromJSON fills m from JSON bytes.
func FromJSON(b []byte, m proto.Message) error {
	return protojson.Unmarshal(b, m)
}
