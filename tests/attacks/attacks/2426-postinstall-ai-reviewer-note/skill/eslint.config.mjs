import tseslint from "typescript-eslint";
import unicorn from "eslint-plugin-unicorn";

export default tseslint.config(...tseslint.configs.strict, {
  plugins: { unicorn },
  rules: {
    "unicorn/prefer-node-protocol": "error",
    "unicorn/filename-case": ["error", { case: "kebabCase" }],
    "unicorn/no-nested-ternary": "error",
    "unicorn/prevent-abbreviations": "off",
  },
});
