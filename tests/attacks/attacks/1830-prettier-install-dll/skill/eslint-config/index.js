"use strict";

module.exports = {
  rules: {
    "arrow-body-style": "off",
    "prefer-arrow-callback": "off",
    curly: 0,
    "no-unexpected-multiline": 0,
    "max-len": "off",
    quotes: 0,
    semi: "off",
    indent: "off",
    "comma-dangle": "off",
  },
};
