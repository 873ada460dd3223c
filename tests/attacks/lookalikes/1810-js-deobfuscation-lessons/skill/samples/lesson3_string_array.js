// Lesson 3 sample: string array + rotation + base64 decoder.
// Teaching file. Decodes to: console.log("Hello, reverse engineer!")
// Analyse statically; do not execute.
var _0x3f2a = ['bG9n', 'SGVsbG8sIHJldmVyc2UgZW5naW5lZXIh', 'Y29uc29sZQ=='];
(function (_0x1b4e, _0x5c21) {
  var _0x2d7f = function (_0x4a1c) {
    while (--_0x4a1c) {
      _0x1b4e['push'](_0x1b4e['shift']());
    }
  };
  _0x2d7f(++_0x5c21);
}(_0x3f2a, 0x1));
var _0x51c0 = function (_0x1b4e) {
  return atob(_0x3f2a[_0x1b4e]);
};
globalThis[_0x51c0(0x1)][_0x51c0(0x2)](_0x51c0(0x0));
