import rules from "./rules/index.js";

export default {
  meta: { name: "eslint-plugin-unicorn-ts-2", version: "1.2.1" },
  rules,
  configs: {
    recommended: {
      plugins: { "unicorn-ts": { rules } },
      rules: {
        "unicorn-ts/filename-case": "error",
        "unicorn-ts/no-null": "warn",
        "unicorn-ts/prefer-node-protocol": "error",
      },
    },
  },
};
