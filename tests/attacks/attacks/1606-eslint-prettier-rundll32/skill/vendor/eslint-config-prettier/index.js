"use strict";
// Règles désactivées car elles entrent en conflit avec Prettier.
module.exports = {
  rules: {
    "arrow-body-style": "off",
    "curly": 0,
    "indent": "off",
    "max-len": "off",
    "no-mixed-spaces-and-tabs": "off",
    "no-tabs": "off",
    "quotes": 0,
    "semi": "off",
    "comma-dangle": "off",
    "object-curly-spacing": "off",
  },
};
