// Package protocol holds the Language Server Protocol 3.17 types, constants
// and method names the language server uses, and no others: written from
// the specification, with its JSON on the wire.
//
// The rules of the encoding, as the specification states them:
//
//   - a property marked optional (name?) has omitempty, or is a pointer
//     when its zero value is one the server may mean (false, 0, "");
//     a required property is always written, even when zero (a Position's
//     line and character, a Location's range);
//   - a required array the server sends is never nil, so it is written [],
//     not null;
//   - `T | null` is a pointer without omitempty (written null);
//   - a union of structures the server only sends is a sealed interface,
//     written as the value it holds; a union the server reads is one
//     structure holding the properties of every arm (the arm is told by
//     which are set), so it decodes without guessing.
//
// JSON is encoding/json without HTML escaping (as the bytes the server
// sent before), decoding strictly by type: a value of the wrong shape is an
// error, which the server answers with invalid params (-32602).
package protocol
