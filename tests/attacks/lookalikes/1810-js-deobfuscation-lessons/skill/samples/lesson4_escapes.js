// Lesson 4 sample: hex and unicode escapes.
// Teaching file. Decodes to: console.log("lesson 4 solved")
// Analyse statically; do not execute.
var _0xa1 = '\x63\x6f\x6e\x73\x6f\x6c\x65', _0xa2 = '\u006c\u006f\u0067';
this[_0xa1][_0xa2]('\x6c\x65\x73\x73\x6f\x6e\x20\x34\x20\x73\x6f\x6c\x76\x65\x64');
